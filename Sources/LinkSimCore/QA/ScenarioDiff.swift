/// What changes between two worlds: every probe link × app state whose landing differs. The
/// probes are the scenarios' own taps plus what the apps and servers claim: each custom scheme,
/// each claimed host, and each path pattern of the served AASA files and of Android intent
/// filters (wildcards filled with a sample segment). Each probe is simulated on its own (a tap
/// from notes unless the scenario's own tap says otherwise) in both worlds.
package enum ScenarioDiff {
    package struct Side: Sendable, Equatable {
        package var landing: Landing?
        package var rule: RuleID?
        package var certainty: Certainty
        /// `ResultFacts.landingKey` plus the certainty: what is compared.
        package var outcome: String
    }

    package struct Entry: Sendable, Equatable {
        package var url: String
        package var from: TapSource
        /// The app whose state was set, and the state (nil when the world has no app).
        package var app: String?
        package var state: AppState?
        package var before: Side
        package var after: Side
    }

    /// The probes: taps of both worlds (as written), then claimed links tapped from notes, sorted.
    package static func probes(_ old: Scenario, _ new: Scenario) -> [Tap] {
        var taps: [Tap] = []
        var seen = Set<String>()
        func add(_ tap: Tap) {
            let key = "\(tap.url) \(tap.from.rawValue) \(tap.page ?? "")"
            if seen.insert(key).inserted { taps.append(tap) }
        }
        for world in [old, new] {
            for action in world.actions { if let tap = LinkMatrix.tap(of: action) { add(tap) } }
        }
        var claimed = Set<String>()
        for world in [old, new] { claimed.formUnion(claimedLinks(world)) }
        for url in claimed.sorted() { add(Tap(url: url, from: .notes)) }
        return taps
    }

    /// Links an app or a server claims in a world.
    package static func claimedLinks(_ world: Scenario) -> Set<String> {
        var urls = Set<String>()
        for app in world.apps {
            for scheme in app.urlSchemes { urls.insert("\(scheme.lowercased())://") }
            for entry in app.associatedDomains where entry.hasPrefix("applinks:") {
                let host = sampleHost(String(entry.dropFirst("applinks:".count).split(separator: "?").first ?? ""))
                if !host.isEmpty { urls.insert("https://\(host)/") }
            }
            for activity in app.activities {
                for filter in activity.intentFilters {
                    let schemes = filter.data.compactMap(\.scheme).map { $0.lowercased() }
                    let hosts = filter.data.compactMap(\.host).map(sampleHost)
                    let paths = filter.data.flatMap { data -> [String] in
                        var paths: [String] = []
                        if let path = data.path { paths.append(path) }
                        if let prefix = data.pathPrefix { paths.append(prefix + (prefix.hasSuffix("/") ? "sample" : "")) }
                        if let pattern = data.pathPattern ?? data.pathAdvancedPattern { paths.append(samplePath(pattern)) }
                        if let suffix = data.pathSuffix { paths.append("/sample" + suffix) }
                        return paths
                    }
                    for scheme in schemes {
                        if scheme == "http" || scheme == "https" {
                            for host in hosts {
                                urls.insert("\(scheme)://\(host)/")
                                for path in paths { urls.insert("\(scheme)://\(host)\(path.hasPrefix("/") ? path : "/" + path)") }
                            }
                        } else {
                            urls.insert(hosts.first.map { "\(scheme)://\($0)" } ?? "\(scheme)://")
                        }
                    }
                }
            }
        }
        for (name, host) in world.web.hosts {
            for resource in [host.aasa, host.cdnAASA, host.aasaRoot] {
                guard let body = resource?.body, let document = try? AASADocument(bytes: body) else { continue }
                for detail in document.details {
                    for component in detail.components ?? [] {
                        if let path = component.path { urls.insert("https://\(name)\(samplePath(path))") }
                    }
                    for path in detail.paths ?? [] {
                        let plain = path.hasPrefix("NOT ") ? String(path.dropFirst(4)) : path
                        urls.insert("https://\(name)\(samplePath(plain))")
                    }
                }
            }
        }
        return urls
    }

    /// `*.example.com` → `www.example.com`.
    static func sampleHost(_ host: String) -> String {
        let lower = host.lowercased()
        return lower.hasPrefix("*.") ? "www." + lower.dropFirst(2) : lower
    }

    /// A concrete path for a pattern: `*` and `?` become sample characters, `.*` and regex
    /// escapes of Android patterns are filled in the same way.
    static func samplePath(_ pattern: String) -> String {
        var out = ""
        var previous: Character? = nil
        for character in pattern {
            switch character {
            case "*": if previous != "." { out += "sample" }
            case "?": out += "x"
            case ".": out += "."
            case "\\": break
            default: out.append(character)
            }
            if character == "*", previous == "." {
                out.removeLast()
                out += "sample"
            }
            previous = character
        }
        if out.isEmpty || !out.hasPrefix("/") { out = "/" + out }
        return out
    }

    static func side(_ result: ActionResult?) -> Side {
        let certainty = result.map(ResultFacts.certainty) ?? .sourced
        let key = ResultFacts.landingKey(result?.landing)
        return Side(
            landing: result?.landing, rule: result.flatMap(ResultFacts.decidingRule), certainty: certainty,
            outcome: certainty == .sourced ? key : "\(key) [\(certainty.name)]")
    }

    /// Every probe × state of each app present in both worlds whose outcome differs.
    package static func compare(
        old: Scenario, new: Scenario,
        simulate: (Scenario) -> ActionResult? = LinkMatrix.simulateSingle
    ) -> [Entry] {
        let appIDs = old.apps.map(\.id).filter { new.appIndex($0) != nil }
        var entries: [Entry] = []
        for tap in probes(old, new) {
            let variants: [(String?, AppState?)] =
                appIDs.isEmpty
                ? [(nil, nil)]
                : appIDs.flatMap { id in AppState.allCases.map { (Optional(id), Optional($0)) } }
            for (app, state) in variants {
                func world(_ base: Scenario) -> Scenario {
                    var copy = base
                    copy.actions = [Action(kind: .tap(tap))]
                    if let app, let state, let index = copy.appIndex(app) { copy.apps[index].state = state }
                    return copy
                }
                let before = side(simulate(world(old)))
                let after = side(simulate(world(new)))
                if before.outcome != after.outcome {
                    entries.append(Entry(url: tap.url, from: tap.from, app: app, state: state, before: before, after: after))
                }
            }
        }
        return entries
    }
}
