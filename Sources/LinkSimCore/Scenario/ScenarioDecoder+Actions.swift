import Foundation

/// The `actions:` section: taps, their modifiers and expectations.
extension ScenarioDecoder {
    func decodeAction(_ node: YAMLNode, index: Int?, scenario: Scenario) -> Action? {
        let c = context
        let what = index.map { "actions[\($0)]" } ?? "the scenario"
        func key(_ k: String) -> String { index.map { "actions[\($0)].\(k)" } ?? k }
        guard let map = c.mapping(node, what: what, allowed: ScenarioKeys.action) else { return nil }
        let verbs = ScenarioKeys.actionVerbs.filter { map[$0] != nil }
        guard let verb = verbs.first, let verbEntry = map[verb] else {
            c.error(node.location, "\(what) needs one action: \(ScenarioKeys.actionVerbs.joined(separator: ", "))")
            return nil
        }
        if verbs.count > 1, let second = map[verbs[1]] {
            c.error(second.keyLocation, "\(what) has two actions (`\(verbs[0])` and `\(verbs[1])`); give each its own list item")
            return nil
        }
        let isTap = verb == "tap" || verb == "long_press"
        for key in ScenarioKeys.tapModifiers where !isTap {
            if let stray = map[key] { c.error(stray.keyLocation, "`\(key)` goes with `tap` or `long_press`, not `\(verb)`") }
        }
        if verb != "long_press", let stray = map["choose"] {
            c.error(stray.keyLocation, "`choose` goes with `long_press` only")
        }
        if verb != "answer", let stray = map["always"] {
            c.error(stray.keyLocation, "`always` goes with `answer` only (an option of Android's chooser, then “Always”)")
        }
        let location = verbEntry.keyLocation
        let kind: ActionKind
        let v = verbEntry.value
        switch verb {
        case "tap", "long_press":
            guard var tap = decodeTap(v, modifiers: map, key: key, platform: scenario.device.platform) else { return nil }
            decodeTargetApp(&tap, modifiers: map, key: key, at: location, scenario: scenario)
            if verb == "tap" {
                kind = .tap(tap)
            } else {
                // The menu modelled is iOS's (“Open in <App>” / “Open in Safari”, remembered per domain); Android's
                // long-press menu has no such choice, so the action would otherwise land in Safari on Android.
                guard scenario.device.platform == .ios else {
                    c.error(
                        verbEntry.keyLocation,
                        "`\(key("long_press"))` is iOS's long-press menu (Open in <App> / Open in Safari); this scenario's device is \(scenario.device.platform.rawValue): use `tap`"
                    )
                    return nil
                }
                guard let chooseNode = c.require(map, "choose", in: "\(what) (long_press)", at: location),
                    let choice = c.choice(chooseNode, what: "\(key("choose"))", as: LongPressChoice.self)
                else { return nil }
                kind = .longPress(tap, choose: choice)
            }
        case "wait":
            guard let d = c.duration(v, what: "\(key("wait"))") else { return nil }
            kind = .wait(d)
        case "install":
            if case .mapping = v {
                guard let m = c.mapping(v, what: "\(key("install"))", allowed: ScenarioKeys.install),
                    let appNode = c.require(m, "app", in: "\(key("install"))", at: v.location),
                    let id = appReference(appNode, what: "\(key("install")).app", scenario: scenario)
                else { return nil }
                let source = m.value("source").flatMap { c.choice($0, what: "\(key("install")).source", as: InstallSource.self) } ?? .store
                kind = .install(appID: id, source: source)
            } else {
                guard let id = appReference(v, what: "\(key("install"))", scenario: scenario) else { return nil }
                kind = .install(appID: id, source: .store)
            }
        case "launch":
            guard let id = appReference(v, what: "\(key("launch"))", scenario: scenario) else { return nil }
            kind = .launch(appID: id)
        case "uninstall":
            guard let id = appReference(v, what: "\(key("uninstall"))", scenario: scenario) else { return nil }
            kind = .uninstall(appID: id)
        case "update":
            guard let id = appReference(v, what: "\(key("update"))", scenario: scenario) else { return nil }
            kind = .update(appID: id)
        case "answer":
            guard let answer = c.string(v, what: "\(key("answer"))") else { return nil }
            let browsers = Browser.allCases.map(\.rawValue)
            let valid = ScenarioKeys.answerKeywords + scenario.apps.map(\.id) + browsers
            guard valid.contains(answer) else {
                c.error(
                    v.location,
                    "`\(key("answer"))` must be one of: \(ScenarioKeys.answerKeywords.joined(separator: ", ")), an app id from `apps`, or a browser; got `\(answer)`\(Suggestion.didYouMean(answer, among: valid))"
                )
                return nil
            }
            if let entry = map["always"], let always = c.bool(entry.value, what: key("always")), always {
                guard case .pick(let option) = Answer(answer) else {
                    c.error(entry.keyLocation, "`always: true` needs `answer:` to name a chooser option (an app id or a browser), not `\(answer)`")
                    return nil
                }
                kind = .answer(.pickAlways(option))
            } else {
                kind = .answer(Answer(answer))
            }
        case "clear_defaults":
            guard let target = c.string(v, what: key("clear_defaults")) else { return nil }
            let valid = scenario.apps.map(\.id) + Browser.allCases.map(\.rawValue)
            guard valid.contains(target) else {
                c.error(
                    v.location,
                    "`\(key("clear_defaults"))` must be an app id from `apps` or a browser; got `\(target)`\(Suggestion.didYouMean(target, among: valid))")
                return nil
            }
            guard scenario.device.platform == .android else {
                c.error(
                    v.location,
                    "`\(key("clear_defaults"))` is Android's “Open by default › Clear defaults”; this scenario's device is \(scenario.device.platform.rawValue)"
                )
                return nil
            }
            kind = .clearDefaults(target)
        case "serve":
            guard let entries = c.freeMapping(v, what: "\(key("serve"))") else { return nil }
            let web = decodeWeb(v, what: key("serve"))
            var changes: [ServerChange] = []
            for entry in entries {
                let host = entry.key.lowercased()
                guard let value = web.hosts[host] else { continue }
                var keys: [String] = []
                if case .mapping(let pairs, _) = entry.value { keys = pairs.map(\.key).filter { ScenarioKeys.webHost.contains($0) } }
                if keys.isEmpty {
                    c.error(entry.keyLocation, "`\(key("serve")).\(entry.key)` changes nothing; give one of \(ScenarioKeys.webHost.joined(separator: ", "))")
                    continue
                }
                changes.append(ServerChange(host: host, keys: keys, value: value))
            }
            kind = .serve(changes)
        case "pm":
            guard let text = c.string(v, what: "\(key("pm"))") else { return nil }
            guard scenario.device.platform == .android else {
                c.error(v.location, "`\(key("pm"))` is an Android shell command; this scenario's device is \(scenario.device.platform.rawValue)")
                return nil
            }
            switch PackageManagerCommand.parse(text) {
            case .failure(let failure):
                c.error(v.location, "`\(key("pm"))`: \(failure.message)")
                return nil
            case .success(let command):
                if let package = command.package, scenario.appIndex(package) == nil {
                    c.error(v.location, "`\(key("pm"))`: no app `\(package)` in `apps`\(Suggestion.didYouMean(package, among: scenario.apps.map(\.id)))")
                    return nil
                }
                kind = .packageManager(command)
            }
        default:  // set
            guard let entries = c.freeMapping(v, what: "\(key("set"))") else { return nil }
            var assignments: [WorldAssignment] = []
            var device = scenario.device
            var apps = scenario.apps
            for entry in entries {
                switch Settings.resolve(entry.key, apps: scenario.apps) {
                case .failure(let failure):
                    c.error(entry.keyLocation, failure.message)
                case .success(let resolved):
                    guard let value = c.scalar(entry.value, what: "\(key("set")).\(entry.key)") else { continue }
                    if let problem = Settings.apply(resolved, value: value, device: &device, apps: &apps) {
                        c.error(entry.value.location, "`\(entry.key)`: \(problem) (expected \(resolved.setting.hint)), got `\(value)`")
                        continue
                    }
                    assignments.append(WorldAssignment(path: entry.key, value: value, location: entry.keyLocation))
                }
            }
            kind = .set(assignments)
        }
        var action = Action(kind: kind, location: location)
        if let entry = map["expect"] {
            if !kind.producesLanding {
                c.error(entry.keyLocation, "`\(verb)` does not land anywhere, so it cannot have `expect`; put it on a tap, launch, answer or long_press")
            } else {
                action.expect = decodeExpectation(entry.value, what: "\(key("expect"))", scenario: scenario)
            }
        }
        return action
    }

