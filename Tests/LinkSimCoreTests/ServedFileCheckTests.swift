import Testing

@testable import LinkSimCore

/// `validate` checks the AASA and assetlinks.json files a scenario serves from `file:`, as `aasa validate`
/// and `assetlinks validate` would, and says so as warnings: a broken file may be served on purpose.
@Suite struct ServedFileCheckTests {
    static let goodAASA = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/*"}]}]}}"#
    static let goodAssetLinks = """
        [{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app",
          "package_name": "com.example.shop", "sha256_cert_fingerprints": ["\((0..<32).map { _ in "AB" }.joined(separator: ":"))"]}}]
        """

    static func scenario(web: String, actions: String = "tap: https://shop.example.com/p\nfrom: notes") -> String {
        """
        linksim: 1
        name: served files
        device: {platform: ios, os: "17.4"}
        web:
        \(web)
        \(actions)
        """
    }

    @Test func aBrokenServedFileIsAWarningAtItsLineAndColumn() throws {
        let text = Self.scenario(web: "  shop.example.com: {aasa: {file: aasa.json}}")
        let findings = ServedFileCheck.findings(in: try loadScenario(text, files: ["dir/aasa.json": #"{"applinks": {"details": "oops"}}"#]))
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.file == "dir/aasa.json" && finding.finding.line == 1 && finding.finding.column == 26)
        #expect(finding.description.hasPrefix("dir/aasa.json:1:26: warning: \"details\" must be an array"))
        #expect(finding.description.hasSuffix("(served as web.shop.example.com.aasa; iOS treats the association as missing; `linksim run` shows it)"))
    }

    @Test func goodFilesInlineJSONAndUnreadBodiesSayNothing() throws {
        let text = Self.scenario(
            web: """
                  shop.example.com: {aasa: {file: aasa.json}, assetlinks: {file: al.json}}
                  inline.example.com: {aasa: {json: "{not json"}}
                  gone.example.com: {aasa: {file: broken.json, status: 404}}
                  moved.example.com: {aasa: {file: broken.json, redirect: "https://shop.example.com/x"}}
                """)
        let files = ["dir/aasa.json": Self.goodAASA, "dir/al.json": Self.goodAssetLinks, "dir/broken.json": "{"]
        #expect(ServedFileCheck.findings(in: try loadScenario(text, files: files)).isEmpty)
    }

    @Test func aFileIsCheckedOncePerKindAndServeActionsCount() throws {
        let text = Self.scenario(
            web: """
                  a.example.com: {aasa: {file: bad.json}, assetlinks: {file: bad.json}}
                  b.example.com: {aasa: {file: ./bad.json}}
                  c.example.com: {aasa: {file: "x/../bad.json"}}
                """,
            actions: """
                actions:
                  - serve: {c.example.com: {assetlinks: {file: bad-al.json}}}
                  - tap: https://a.example.com/p
                    from: notes
                """)
        let files = ["dir/bad.json": "", "dir/./bad.json": "", "dir/x/../bad.json": "", "dir/bad-al.json": "{}"]
        let findings = ServedFileCheck.findings(in: try loadScenario(text, files: files))
        #expect(findings.map(\.servedAs) == ["web.a.example.com.aasa", "web.a.example.com.assetlinks", "action #1 (serve) c.example.com.assetlinks"])
        #expect(findings.map(\.isAASA) == [true, false, false])
        #expect(findings[2].description.contains("the Android verifier fails the host"))
    }
}
