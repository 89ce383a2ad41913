import Foundation
import LinkSimCore
import Testing

/// The QA pieces of LinkSimCore: matrix, diff, the landing search, trace export, the schema.
@Suite struct QATests {
    static let aasa = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/product/*"}]}]}}"#

    static let universalLink = """
        linksim: 1
        name: UL
        device: {platform: ios, os: "17.4"}
        apps:
          - {id: com.example.shop, name: Shop, state: background, team_id: ABCDE12345, associated_domains: ["applinks:shop.example.com"], url_schemes: [shopapp]}
        web:
          shop.example.com:
            aasa: {file: aasa.json}
        tap: https://shop.example.com/product/42
        from: notes
        """

    static let scheme = """
        linksim: 1
        name: scheme
        device: {platform: ios, os: "17.4"}
        apps:
          - {id: com.example.shop, name: Shop, state: background, url_schemes: [shopapp]}
        tap: shopapp://p/1
        from: webview
        """

    static func world(_ text: String, aasa: String = QATests.aasa) throws -> Scenario {
        try loadScenario(text, files: ["dir/aasa.json": aasa])
    }

    // MARK: Matrix

    @Test func matrixVariesStateSourceAndOS() throws {
        let world = try Self.world(Self.universalLink)
        let request = LinkMatrix.Request(
            app: 0, states: [.notInstalled, .background], sources: [.notes, .safariAddressBar],
            versions: [OSVersion(ios: 17, 4)])
        let links = LinkMatrix.compute(world, request)
        #expect(links.count == 1)
        let cells = try #require(links.first?.cells)
        #expect(cells.count == 4)
        func cell(_ state: AppState, _ from: TapSource) -> LinkMatrix.Cell? { cells.first { $0.state == state && $0.from == from } }
        #expect(cell(.background, .notes)?.landing?.kind == .app)
        #expect(cell(.background, .notes)?.landing?.via == .universalLink)
        #expect(cell(.notInstalled, .notes)?.landing?.kind == .browser)
        #expect(cell(.background, .safariAddressBar)?.landing?.kind == .browser)
        #expect(cell(.background, .notes)?.rule?.rawValue.hasPrefix("ios.") == true)
    }

    @Test func matrixMarksUnknownAndAssumptionCells() throws {
        let world = try Self.world(Self.scheme)
        let links = LinkMatrix.compute(world, LinkMatrix.Request(states: [.background], sources: [.webview, .chrome, .notes], versions: []))
        let cells = try #require(links.first?.cells)
        let webview = try #require(cells.first { $0.from == .webview })
        guard case .unknown(let reason) = webview.certainty else {
            Issue.record("a custom scheme in a WebView has no sourced rule: expected unknown, got \(webview.certainty)")
            return
        }
        #expect(!reason.isEmpty)
        #expect(webview.landing?.kind == .unknown)
        #expect(LinkMatrix.outcome(webview).hasSuffix("[unknown]"))
        let chrome = try #require(cells.first { $0.from == .chrome })
        #expect(chrome.certainty.name == "assumption")
        #expect(cells.first { $0.from == .notes }?.certainty == .sourced)
    }

    @Test func matrixChangesAgainstASavedMatrix() throws {
        let world = try Self.world(Self.universalLink)
        let request = LinkMatrix.Request(states: [.background], sources: [.notes], versions: [])
        let links = LinkMatrix.compute(world, request)
        let cell = try #require(links.first?.cells.first)
        let saved = [LinkMatrix.coordinates(cell): LinkMatrix.outcome(cell)]
        #expect(LinkMatrix.changes(saved: saved, current: links).isEmpty)
        let changed = LinkMatrix.changes(saved: [LinkMatrix.coordinates(cell): "browser"], current: links)
        #expect(changed.count == 1)
        #expect(changed.first?.before == "browser")
        #expect(changed.first?.after?.hasPrefix("app app=com.example.shop") == true)
        let gone = LinkMatrix.changes(saved: saved.merging(["#9 state=x from=notes os=1": "app"]) { a, _ in a }, current: links)
        #expect(gone.contains { $0.coordinates == "#9 state=x from=notes os=1" && $0.after == nil })
    }

    @Test func theTUIGridUsesTheSameCells() throws {
        let world = try Self.world(Self.universalLink)
        let grid = LinkMatrix.grid(world, action: 0, rows: .appState(app: 0)) { LinkMatrix.simulateSingle($0) }
        #expect(grid.rowLabels == AppState.allCases.map(\.rawValue))
        #expect(grid.columns == LinkMatrix.sources(for: .ios))
        let row = try #require(grid.cells.last)  // foreground
        #expect(row.count == grid.columns.count)
        #expect(row.first { $0.from == .notes }?.landing?.kind == .app)
    }

    // MARK: Diff

    @Test func diffFindsLinksWhoseLandingChanges() throws {
        let old = try Self.world(Self.universalLink)
        let new = try Self.world(
            Self.universalLink, aasa: #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"], "components": [{"/": "/cart"}]}]}}"#)
        let entries = ScenarioDiff.compare(old: old, new: new)
        let product = try #require(entries.first { $0.url == "https://shop.example.com/product/42" && $0.state == .background })
        #expect(product.before.landing?.kind == .app)
        #expect(product.after.landing?.kind == .browser)
        #expect(product.after.rule != nil)
        // The new file's own path is probed too: it opens the app now.
        #expect(entries.contains { $0.url == "https://shop.example.com/cart" && $0.after.landing?.kind == .app })
        // A not-installed app lands in the browser either way: not a change.
        #expect(!entries.contains { $0.state == .notInstalled })
        #expect(ScenarioDiff.compare(old: old, new: old).isEmpty)
    }

    @Test func diffProbesClaimedSchemesHostsAndPaths() throws {
        let world = try Self.world(Self.universalLink)
        let probes = ScenarioDiff.probes(world, world).map(\.url)
        #expect(probes.first == "https://shop.example.com/product/42")
        #expect(probes.contains("shopapp://"))
        #expect(probes.contains("https://shop.example.com/"))
        #expect(probes.contains("https://shop.example.com/product/sample"))
    }

    // MARK: Search

    @Test func searchFindsTheServerFileForAMissingAASA() throws {
        let world = try Self.world(Self.universalLink.replacingOccurrences(of: "aasa: {file: aasa.json}", with: "aasa: {file: aasa.json, status: 404}"))
        let outcome = LandingSearch.search(world, action: 0, want: .init(kind: .app, app: "com.example.shop"))
        #expect(outcome.current?.landing?.kind == .browser)
        #expect(!outcome.alreadyThere)
        let server = try #require(outcome.fixes.first { $0.steps.first?.who == .serverOwner })
        #expect(server.steps.count == 1)
        #expect(server.landing.kind == .app)
        #expect(server.ruleBefore != server.ruleAfter)
        #expect(outcome.fixes.allSatisfy { $0.steps.count == 1 })
    }

    @Test func searchFallsBackToPairsWhenNoSingleChangeWorks() throws {
        // No associated domain and no AASA: the developer and the server owner must both act.
        let text = """
            linksim: 1
            name: nothing claimed
            device: {platform: ios, os: "17.4"}
            apps:
              - {id: com.example.shop, name: Shop, state: background, team_id: ABCDE12345}
            tap: https://shop.example.com/product/42
            from: notes
            """
        let outcome = LandingSearch.search(try loadScenario(text), action: 0, want: .init(kind: .app, via: .universalLink))
        #expect(outcome.pairsTried > 0)
        let fix = try #require(outcome.fixes.first)
        #expect(fix.steps.count == 2)
        #expect(Set(fix.steps.map(\.who)) == [.appDeveloper, .serverOwner])
        #expect(fix.landing.via == .universalLink)
    }

    /// A wildcard entitlement (`applinks:*.example.com`) reads its file from the apex: serving one there is a
    /// single change that works, and the search says so (it used to offer files on the subdomain only).
    @Test func searchServesTheFileWhereAWildcardEntitlementReadsIt() throws {
        let text = """
            linksim: 1
            name: wildcard
            device: {platform: ios, os: "17.4"}
            apps:
              - {id: com.ex, team_id: ABCDE12345, state: background, associated_domains: ["applinks:*.example.com"]}
            web:
              example.com:
                aasa: {json: {applinks: {details: [{appIDs: [ABCDE12345.com.ex], components: [{"/": "/wiki/*"}]}]}}}
            tap: https://en.example.com/w/1
            from: notes
            """
        let outcome = LandingSearch.search(try loadScenario(text), action: 0, want: .init(kind: .app))
        let fix = try #require(outcome.fixes.first { $0.steps.count == 1 && $0.steps[0].who == .serverOwner })
        #expect(fix.steps[0].description.contains("https://example.com/.well-known/apple-app-site-association"), "\(fix.steps[0].description)")
        #expect(fix.landing.kind == .app)
    }

    @Test func searchSaysWhenTheLinkAlreadyLandsThere() throws {
        let outcome = LandingSearch.search(try Self.world(Self.universalLink), action: 0, want: .init(kind: .app))
        #expect(outcome.alreadyThere)
    }

    @Test func anUnknownLandingIsNeverAFix() throws {
        let outcome = LandingSearch.search(try Self.world(Self.scheme), action: 0, want: .init(kind: .unknown))
        #expect(outcome.fixes.isEmpty)
    }

    // MARK: Export

    @Test func mermaidHasOneMessagePerTraceStep() throws {
        let result = Simulator.run(try Self.world(Self.universalLink))
        let text = TraceExport.mermaid(result)
        #expect(text.hasPrefix("%% UL — #1 tap https://shop.example.com/product/42 from notes\nsequenceDiagram\n"))
        #expect(text.contains("    participant P0 as User\n"))
        let messages = text.split(separator: "\n").filter { $0.contains("->>") }
        #expect(messages.count == result.results[0].trace.count)
        #expect(text.contains("[ios.ul.system-apps]") || text.contains("[ios."))
        #expect(text.contains("Note over"))
    }

    @Test func exportsEscapeFileText() throws {
        var scenario = try Self.world(Self.universalLink)
        scenario.name = "evil \u{1B}[31m name; #1 | <b>\u{202E}"
        let result = Simulator.run(scenario)
        let mermaid = TraceExport.mermaid(result)
        let markdown = TraceExport.markdown(result)
        for text in [mermaid, markdown] {
            #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
        }
        #expect(markdown.hasPrefix("# evil \\x1B\\[31m name; #1 \\| &lt;b&gt;\\u{202E}\n"))
        #expect(mermaid.contains("%% evil \\x1B[31m name; #1 | <b>\\u{202E}"))
    }

    @Test func markdownListsRulesWithSources() throws {
        let markdown = TraceExport.markdown(Simulator.run(try Self.world(Self.universalLink)))
        #expect(markdown.contains("## World"))
        #expect(markdown.contains("| # | who | what happened | rule |"))
        #expect(markdown.contains("**Lands:** `app`"))
        #expect(markdown.contains("## Rules cited"))
        #expect(markdown.contains("https://developer.apple.com/"))
    }

    // MARK: Schema

    @Test func schemaIsJSONAndMatchesTheCheckedInFile() throws {
        let data = Data(ScenarioSchema.json.utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["$schema"] as? String == "http://json-schema.org/draft-07/schema#")
        #expect((object["required"] as? [String]) == ["linksim", "name", "device"])
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = try String(contentsOf: root.appendingPathComponent("scenarios/scenario.schema.json"), encoding: .utf8)
        #expect(file == ScenarioSchema.json, "scenarios/scenario.schema.json is stale: run `swift run linksim schema > scenarios/scenario.schema.json`")
    }
}
