/// "What would make it land there?" For one action, tries single changes to the world — server
/// files, the app's configuration, the user's settings, where the tap happens, the OS version —
/// and, when no single change works, pairs of them; returns the ones that give the wanted
/// landing, each with who can make it and the rule that decides before and after.
/// Pure: every candidate is a world edit, every check a simulation.
package enum LandingSearch {
    /// Who can make a change.
    package enum Who: String, Sendable, CaseIterable, Comparable {
        case tapContext = "where the tap happens"
        case user = "the user"
        case appDeveloper = "the app developer"
        case serverOwner = "the server owner"
        case os = "the OS version"

        var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
        package static func < (a: Who, b: Who) -> Bool { a.order < b.order }
    }

    /// One edit of the world.
    package struct Change: Sendable {
        package var who: Who
        /// What to do, in words: `serve an apple-app-site-association on shop.example.com that lists …`.
        package var description: String
        /// Changes of the same slot are alternatives (two OS versions never form a pair).
        package var slot: String
        package var apply: @Sendable (inout Scenario, Int) -> Void
    }

    /// The landing wanted: a kind, and optionally the app and the way in.
    package struct Want: Sendable, Equatable {
        package var kind: LandingKind
        package var app: String?
        package var via: Via?
        package init(kind: LandingKind, app: String? = nil, via: Via? = nil) {
            self.kind = kind
            self.app = app
            self.via = via
        }

        package func isMet(by landing: Landing?) -> Bool {
            guard let landing, landing.kind == kind else { return false }
            if let app, landing.app != app { return false }
            if let via, landing.via != via { return false }
            return true
        }
    }

    /// A change (or pair) that gives the wanted landing.
    package struct Fix: Sendable, Equatable {
        package struct Step: Sendable, Equatable {
            package var who: Who
            package var description: String
        }
        package var steps: [Step]
        package var landing: Landing
        /// The deciding rule before and after the change.
        package var ruleBefore: RuleID?
        package var ruleAfter: RuleID?
        /// Rules the new trace cites that the old one did not (what flipped), in trace order.
        package var newRules: [RuleID]
        /// `.assumption` when the new landing rests on one (never `.unknown`: that is not a fix).
        package var certainty: Certainty
    }

    package struct Outcome: Sendable, Equatable {
        package var current: ActionResult?
        /// True when the current landing already is the wanted one.
        package var alreadyThere: Bool
        package var fixes: [Fix]
        package var singlesTried: Int
        package var pairsTried: Int
    }

    /// The candidate changes for `action` of `world`.
    package static func candidates(_ world: Scenario, action: Int, want: Want) -> [Change] {
        guard world.actions.indices.contains(action), let tap = LinkMatrix.tap(of: world.actions[action]) else { return [] }
        let platform = world.device.platform
        let parts = URLParts(tap.url)
        let host = parts?.host?.lowercased()
        let scheme = parts?.scheme.lowercased() ?? ""
        let isWeb = scheme == "http" || scheme == "https"
        var changes: [Change] = []
        let appIndex = want.app.flatMap(world.appIndex) ?? targetApp(world, host: host, scheme: scheme)

        // Where the tap happens.
        for source in LinkMatrix.sources(for: platform) where source != tap.from {
            changes.append(
                Change(
                    who: .tapContext, description: "tap it from \(source.rawValue) instead of \(tap.from.rawValue)",
                    slot: "from"
                ) { world, action in LinkMatrix.setSource(source, in: &world, action: action) })
        }
        if tap.page != nil {
            changes.append(
                Change(who: .tapContext, description: "tap it where it is not on a page (no `page:`)", slot: "page") { world, action in
                    world.editTap(action: action) { $0.page = nil }
                })
        }
        if tap.gesture == .script {
            changes.append(
                Change(who: .tapContext, description: "a user tap instead of a script navigation", slot: "gesture") { world, action in
                    world.editTap(action: action) { $0.gesture = .user }
                })
        }

        // The user.
        if let appIndex {
            let app = world.apps[appIndex]
            for state in AppState.allCases where state != app.state {
                changes.append(
                    Change(who: .user, description: "\(app.id) \(stateChange(from: app.state, to: state))", slot: "state") { world, _ in
                        if world.apps.indices.contains(appIndex) { world.apps[appIndex].state = state }
                    })
            }
            if platform == .android, isWeb, let host {
                if !app.linkHandlingAllowed {
                    changes.append(
                        Change(who: .user, description: "switch on \"Open supported links\" for \(app.id)", slot: "open-supported") { world, _ in
                            world.apps[appIndex].linkHandlingAllowed = true
                        })
                }
                if !app.userSelectedDomains.map({ $0.lowercased() }).contains(host) {
                    changes.append(
                        Change(who: .user, description: "add \(host) to \(app.id)'s supported links in Settings (user selection)", slot: "user-selection") {
                            world, _ in
                            world.apps[appIndex].userSelectedDomains.append(host)
                        })
                }
            }
        }
        if platform == .ios, let host, world.device.safariPrefersBrowser.map({ $0.lowercased() }).contains(host) {
            changes.append(
                Change(who: .user, description: "long-press a link to \(host) and choose \"Open in <app>\" (undo \"Open in Safari\")", slot: "safari-pref") {
                    world, _ in
                    world.device.safariPrefersBrowser.removeAll { $0.lowercased() == host }
                })
        }
        for browser in (platform == .ios ? Browser.iosChoices : Browser.androidChoices) where browser != world.device.defaultBrowser {
            changes.append(
                Change(who: .user, description: "make \(browser.displayName) the default browser", slot: "browser") { world, _ in
                    world.device.defaultBrowser = browser
                })
        }
        if !world.device.online {
            changes.append(Change(who: .user, description: "put the device online", slot: "online") { world, _ in world.device.online = true })
        }
        if platform == .ios {
            changes.append(
                Change(
                    who: .user,
                    description: world.device.developerMode ? "switch Developer Mode off" : "switch on Developer Mode (Associated Domains Development)",
                    slot: "developer-mode"
                ) { world, _ in world.device.developerMode.toggle() })
        }

        // The app developer.
        if let appIndex {
            let app = world.apps[appIndex]
            if !isWeb, !scheme.isEmpty {
                let registered =
                    platform == .ios
                    ? app.urlSchemes.map { $0.lowercased() }.contains(scheme)
                    : app.activities.contains { $0.intentFilters.contains { $0.data.contains { $0.scheme?.lowercased() == scheme } } }
                if !registered {
                    changes.append(
                        Change(who: .appDeveloper, description: "register the custom scheme `\(scheme)` in \(app.id)", slot: "app-scheme") { world, _ in
                            if platform == .ios {
                                world.apps[appIndex].urlSchemes.append(scheme)
                            } else {
                                addFilter(&world.apps[appIndex], data: IntentFilterData(scheme: scheme), autoVerify: false)
                            }
                        })
                }
            }
            if isWeb, let host {
                if platform == .ios {
                    let claims = app.associatedDomains.contains { $0.lowercased().hasPrefix("applinks:\(host)") }
                    if !claims {
                        changes.append(
                            Change(who: .appDeveloper, description: "add `applinks:\(host)` to \(app.id)'s Associated Domains entitlement", slot: "app-domains")
                            { world, _ in
                                world.apps[appIndex].associatedDomains.append("applinks:\(host)")
                                if world.apps[appIndex].teamID == nil { world.apps[appIndex].teamID = "ABCDE12345" }
                            })
                    }
                    if app.handles != nil {
                        changes.append(
                            Change(
                                who: .appDeveloper, description: "implement the usual entry points for \(app.id)'s life cycle (`handles`)", slot: "app-handles"
                            ) { world, _ in
                                world.apps[appIndex].handles = nil
                            })
                    }
                } else {
                    let filters = app.activities.flatMap(\.intentFilters).filter { $0.data.contains { $0.host?.lowercased() == host } }
                    if filters.isEmpty || !filters.contains(where: \.autoVerify) {
                        changes.append(
                            Change(who: .appDeveloper, description: "add an autoVerify https intent filter for \(host) to \(app.id)", slot: "app-filter") {
                                world, _ in
                                addFilter(&world.apps[appIndex], data: IntentFilterData(scheme: "https", host: host), autoVerify: true)
                            })
                    }
                }
            }
        }

        // The server owner.
        if isWeb, let host, let appIndex {
            let app = world.apps[appIndex]
            if platform == .ios {
                let appID = "\(app.teamID ?? "ABCDE12345").\(app.id)"
                // The file is read from the host the app's entitlement names: the apex for `applinks:*.example.com`.
                let fileHost = AssociatedDomains.entry(for: host, in: app.associatedDomainEntries).entry?.fileHost ?? host
                changes.append(
                    Change(
                        who: .serverOwner,
                        description:
                            "serve https://\(fileHost)/.well-known/apple-app-site-association (200, application/json, no redirect) listing \(appID) for every path",
                        slot: "server-file"
                    ) { world, _ in
                        let json = "{\"applinks\": {\"details\": [{\"appIDs\": [\(JSONText.quote(appID))], \"components\": [{\"/\": \"*\"}]}]}}"
                        var webHost = world.web.hosts[fileHost] ?? WebHost(host: fileHost)
                        webHost.aasa = WebResource(body: Array(json.utf8), origin: "suggested file")
                        webHost.cdnAASA = nil
                        world.web.hosts[fileHost] = webHost
                        if world.apps[appIndex].teamID == nil { world.apps[appIndex].teamID = "ABCDE12345" }
                    })
            } else if !app.signingSHA256.isEmpty {
                changes.append(
                    Change(
                        who: .serverOwner,
                        description: "serve https://\(host)/.well-known/assetlinks.json (200, application/json) listing \(app.id) with its signing certificate",
                        slot: "server-file"
                    ) { world, _ in
                        let fingerprints = world.apps[appIndex].signingSHA256.map(JSONText.quote).joined(separator: ", ")
                        let json =
                            "[{\"relation\": [\"delegate_permission/common.handle_all_urls\"], \"target\": {\"namespace\": \"android_app\", \"package_name\": \(JSONText.quote(app.id)), \"sha256_cert_fingerprints\": [\(fingerprints)]}}]"
                        var webHost = world.web.hosts[host] ?? WebHost(host: host)
                        webHost.assetlinks = WebResource(body: Array(json.utf8), origin: "suggested file")
                        world.web.hosts[host] = webHost
                    })
            }
            if let rules = world.web[host]?.redirects, !rules.isEmpty {
                changes.append(
                    Change(who: .serverOwner, description: "remove the server redirects on \(host)", slot: "server-redirects") { world, _ in
                        world.web.hosts[host]?.redirects = []
                    })
            }
        }

        // The OS version.
        for os in LinkMatrix.osChoices(for: world.device) where os != world.device.os {
            changes.append(
                Change(who: .os, description: "\(platform.displayName) \(os) instead of \(world.device.os)", slot: "os") { world, _ in
                    world.device.os = os
                })
        }
        return changes
    }

    static func stateChange(from: AppState, to: AppState) -> String {
        switch to {
        case .notInstalled: return "uninstalled"
        case .installed: return from == .notInstalled ? "installed (never opened)" : "as after a fresh install (never opened)"
        case .terminated: return from == .notInstalled ? "installed and opened once, then closed" : "closed (terminated)"
        case .background: return from == .notInstalled ? "installed and left in the background" : "in the background"
        case .foreground: return "open in the foreground"
        }
    }

    /// The app a link is about: the one that registers the scheme or claims the host, else the first.
    static func targetApp(_ world: Scenario, host: String?, scheme: String) -> Int? {
        if let host,
            let index = world.apps.firstIndex(where: { app in
                app.associatedDomains.contains { $0.lowercased().contains(host) }
                    || app.activities.contains { $0.intentFilters.contains { $0.data.contains { $0.host?.lowercased() == host } } }
            })
        {
            return index
        }
        if let index = world.apps.firstIndex(where: { $0.urlSchemes.map { $0.lowercased() }.contains(scheme) }) { return index }
        return world.apps.isEmpty ? nil : 0
    }

    static func addFilter(_ app: inout App, data: IntentFilterData, autoVerify: Bool) {
        let filter = IntentFilter(
            autoVerify: autoVerify, actions: ["android.intent.action.VIEW"],
            categories: ["android.intent.category.DEFAULT", "android.intent.category.BROWSABLE"], data: [data])
        if let index = app.activities.firstIndex(where: { $0.exported != false && $0.enabled }) {
            app.activities[index].intentFilters.append(filter)
        } else {
            app.activities.append(Activity(name: ".MainActivity", exported: true, intentFilters: [filter]))
        }
    }

    /// Simulates `action` of `world` on its own (the default; the TUI passes its own).
    package static func simulateAction(_ world: Scenario, _ action: Int) -> ActionResult? {
        LinkMatrix.simulateSingle(LinkMatrix.single(world, action: action))
    }

    /// Searches single changes, then (only if none works) pairs of changes from different slots.
    /// At most `maxPairs` pairs are simulated; at most `limit` fixes are returned.
    package static func search(
        _ world: Scenario, action: Int, want: Want, limit: Int = 10, maxPairs: Int = 4000,
        simulate: (Scenario, Int) -> ActionResult? = simulateAction
    ) -> Outcome {
        let current = simulate(world, action)
        var outcome = Outcome(
            current: current, alreadyThere: want.isMet(by: current?.landing),
            fixes: [], singlesTried: 0, pairsTried: 0)
        let changes = candidates(world, action: action, want: want)
        let beforeRule = current.flatMap(ResultFacts.decidingRule)
        let beforeRules = Set(current?.trace.compactMap(\.rule) ?? [])

        func attempt(_ chosen: [Change]) -> Fix? {
            var variant = world
            for change in chosen { change.apply(&variant, action) }
            guard let result = simulate(variant, action), want.isMet(by: result.landing), let landing = result.landing else { return nil }
            let certainty = ResultFacts.certainty(result)
            if case .unknown = certainty { return nil }
            var newRules: [RuleID] = []
            for rule in result.trace.compactMap(\.rule) where !beforeRules.contains(rule) && !newRules.contains(rule) { newRules.append(rule) }
            return Fix(
                steps: chosen.map { Fix.Step(who: $0.who, description: $0.description) }, landing: landing,
                ruleBefore: beforeRule, ruleAfter: ResultFacts.decidingRule(result), newRules: newRules, certainty: certainty)
        }

        var singles: [Fix] = []
        for change in changes {
            outcome.singlesTried += 1
            if let fix = attempt([change]) { singles.append(fix) }
        }
        if !singles.isEmpty {
            outcome.fixes = ordered(singles, limit: limit)
            return outcome
        }
        var pairs: [Fix] = []
        outer: for i in changes.indices {
            for j in changes.indices where j > i && changes[i].slot != changes[j].slot {
                if outcome.pairsTried >= maxPairs { break outer }
                outcome.pairsTried += 1
                if let fix = attempt([changes[i], changes[j]]) { pairs.append(fix) }
            }
        }
        outcome.fixes = ordered(pairs, limit: limit)
        return outcome
    }

    /// Sorted by rank, ties kept in candidate order (deterministic).
    static func ordered(_ fixes: [Fix], limit: Int) -> [Fix] {
        let sorted = fixes.enumerated().sorted { a, b in
            let ra = rank(a.element) + [a.offset]
            let rb = rank(b.element) + [b.offset]
            return ra.lexicographicallyPrecedes(rb)
        }
        return Array(sorted.map(\.element).prefix(limit))
    }

    /// Sourced before assumed; then who can make it (the tap, the user, the developer, the server, the OS).
    static func rank(_ fix: Fix) -> [Int] {
        [fix.certainty == .sourced ? 0 : 1] + fix.steps.map(\.who.order).sorted()
    }
}
