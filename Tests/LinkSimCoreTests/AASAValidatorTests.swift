import Testing

@testable import LinkSimCore

private func findings(_ json: String) -> [AASAFinding] {
    AASAValidator.validate(Array(json.utf8))
}

@Suite struct AASAValidatorTests {
    @Test func cleanFileHasNoFindings() {
        let json = #"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [
              {"#": "no_universal_links", "exclude": true, "comment": "opt out"},
              {"/": "/buy/*"},
              {"/": "/help/*", "?": {"articleNumber": "????"}}
            ]}]},
             "webcredentials": {"apps": ["ABCDE12345.com.example.app"]}}
            """#
        #expect(findings(json) == [])
    }

    @Test func invalidJSONHasAPosition() {
        let json = "{\n  \"applinks\": {\n    \"details\": [,]\n  }\n}"
        let result = findings(json)
        #expect(result.count == 1)
        #expect(result.first?.severity == .error)
        #expect(result.first?.line == 3)
        #expect(result.first?.column == 17)
        #expect(result.first?.message.contains("invalid JSON") == true)
    }

    @Test func parseErrorsCarryPositions() {
        #expect(throws: AASAParseError.self) { try AASADocument(json: "{\"applinks\": {\"details\": [}") }
        do {
            _ = try AASADocument(json: "{\"a\": tru}")
            Issue.record("expected a parse error")
        } catch {
            #expect(error.position == AASATextPosition(line: 1, column: 7, offset: 6))
        }
        do {
            _ = try AASADocument(json: "[1, 2]")
            Issue.record("expected a structure error")
        } catch {
            #expect(error.message.contains("JSON object"))
        }
    }

    @Test func parserHandlesEscapesAndUnicode() throws {
        let json = #"{"applinks":{"details":[{"appIDs":["T.a"],"components":[{"/":"\/caf\u00e9\/\ud83d\ude00"}]}]}}"#
        let document = try AASADocument(json: json)
        #expect(document.details.first?.components?.first?.path == "/café/😀")
    }

    @Test func oversizedFileIsAnError() {
        let padding = String(repeating: " ", count: AASADocument.sizeLimit)
        let result = findings("{\"applinks\": {\"details\": []}}" + padding)
        #expect(result.contains { $0.severity == .error && $0.message.contains("128 KB") })
    }

    @Test func unknownKeysAreWarningsWithSuggestions() {
        let json = #"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [
              {"/": "/a/*", "casesensitive": true}
            ]}]}}
            """#
        let result = findings(json)
        #expect(result.count == 1)
        #expect(result.first?.severity == .warning)
        #expect(result.first?.message.contains("did you mean \"caseSensitive\"") == true)
        #expect(result.first?.line == 2)
        // Two letters swapped is one typo: "pahts" suggests "paths", as a scenario key would.
        let swapped = findings(#"{"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app", "pahts": ["/a/*"]}]}}"#)
        #expect(swapped.contains { $0.message.contains("unknown key \"pahts\"") && $0.message.contains("did you mean \"paths\"") }, "\(swapped)")
    }

    @Test func mixedFormatsAreReported() {
        let json = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"paths":["*"],"components":[{"/":"/x"}]}]}}"#
        #expect(findings(json).contains { $0.message.contains("mixes \"components\" and \"paths\"") })
    }

    @Test func unreachableRulesAfterACatchAll() {
        let json = #"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [
              {"/": "/a/*"},
              {"/": "*", "comment": "everything"},
              {"/": "/a/private/*", "exclude": true},
              {"/": "/b"}
            ]}, {"appID": "ABCDE12345.com.example.app", "paths": ["/x", "*", "NOT /y"]}]}}
            """#
        let result = findings(json)
        let unreachable = result.filter { $0.message.contains("can never be reached") }
        // components[2], components[3], the whole of details[1] (on iOS 13+), and paths[2].
        #expect(unreachable.count == 4)
        #expect(unreachable.first?.message.contains("components[2]") == true)
        #expect(unreachable.first?.message.contains("exclude never applies") == true)
        #expect(unreachable.last?.message.contains("paths[2]") == true)
    }

    @Test func laterDetailsForTheSameAppAreUnreachable() {
        let json = #"""
            {"applinks": {"details": [
              {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/shop/*"}, {"/": "*"}]},
              {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/blog/*"}]},
              {"appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.other.app"], "components": [{"/": "/x"}]}
            ]}}
            """#
        let unreachable = findings(json).filter { $0.message.contains("can never be reached") }
        #expect(unreachable.count == 1)
        #expect(unreachable.first?.message.hasPrefix("details[1] can never be reached: details[0]") == true)
    }

    @Test func catchAllConsidersDefaults() {
        let json = #"""
            {"applinks": {"defaults": {"/": "/only/*"}, "details": [{"appIDs": ["ABCDE12345.com.example.app"],
              "components": [{"#": "*"}, {"/": "/b"}]}]}}
            """#
        #expect(!findings(json).contains { $0.message.contains("can never be reached") })
    }

    @Test func appIDFormatAndPrecedence() {
        let json = #"""
            {"applinks": {"details": [
              {"appID": "ABCDE12345.com.example.app", "appIDs": ["HOGE.com.example.app"], "components": [{"/": "/x"}]},
              {"components": [{"/": "/y"}]}
            ]}}
            """#
        let result = findings(json)
        #expect(result.contains { $0.message.contains("\"HOGE.com.example.app\" is not of the form TEAMID.bundle.id") })
        #expect(result.contains { $0.message.contains("ignores \"appID\"") })
        #expect(result.contains { $0.message.contains("neither \"appID\" nor \"appIDs\"") })
        #expect(result.allSatisfy { $0.severity == .warning })
    }

    @Test func wrongTypesAreErrors() {
        let json = #"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [
              {"/": "/a", "exclude": "true"},
              {"?": {"a": "1", "flag": true}}
            ]}]}}
            """#
        let result = findings(json)
        #expect(result.filter { $0.severity == .error }.count == 2)
        #expect(result.contains { $0.message.contains("whole \"?\" dictionary") })
    }

    @Test func undefinedVariablesAndMissingApplinks() {
        let variables =
            #"{"applinks":{"substitutionVariables":{"food":["pizza"]},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/$(food)/$(drink)/$(digit)"}]}]}}"#
        let result = findings(variables)
        #expect(result.count == 1)
        #expect(result.first?.message.contains("$(drink)") == true)
        let credentialsOnly = findings(#"{"webcredentials":{"apps":["ABCDE12345.com.example.app"]}}"#)
        #expect(credentialsOnly.count == 1)
        #expect(credentialsOnly.first?.message.contains("no \"applinks\"") == true)
    }

    @Test func pathPatternsWithQueryOrFragment() {
        let json =
            #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/search?q=*"},{"/":"/#/market/*"}]},{"appIDs":["ABCDE12345.com.example.app"],"paths":["/find?id=*"]}]}}"#
        let result = findings(json)
        #expect(result.filter { $0.message.contains("one-character wildcard") }.count == 2)
        #expect(result.filter { $0.message.contains("can never match") }.count == 1)
    }

    @Test func structuralErrors() {
        #expect(findings("[]").first?.severity == .error)
        #expect(findings(#"{"applinks": {"details": "x"}}"#).first?.message.contains("must be an array") == true)
        #expect(findings(#"{"applinks": {"details": [42]}}"#).first?.severity == .error)
    }
}
