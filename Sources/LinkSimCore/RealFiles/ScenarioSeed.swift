/// `linksim init`: a starting scenario from a team's real files. The apps and the web section come
/// from the files; one tap per claimed path pattern, scheme and host is added, and each tap's
/// `expect` is today's landing, so the file is a regression suite for the team's own links.
package enum ScenarioSeed {
    /// At most this many taps (a file with hundreds of patterns still gives a readable suite).
    package static let maxTaps = 60

    /// Sample URLs an app claims: for Android its VIEW + BROWSABLE filters, for iOS its applinks
    /// domains (with the AASA file's patterns for the app) and its URL schemes.
    package static func sampleURLs(for app: App, platform: Platform, web: Web) -> [String] {
        var urls: [String] = []
        func add(_ url: String) { if !urls.contains(url) { urls.append(url) } }
        switch platform {
        case .android:
            for activity in app.activities where activity.exported != false {
                for filter in activity.intentFilters
                where filter.actions.contains(IntentFilter.actionView)
                    && filter.categories.contains(IntentFilter.categoryBrowsable)
                {
                    let schemes = Set(filter.data.compactMap { $0.scheme?.lowercased() }).sorted()
                    let hosts = Set(filter.data.compactMap(\.host)).sorted()
                    var paths: [String] = []
                    for data in filter.data {
                        if let path = data.path { paths.append(path) }
                        if let prefix = data.pathPrefix { paths.append(prefix + (prefix.hasSuffix("/") ? "example" : "/example")) }
                        if let pattern = data.pathPattern { paths.append(sample(glob: pattern)) }
                        if let pattern = data.pathAdvancedPattern { paths.append(sample(glob: pattern)) }
                        if let suffix = data.pathSuffix { paths.append("/example" + suffix) }
                    }
                    if paths.isEmpty { paths = ["/"] }
                    for scheme in schemes.prefix(4) {
                        let hostList = hosts.isEmpty ? [scheme == "http" || scheme == "https" ? "example.com" : "open"] : hosts
                        for host in hostList.prefix(6) {
                            let shownHost = host.hasPrefix("*.") ? "www" + host.dropFirst(1) : host
                            for path in paths.prefix(8) {
                                add("\(scheme)://\(shownHost)\(path.hasPrefix("/") ? path : "/" + path)")
                            }
                        }
                    }
                }
            }
        case .ios:
            let appID = app.teamID.map { "\($0).\(app.id)" } ?? app.id
            for raw in app.associatedDomains {
                guard let entry = AppLinksEntry(raw), entry.invalidReason == nil else { continue }
                let host = entry.isWildcard ? "www.\(entry.domain)" : entry.domain
                var paths: [String] = []
                if let body = web[entry.fileHost]?.aasa?.body, let document = try? AASADocument(bytes: body) {
                    for detail in document.details where detail.appIDs.contains(appID) || detail.ignoredAppID == appID {
                        for component in detail.components ?? [] {
                            var path = sample(glob: component.path ?? "/*")
                            if case .items(let items)? = component.query, !items.isEmpty {
                                path +=
                                    "?" + items.map { "\($0.name)=\(sample(glob: $0.pattern).replacingOccurrences(of: "/", with: ""))" }.joined(separator: "&")
                            }
                            paths.append(path)
                        }
                        if detail.components == nil {
                            for pattern in detail.paths ?? [] {
                                paths.append(sample(glob: pattern.hasPrefix("NOT ") ? String(pattern.dropFirst(4)) : pattern))
                            }
                        }
                    }
                }
                if paths.isEmpty { paths = ["/"] }
                for path in paths { add("https://\(host)\(path.hasPrefix("/") ? path : "/" + path)") }
            }
            for scheme in app.urlSchemes { add("\(scheme)://open") }
        }
        return urls
    }

    /// A concrete text a glob-like pattern matches: `*` and `.*` become `example`, `?` and `.` become
    /// `x`, escapes are dropped, and a `$(variable)` becomes `example`.
    static func sample(glob pattern: String) -> String {
        var out = ""
        var chars = Array(pattern)[...]
        while let c = chars.popFirst() {
            switch c {
            case "\\": if let next = chars.popFirst() { out.append(next) }
            case "*": if !out.hasSuffix("example") { out += "example" }
            case "?": out += "x"
            case ".":
                if chars.first == "*" || chars.first == "+" {
                    chars = chars.dropFirst()
                    out += "example"
                } else {
                    out += "x"
                }
            case "$" where chars.first == "(":
                while let skip = chars.popFirst(), skip != ")" {}
                out += "example"
            case "[":
                while let skip = chars.popFirst(), skip != "]" {}
                if chars.first == "+" || chars.first == "*" { chars = chars.dropFirst() }
                out += "1"
            default: out.append(c)
            }
        }
        return out.isEmpty ? "/" : out
    }

    /// The `expect` that holds today for a landing (what QA would check).
    package static func expectation(for landing: Landing) -> Expectation {
        var expect = Expectation(lands: landing.kind)
        switch landing.kind {
        case .app:
            expect.app = landing.app
            expect.via = landing.via
        case .store, .prompt, .crash:
            expect.app = landing.app
        case .browser:
            expect.browser = landing.browser?.rawValue
            expect.url = landing.url
        case .chooser:
            expect.options = landing.optionNames
        case .error, .nowhere, .unknown:
            break
        }
        return expect
    }

    /// The scenario with its taps and their expectations, and its YAML.
    package static func build(name: String, device: Device, apps: [App], web: Web) -> (scenario: Scenario, yaml: String) {
        var scenario = Scenario(name: name, device: device)
        scenario.description =
            "Written by `linksim init` from the team's own files: one tap per claimed pattern, scheme and host, each expecting where it lands today. Review the expectations, then keep the file as a regression suite."
        scenario.tags = ["generated", "regression"]
        scenario.apps = apps
        scenario.web = web
        let from: TapSource = device.platform == .ios ? .notes : .mail
        var taps: [String] = []
        for app in apps {
            for url in sampleURLs(for: app, platform: device.platform, web: web) where !taps.contains(url) && taps.count < maxTaps {
                taps.append(url)
            }
        }
        scenario.actions = taps.map { Action(kind: .tap(Tap(url: $0, from: from))) }
        let result = Simulator.run(scenario, detail: .verdicts)  // only the landings are read
        var yaml = ScenarioWriter.yaml(Scenario(copyingAllBut: scenario), expecting: nil)
        if !taps.isEmpty { yaml += "actions:\n" }
        for (index, url) in taps.enumerated() {
            yaml += "  - tap: \(ScenarioWriter.quote(url))\n    from: \(from.rawValue)\n"
            if let landing = result.results.first(where: { $0.index == index })?.landing {
                scenario.actions[index].expect = expectation(for: landing)
                yaml += "    expect: \(ScenarioWriter.expectation(expectationLanding(landing)))\n"
            }
        }
        return (scenario, yaml)
    }

    /// The landing reduced to the facts `expectation(for:)` keeps, for the writer's flow map.
    static func expectationLanding(_ landing: Landing) -> Landing {
        let expect = expectation(for: landing)
        var reduced = Landing(kind: expect.lands)
        reduced.app = expect.app
        reduced.via = expect.via
        reduced.browser = expect.browser.flatMap(Browser.init(rawValue:))
        reduced.url = expect.url
        reduced.options = expect.options?.map(Answer.init)
        return reduced
    }
}

extension Scenario {
    /// The same scenario without actions (the seed writes its own actions section).
    init(copyingAllBut scenario: Scenario) {
        self = scenario
        actions = []
    }
}