    func appReference(_ node: YAMLNode, what: String, scenario: Scenario) -> String? {
        let c = context
        guard let id = c.string(node, what: what) else { return nil }
        guard scenario.appIndex(id) != nil else {
            c.error(node.location, "`\(what)`: no app `\(id)` in `apps`\(Suggestion.didYouMean(id, among: scenario.apps.map(\.id)))")
            return nil
        }
        return id
    }

    func decodeTap(_ node: YAMLNode, modifiers map: KeyedEntries, key: (String) -> String, platform: Platform) -> Tap? {
        let c = context
        guard let url = c.string(node, what: "\(key("tap"))") else { return nil }
        guard URLParts(url) != nil else {
            c.error(
                node.location, "`\(key("tap"))` must be a URL with a scheme, such as https://shop.example.com/product/42 or shopapp://product/42; got `\(url)`")
            return nil
        }
        var tap = Tap(url: url, from: .messages)
        if let n = map.value("from"), let f = c.choice(n, what: "\(key("from"))", as: TapSource.self) {
            tap.from = f
            if platformIsKnown, !f.exists(on: platform) {
                c.error(
                    n.location,
                    "`from: \(f.rawValue)` does not exist on \(platform.displayName); choose one of: \(TapSource.allCases.filter { $0.exists(on: platform) }.map(\.rawValue).joined(separator: ", "))"
                )
            }
        }
        if let n = map.value("page"), let p = c.string(n, what: "\(key("page"))") {
            if URLParts(p)?.host == nil {
                c.error(n.location, "`\(key("page"))` must be a web URL such as https://news.example.org/article; got `\(p)`")
            }
            tap.page = p
        }
        if let n = map.value("browser_app"), let b = c.choice(n, what: "\(key("browser_app"))", as: InAppBrowserApp.self) {
            tap.browserApp = b
            if tap.from != .inAppBrowser, let entry = map["browser_app"] {
                c.error(entry.keyLocation, "`browser_app` goes with `from: in_app_browser`")
            }
        }
        if let n = map.value("gesture"), let g = c.choice(n, what: "\(key("gesture"))", as: Gesture.self) { tap.gesture = g }
        if let n = map.value("caller") { tap.caller = c.string(n, what: "\(key("caller"))") }
        if let n = map.value("ad_click"), let b = c.bool(n, what: "\(key("ad_click"))") { tap.adClick = b }
        if let n = map.value("srn"), let b = c.bool(n, what: "\(key("srn"))") { tap.srn = b }
        if let entry = map["webview_client"], let b = c.bool(entry.value, what: "\(key("webview_client"))") {
            if platform != .android || tap.from != .webview {
                c.error(entry.keyLocation, "`webview_client` goes with `from: webview` on Android (an Android WebView with or without a WebViewClient)")
            }
            tap.webViewClient = b
        }
        return tap
    }

