import Testing

@testable import LinkSimCore

/// On iOS, `from: webview` or `sfsafariviewcontroller` without `page:` is the app loading the URL into the view
/// (rule ios.ul.programmatic-load): the trace's first step says so, instead of "The user taps", which contradicted
/// the step that decides the landing (found by a new developer in the in-app-browsers lesson).
@Suite struct ProgrammaticLoadWordingTests {
    static func text(_ from: String, page: String?) -> String {
        """
        linksim: 1
        name: load or tap
        device: {platform: ios, os: "17.4"}
        apps: [{id: com.example.shop, name: Shop, state: background, team_id: ABCDE12345, associated_domains: ["applinks:shop.example.com"]}]
        web:
          shop.example.com: {aasa: {json: {applinks: {details: [{appIDs: [ABCDE12345.com.example.shop], components: [{"/": "/*"}]}]}}}}
        actions:
          - {tap: "https://shop.example.com/p/1", from: \(from)\(page.map { ", page: \"\($0)\"" } ?? "")}
        """
    }

    @Test(arguments: ["webview", "sfsafariviewcontroller"])
    func aLoadIsNotCalledATap(from: String) throws {
        let load = Simulator.run(try loadScenario(Self.text(from, page: nil))).results[0]
        #expect(load.trace.first?.summary.hasPrefix("The app loads https://shop.example.com/p/1 into ") == true, "\(load.trace.first?.summary ?? "")")
        #expect(load.trace.contains { $0.rule == Rule.iosUlProgrammaticLoad.id })
        let tap = Simulator.run(try loadScenario(Self.text(from, page: "https://news.example.org/a"))).results[0]
        #expect(tap.trace.first?.summary == "The user taps https://shop.example.com/p/1 on https://news.example.org/a")
    }
}
