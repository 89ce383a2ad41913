import Foundation
import Testing

@testable import LinkSimCore

/// Issue #14, fourth pass: the variables table made once per file, and the trims and splits on bytes give what
/// the code they replace gave.
@Suite struct SpeedFourthPassTests {
    /// The variables table is made once per file, only for the rules whose path, query or fragment mentions `$(`:
    /// a file without one never reads Foundation's region and language lists. Verdicts are those of a table
    /// made for every glob (as `GlobOptions.variables` does without one).
    @Test func variablesTableIsMadeOnlyForRulesThatMentionAVariable() throws {
        let json = ##"""
            {"applinks": {"substitutionVariables": {"food": ["pi*", "tac?"]}, "details": [{"appIDs": ["ABCDE12345.com.example.app"],
             "components": [{"/": "/plain/*"}, {"/": "/p/$(food)/*"}, {"/": "/q/*", "?": {"lang": "$(lang)"}},
                            {"/": "/f/*", "#": "$(region)"}, {"/": "/q2/*", "?": "x=$(food)"}]}]}}
            """##
        let document = try AASADocument(json: json)
        let prepared = AASAMatcher.Prepared(document: document, appID: "ABCDE12345.com.example.app", ios: OSVersion(ios: 17, 0))
        #expect(prepared.rules.map { $0.options.madeVariables != nil } == [false, true, true, true, true])
        // Every rule that has one shares the same table (made once); it is the table made on demand.
        let made = try #require(prepared.rules[1].options.madeVariables)
        let onDemand = try #require(GlobOptions.table(document.substitutionVariables))
        #expect(Set(made.keys) == Set(onDemand.keys))
        for (url, expected) in [
            ("https://example.com/plain/a", AASAMatchResult.match), ("https://example.com/p/pizza/1", .match),
            ("https://example.com/p/sushi/1", .noMatch), ("https://example.com/q/x?lang=en", .match),
            ("https://example.com/q/x?lang=english", .noMatch), ("https://example.com/f/x#GB", .match), ("https://example.com/f/x#gb", .noMatch),
            ("https://example.com/q2/x?x=taco", .match), ("https://example.com/q2/x?x=tacos", .noMatch),
        ] {
            #expect(prepared.match(url: url).result == expected, "\(url)")
            #expect(AASAMatcher.match(url: url, appID: "ABCDE12345.com.example.app", document: document, ios: OSVersion(ios: 17, 0)).result == expected)
        }
        // No `$(` anywhere: no rule has a table, though the file declares variables.
        let plain = try AASADocument(
            json: ##"""
                {"applinks": {"substitutionVariables": {"food": ["pizza"]},
                 "details": [{"appIDs": ["A.b"], "components": [{"/": "/food/*", "?": {"q": "x"}}]}]}}
                """##)
        let plainPrepared = AASAMatcher.Prepared(document: plain, appID: "A.b", ios: OSVersion(ios: 17, 0))
        #expect(plainPrepared.rules.count == 1 && plainPrepared.rules.allSatisfy { $0.options.madeVariables == nil })
        // Before iOS 13.5 variables are plain text: no table at all.
        let old = AASAMatcher.Prepared(document: document, appID: "ABCDE12345.com.example.app", ios: OSVersion(ios: 13, 4))
        #expect(old.rules.allSatisfy { $0.options.madeVariables == nil && $0.options.variables == nil })
    }

    /// `trimmedWhitespace` and `trimmedWhitespaceAndNewlines` give what Foundation's trims give, over
    /// generated text whose ends are ASCII, Unicode spaces (no-break, ideographic, …), line and paragraph
    /// separators, NEL, control characters and combining marks.
    @Test func trimmedIfNeededAgreesWithFoundation() {
        var random = SeededRandom(seed: 14_031)
        let pieces = [
            "a", "7", "s", "-", ":", " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{2028}",
            "\u{2029}", "\u{3000}", "\u{200B}", "\u{FEFF}", "\u{1680}", "é", "\u{301}", "日", "🙂", "\u{0}", "\u{7F}",
        ]
        var trimmed = 0
        for _ in 0..<20_000 {
            let text = random.text(pieces, maxLength: 6)
            #expect(text.trimmedWhitespace == text.trimmingCharacters(in: .whitespaces), "\(text.unicodeScalars.map(\.value))")
            #expect(
                text.trimmedWhitespaceAndNewlines == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "\(text.unicodeScalars.map(\.value))")
            let sub = text.dropFirst()
            #expect(sub.trimmedWhitespace == sub.trimmingCharacters(in: .whitespaces))
            if text.trimmedWhitespace != text { trimmed += 1 }
        }
        #expect(trimmed > 2_000, "the generator should produce text with something to trim")
    }

    /// `PackageManagerCommand.words` splits as `split(whereSeparator:)` on characters does, ASCII or not.
    @Test func packageManagerWordsSplitAsCharactersDo() {
        var random = SeededRandom(seed: 14_032)
        let pieces = ["pm", "verify-app-links", "--re-verify", " ", " ", "\t", "\r\n", "com.example", "é", "\u{301}", "  ", "日"]
        for _ in 0..<10_000 {
            let text = random.text(pieces, maxLength: 8)
            let expected = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            #expect(PackageManagerCommand.words(text) == expected, "\(text.unicodeScalars.map(\.value))")
        }
    }
}
