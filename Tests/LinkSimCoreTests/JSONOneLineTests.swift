import Testing

@testable import LinkSimCore

/// The scenario writer inlines a served JSON file on one line: the same JSON value, keys in the
/// file's order, and a scenario that reads back to the same body.
@Suite struct JSONOneLineTests {
    static let tricky = #"""
        {"zeta": 1.50, "alpha": [1e2, -0, true, false, null, {}, []],
         "text": "quote \" backslash \\ slash / tab \t nl \n del \u007f nel \u0085 ls \u2028 bom \ufeff é 🙂 \u0001",
         "dup": "first", "dup": "second", "applinks": {"details": []}}
        """#

    @Test func keepsKeyOrderNumbersAndTheLastDuplicate() throws {
        let text = try JSONNode.parse(Array(Self.tricky.utf8)).oneLineText
        #expect(
            text.hasPrefix(
                #"{"zeta":1.50,"alpha":[1e2,-0,true,false,null,{},[]],"text":"quote \" backslash \\ slash / tab \t nl \n del \u007f nel \u0085 ls \u2028 bom \ufeff é 🙂 \u0001","#
            ))
        #expect(text.hasSuffix(#""dup":"second","applinks":{"details":[]}}"#))
        #expect(!text.contains("first"))
        // Written text is JSON that parses to the same text again.
        #expect(try JSONNode.parse(Array(text.utf8)).oneLineText == text)
    }

    @Test func aServedFileSurvivesTheWriterAndTheLoader() throws {
        let scenario = try loadScenario(
            """
            linksim: 1
            name: t
            device: {platform: ios, os: "17.4"}
            apps: [{id: com.example.shop, name: Shop, team_id: ABCDE12345, associated_domains: ["applinks:shop.example.com"]}]
            web:
              shop.example.com:
                aasa: {file: aasa.json}
            tap: https://shop.example.com/p/1
            from: notes
            """, files: ["dir/aasa.json": Self.tricky])
        let written = ScenarioWriter.yaml(scenario, expecting: nil)
        #expect(written.contains(#"aasa: {json: {"zeta":1.50,"#))
        let reread = try loadScenario(written)
        let before = try #require(scenario.web["shop.example.com"]?.aasa?.body)
        let after = try #require(reread.web["shop.example.com"]?.aasa?.body)
        #expect(try JSONNode.parse(after).oneLineText == JSONNode.parse(before).oneLineText)
    }
}