    /// `app:` on a tap: adb's package (optional), the app of a push notification or a Smart App Banner (required).
    func decodeTargetApp(_ tap: inout Tap, modifiers map: KeyedEntries, key: (String) -> String, at location: SourceLocation, scenario: Scenario) {
        let c = context
        let takesApp = tap.from.needsTargetApp || tap.from == .adb
        if let entry = map["app"] {
            guard takesApp else {
                c.error(
                    entry.keyLocation,
                    "`app` goes with `from: adb` (the package argument), `from: push_notification` or `from: smart_app_banner`, not `from: \(tap.from.rawValue)`"
                )
                return
            }
            tap.targetApp = appReference(entry.value, what: key("app"), scenario: scenario)
        } else if tap.from.needsTargetApp {
            c.error(
                location,
                "`from: \(tap.from.rawValue)` needs `app:` — \(tap.from == .pushNotification ? "the app whose notification is tapped" : "the app the banner's app-id names") (one of: \(scenario.apps.map(\.id).joined(separator: ", ")))"
            )
        }
    }

    func decodeExpectation(_ node: YAMLNode, what: String, scenario: Scenario) -> Expectation? {
        let c = context
        guard let map = c.mapping(node, what: what, allowed: ScenarioKeys.expect),
            let landsNode = c.require(map, "lands", in: what, at: node.location),
            let lands = c.choice(landsNode, what: "\(what).lands", as: LandingKind.self)
        else { return nil }
        var e = Expectation(lands: lands)
        e.location = node.location
        e.app = map.value("app").flatMap { c.string($0, what: "\(what).app") }
        e.options = map.value("options").flatMap { c.stringList($0, what: "\(what).options") }
        e.screen = map.value("screen").flatMap { c.string($0, what: "\(what).screen") }
        e.params = map.value("params").flatMap { c.stringMap($0, what: "\(what).params") }
        e.via = map.value("via").flatMap { c.choice($0, what: "\(what).via", as: Via.self) }
        // One of the browsers a landing names: a typo (`safar`) is an error with a suggestion, never a check that cannot hold.
        e.browser = map.value("browser").flatMap { c.choice($0, what: "\(what).browser", as: Browser.self)?.rawValue }
        e.url = map.value("url").flatMap { c.string($0, what: "\(what).url") }
        e.callback = map.value("callback").flatMap { c.string($0, what: "\(what).callback") }
        e.delivered = map.value("delivered").flatMap { c.bool($0, what: "\(what).delivered") }
        if let entry = map["rule"], let id = c.string(entry.value, what: "\(what).rule") {
            if let rule = RuleCatalog.rule(id) {
                e.rule = rule.id
            } else {
                c.error(
                    entry.value.location,
                    "`\(what).rule`: no rule `\(id)` in the catalog\(Suggestion.didYouMean(id, among: RuleCatalog.all.map(\.id.rawValue))) (see `linksim rules`)"
                )
            }
        }
        for fact in LandingFact.allCases {
            if let entry = map[fact.rawValue], let value = c.scalar(entry.value, what: "\(what).\(fact.rawValue)") { e.extra[fact] = value.description }
        }
        return e
    }
}
