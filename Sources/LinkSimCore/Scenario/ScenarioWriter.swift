import Foundation

/// Writes a Scenario back as scenario YAML (contract §2), e.g. to save what a user set up in the
/// TUI. The file is self-contained: values the loader read from real files (manifest, Info.plist,
/// entitlements) are written inline, and association files are written as `json:` when they are
/// JSON. Every free-text value is double-quoted with escapes, so no name or URL can change the
/// file's structure.
package enum ScenarioWriter {
    /// The scenario as YAML. When `landing` is given, it becomes the `expect` of the last action
    /// that produces a landing.
    package static func yaml(_ scenario: Scenario, expecting landing: Landing?) -> String {
        var out = YAMLLines()
        out.line(0, "linksim: 1")
        out.line(0, "name: \(quote(scenario.name))")
        if let description = scenario.description, !description.isEmpty {
            out.line(0, "description: \(quote(description))")
        }
        if !scenario.tags.isEmpty { out.line(0, "tags: \(list(scenario.tags))") }
        out.line(0, "clock: \(clockText(scenario.clock))")
        writeDevice(scenario.device, to: &out)
        if !scenario.apps.isEmpty {
            out.line(0, "apps:")
            for app in scenario.apps { writeApp(app, platform: scenario.device.platform, to: &out) }
        }
        writeWeb(scenario.web, to: &out)
        writeProviders(scenario.providers, to: &out)
        writeAssumptions(scenario.assumptions, to: &out)
        let expectIndex = landing == nil ? nil : scenario.actions.lastIndex { $0.kind.producesLanding }
        if !scenario.actions.isEmpty {
            out.line(0, "actions:")
            for (index, action) in scenario.actions.enumerated() {
                writeAction(action, expect: index == expectIndex ? landing : nil, to: &out)
            }
        }
        return out.text
    }

    /// The clock as the loader reads it back: `YYYY-MM-DDTHH:MM:SSZ` with a four-digit year.
    /// (`SimInstant.description` writes years before 1000 with fewer digits, which the loader
    /// rejects: a clock whose year was changed to e.g. 999 could not be read back.)
    package static func clockText(_ instant: SimInstant) -> String {
        let text = instant.description
        guard let dash = text.firstIndex(of: "-"), dash > text.startIndex else { return text }
        let year = text[..<dash]
        guard year.count < 4, year.allSatisfy(\.isNumber) else { return text }
        return String(repeating: "0", count: 4 - year.count) + text
    }

    /// The range of clocks a scenario file can hold (four-digit years).
    package static func isWritableClock(_ instant: SimInstant) -> Bool {
        let text = clockText(instant)
        return SimInstant.parse(text) == instant
    }

    // MARK: Sections

    static func writeDevice(_ device: Device, to out: inout YAMLLines) {
        out.line(0, "device:")
        out.line(1, "platform: \(device.platform.rawValue)")
        let os = device.platform == .ios ? device.os.description : "api\(device.os.apiLevel)"
        out.line(1, "os: \(quote(os))")
        out.line(1, "default_browser: \(device.defaultBrowser.rawValue)")
        // Keys of the other platform only when they differ from their defaults (they would warn on load).
        let ios = device.platform == .ios
        if ios || device.developerMode { out.line(1, "developer_mode: \(device.developerMode)") }
        if ios || device.privateRelay { out.line(1, "private_relay: \(device.privateRelay)") }
        out.line(1, "att: \(device.att.rawValue)")
        out.line(1, "network: \(quote(device.network))")
        out.line(1, "clipboard: \(device.clipboard.map(quote) ?? "null")")
        out.line(1, "online: \(device.online)")
        if device.managed { out.line(1, "managed: true") }
        if let browsers = device.installedBrowsers { out.line(1, "browsers: [\(browsers.map(\.rawValue).joined(separator: ", "))]") }
        if device.schemeCollision != .firstInstalled { out.line(1, "scheme_collision: \(device.schemeCollision.rawValue)") }
        if let after = device.attAnswerAfter { out.line(1, "att_answer_after: \(after)") }
        if device.associationDelay.seconds != 0 { out.line(1, "association_delay: \(device.associationDelay)") }
        if device.appLinkVerificationDelay != SimDuration(seconds: 20) {
            out.line(1, "app_link_verification_delay: \(device.appLinkVerificationDelay)")
        }
        if ios || !device.safariPrefersBrowser.isEmpty { out.line(1, "safari_prefers_browser: \(list(device.safariPrefersBrowser))") }
    }

    static func writeApp(_ app: App, platform: Platform, to out: inout YAMLLines) {
        let ios = platform == .ios
        out.line(1, "- id: \(quote(app.id))")
        out.line(2, "name: \(quote(app.name))")
        out.line(2, "state: \(app.state.rawValue)")
        if let team = app.teamID { out.line(2, "team_id: \(quote(team))") }
        if !app.urlSchemes.isEmpty { out.line(2, "url_schemes: \(list(app.urlSchemes))") }
        if !app.associatedDomains.isEmpty { out.line(2, "associated_domains: \(list(app.associatedDomains))") }
        if ios || app.lifecycle != .scenes { out.line(2, "lifecycle: \(app.lifecycle.rawValue)") }
        if ios || app.build != .appStore { out.line(2, "build: \(app.build.rawValue)") }
        if let sdk = app.iosSDK { out.line(2, "ios_sdk: \(quote(sdk.description))") }
        if let package = app.manifestPackage { out.line(2, "manifest_package: \(quote(package))") }
        if !app.activities.isEmpty {
            out.line(2, "activities:")
            for activity in app.activities { writeActivity(activity, to: &out) }
        }
        if !ios || app.targetSDK != 34 { out.line(2, "target_sdk: \(app.targetSDK)") }
        if !app.signingSHA256.isEmpty { out.line(2, "signing_sha256: \(list(app.signingSHA256))") }
        if !ios || !app.linkHandlingAllowed { out.line(2, "link_handling_allowed: \(app.linkHandlingAllowed)") }
        if !ios || !app.userSelectedDomains.isEmpty { out.line(2, "user_selected_domains: \(list(app.userSelectedDomains))") }
        if !app.domainVerification.isEmpty {
            let pairs = app.domainVerification.keys.sorted().map { "\(quote($0)): \(quote(app.domainVerification[$0]?.description ?? ""))" }
            out.line(2, "domain_verification: {\(pairs.joined(separator: ", "))}")
        }
        if let handles = app.handles { out.line(2, "handles: \(list(handles.map(\.rawValue)))") }
        if !app.routes.isEmpty {
            out.line(2, "routes:")
            for route in app.routes {
                let pattern: String
                switch route.pattern {
                case .path(let path): pattern = "path: \(quote(path))"
                case .url(let url): pattern = "url: \(quote(url))"
                case .deepLinkValue(let value): pattern = "deep_link_value: \(quote(value))"
                case .param(let name, let value): pattern = "param: \(quote(name)), value: \(quote(value))"
                }
                out.line(3, "- {\(pattern), screen: \(quote(route.screen))\(routeAppSide(route))}")
            }
        }
        out.line(2, "home_screen: \(quote(app.homeScreen))")
        if let current = app.currentScreen { out.line(2, "current_screen: \(quote(current))") }
        if app.sdk.provider != .none || !app.sdk.options.isEmpty {
            var pairs = ["provider: \(app.sdk.provider.rawValue)"]
            pairs += app.sdk.options.keys.sorted().map { "\(quote($0)): \(scalar(app.sdk.options[$0] ?? .null))" }
            out.line(2, "sdk: {\(pairs.joined(separator: ", "))}")
        }
        writeAppBehaviour(app.behaviour, to: &out)
    }

    static func writeActivity(_ activity: Activity, to out: inout YAMLLines) {
        out.line(3, "- name: \(quote(activity.name))")
        if let exported = activity.exported { out.line(4, "exported: \(exported)") }
        out.line(4, "launch_mode: \(activity.launchMode.rawValue)")
        if !activity.enabled { out.line(4, "enabled: false") }
        if let target = activity.targetActivity { out.line(4, "target_activity: \(quote(target))") }
        guard !activity.intentFilters.isEmpty else { return }
        out.line(4, "intent_filters:")
        for filter in activity.intentFilters {
            out.line(5, "- auto_verify: \(filter.autoVerify)")
            out.line(6, "actions: \(list(filter.actions))")
            out.line(6, "categories: \(list(filter.categories))")
            if let source = filter.source { out.line(6, "source: \(quote(source))") }
            if !filter.unresolved.isEmpty {
                out.line(6, "unresolved:")
                for value in filter.unresolved {
                    out.line(
                        7,
                        "- "
                            + flowMap([
                                ("scope", value.scope.rawValue), ("attribute", value.attribute),
                                ("data", value.dataIndex.map(String.init)), ("value", value.value),
                                ("at", value.location), ("reason", value.reason),
                            ]))
                }
            }
            if !filter.data.isEmpty {
                out.line(6, "data:")
                for data in filter.data {
                    let fields: [(String, String?)] = [
                        ("scheme", data.scheme), ("host", data.host), ("port", data.port), ("path", data.path),
                        ("path_prefix", data.pathPrefix), ("path_pattern", data.pathPattern),
                        ("path_advanced_pattern", data.pathAdvancedPattern), ("path_suffix", data.pathSuffix),
                        ("mime_type", data.mimeType), ("ssp", data.ssp), ("ssp_prefix", data.sspPrefix),
                        ("ssp_pattern", data.sspPattern), ("ssp_advanced_pattern", data.sspAdvancedPattern),
                        ("ssp_suffix", data.sspSuffix),
                    ]
                    out.line(7, "- " + flowMap(fields))
                }
            }
            if !filter.uriRelativeFilterGroups.isEmpty {
                out.line(6, "uri_relative_filter_groups:")
                for group in filter.uriRelativeFilterGroups {
                    let data = group.data.map { item -> String in
                        flowMap([
                            ("path", item.path), ("path_prefix", item.pathPrefix), ("path_pattern", item.pathPattern),
                            ("path_advanced_pattern", item.pathAdvancedPattern), ("path_suffix", item.pathSuffix),
                            ("query", item.query), ("query_prefix", item.queryPrefix), ("query_pattern", item.queryPattern),
                            ("query_advanced_pattern", item.queryAdvancedPattern), ("query_suffix", item.querySuffix),
                            ("fragment", item.fragment), ("fragment_prefix", item.fragmentPrefix),
                            ("fragment_pattern", item.fragmentPattern),
                            ("fragment_advanced_pattern", item.fragmentAdvancedPattern),
                            ("fragment_suffix", item.fragmentSuffix),
                        ])
                    }
                    out.line(7, "- {allow: \(group.allow), data: [\(data.joined(separator: ", "))]}")
                }
            }
        }
    }

    /// Only the assumptions a scenario switched away from their defaults.
    static func writeAssumptions(_ a: Assumptions, to out: inout YAMLLines) {
        let defaults = Assumptions()
        var pairs: [String] = []
        if a.sfSafariViewControllerTapsOpenApps != defaults.sfSafariViewControllerTapsOpenApps {
            pairs.append("sfsafariviewcontroller_taps_open_app: \(a.sfSafariViewControllerTapsOpenApps)")
        }
        if a.redirectsOpenApp != defaults.redirectsOpenApp { pairs.append("redirects_open_app: \(a.redirectsOpenApp.rawValue)") }
        if a.inAppBrowsersOpenApps != defaults.inAppBrowsersOpenApps {
            pairs.append("in_app_browsers_open_app: \(a.inAppBrowsersOpenApps)")
        }
        if a.swiftUIColdStartDrop184 { pairs.append("quirk_swiftui_cold_start_drop_18_4: true") }
        if a.aasaContentTypeStrict { pairs.append("aasa_content_type_strict: true") }
        if !pairs.isEmpty { out.line(0, "assumptions: {\(pairs.joined(separator: ", "))}") }
    }

    static func writeWeb(_ web: Web, to out: inout YAMLLines) {
        guard !web.hosts.isEmpty else { return }
        out.line(0, "web:")
        for host in web.hosts.keys.sorted() {
            guard let entry = web.hosts[host] else { continue }
            writeHost(entry, keys: nil, indent: 1, to: &out)
        }
    }

    /// One host of `web:` (all its keys), or of a `serve:` action (only `keys`, written even when empty).
    static func writeHost(_ entry: WebHost, keys: [String]?, indent: Int, to out: inout YAMLLines) {
        func wants(_ key: String) -> Bool { keys?.contains(key) ?? true }
        func served(_ resource: WebResource?) -> String { resource.map(Self.resource) ?? "{status: 404}" }
        out.line(indent, "\(quote(entry.host)):")
        let inner = indent + 1
        var wrote = false
        if wants("aasa"), keys != nil || entry.aasa != nil {
            out.line(inner, "aasa: \(served(entry.aasa))")
            wrote = true
        }
        if wants("aasa_root"), keys != nil || entry.aasaRoot != nil {
            out.line(inner, "aasa_root: \(served(entry.aasaRoot))")
            wrote = true
        }
        if wants("cdn_aasa"), keys != nil || entry.cdnAASA != nil {
            out.line(inner, "cdn_aasa: \(served(entry.cdnAASA))")
            wrote = true
        }
        if wants("assetlinks"), keys != nil || entry.assetlinks != nil {
            out.line(inner, "assetlinks: \(served(entry.assetlinks))")
            wrote = true
        }
        if wants("redirects"), keys != nil || !entry.redirects.isEmpty {
            let pairs = entry.redirects.map { rule -> String in
                if rule.status == 302, rule.after.seconds == 0 { return "\(quote(rule.pattern)): \(quote(rule.target))" }
                var target = "to: \(quote(rule.target)), status: \(rule.status)"
                if rule.after.seconds > 0 { target += ", after: \(rule.after)" }
                return "\(quote(rule.pattern)): {\(target)}"
            }
            out.line(inner, "redirects: {\(pairs.joined(separator: ", "))}")
            wrote = true
        }
        if writeHostExtras(entry, keys: keys, indent: inner, to: &out) { wrote = true }
        if !wrote { out.line(inner, "{}") }
    }

    /// A served file as a flow mapping: `json:` when the body is JSON (re-serialised on one line,
    /// which YAML reads as a flow collection), else a `file:` reference to where it came from.
    static func resource(_ resource: WebResource) -> String {
        var pairs: [String] = []
        if let body = resource.body {
            // The strict parser decides what is JSON (Foundation's is lenient on Linux: trailing commas).
            if let node = try? JSONNode.parse(body) {
                pairs.append("json: \(node.oneLineText)")
            } else if let raw = String(validating: body, as: UTF8.self) {
                // Not JSON (a deliberately broken file): keep the exact text as a JSON-in-a-string body.
                pairs.append("json: \(quote(raw))")
            } else {
                pairs.append("file: \(quote(resource.origin))")
            }
        }
        if resource.status != 200 || resource.body == nil { pairs.append("status: \(resource.status)") }
        if resource.contentType != "application/json" { pairs.append("content_type: \(quote(resource.contentType))") }
        if let redirect = resource.redirect { pairs.append("redirect: \(quote(redirect))") }
        return "{\(pairs.joined(separator: ", "))}"
    }

    static func writeProviders(_ providers: Providers, to out: inout YAMLLines) {
        guard !providers.isEmpty else { return }
        out.line(0, "providers:")
        if let appsflyer = providers.appsflyer {
            out.line(1, "appsflyer:")
            out.line(2, "domain: \(quote(appsflyer.domain))")
            if let template = appsflyer.template { out.line(2, "template: \(quote(template))") }
            if let app = appsflyer.app { out.line(2, "app: \(quote(app))") }
            writeOptions(appsflyer.options, to: &out)
            if !appsflyer.shortLinks.isEmpty {
                out.line(2, "short_links:")
                for id in appsflyer.shortLinks.keys.sorted() {
                    guard let link = appsflyer.shortLinks[id] else { continue }
                    var entry = "params: \(stringMap(link.params))"
                    if let expires = link.expires { entry += ", expires: \(expires)" }
                    out.line(3, "\(quote(id)): {\(entry)}")
                }
            }
        }
        if let branch = providers.branch {
            out.line(1, "branch:")
            out.line(2, "domain: \(quote(branch.domain))")
            if let app = branch.app { out.line(2, "app: \(quote(app))") }
            writeOptions(branch.options, to: &out)
            if !branch.links.isEmpty {
                out.line(2, "links:")
                for path in branch.links.keys.sorted() {
                    guard let link = branch.links[path] else { continue }
                    out.line(3, "\(quote(path)): {data: \(stringMap(link.data))}")
                }
            }
        }
        for (name, config) in [("adjust", providers.adjust), ("firebase", providers.firebase)] {
            guard let config else { continue }
            var pairs = ["domain: \(quote(config.domain))"]
            if let app = config.app { pairs.append("app: \(quote(app))") }
            pairs += config.options.keys.sorted().map { "\(quote($0)): \(scalar(config.options[$0] ?? .null))" }
            out.line(1, "\(name): {\(pairs.joined(separator: ", "))}")
        }
    }

    static func writeOptions(_ options: [String: ScalarValue], to out: inout YAMLLines) {
        for key in options.keys.sorted() { out.line(2, "\(quote(key)): \(scalar(options[key] ?? .null))") }
    }

    static func writeAction(_ action: Action, expect landing: Landing?, to out: inout YAMLLines) {
        switch action.kind {
        case .tap(let tap):
            out.line(1, "- tap: \(quote(tap.url))")
            writeTapKeys(tap, to: &out)
        case .longPress(let tap, let choice):
            out.line(1, "- long_press: \(quote(tap.url))")
            writeTapKeys(tap, to: &out)
            out.line(2, "choose: \(choice.rawValue)")
        case .wait(let duration):
            out.line(1, "- wait: \(duration)")
        case .install(let app, let source):
            out.line(1, "- install: {app: \(quote(app)), source: \(source.rawValue)}")
        case .launch(let app):
            out.line(1, "- launch: \(quote(app))")
        case .uninstall(let app):
            out.line(1, "- uninstall: \(quote(app))")
        case .update(let app):
            out.line(1, "- update: \(quote(app))")
        case .answer(.pickAlways(let option)):
            out.line(1, "- answer: \(quote(option))")
            out.line(2, "always: true")
        case .answer(let answer):
            out.line(1, "- answer: \(quote(answer.description))")
        case .clearDefaults(let target):
            out.line(1, "- clear_defaults: \(quote(target))")
        case .set(let assignments):
            let pairs = assignments.map { "\(quote($0.path)): \(scalar($0.value))" }
            out.line(1, "- set: {\(pairs.joined(separator: ", "))}")
        case .packageManager(let command):
            out.line(1, "- pm: \(quote(command.text))")
        case .serve(let changes):
            out.line(1, "- serve:")
            for change in changes { writeHost(change.value, keys: change.keys, indent: 3, to: &out) }
        }
        if let landing {
            out.line(2, "expect: \(expectation(landing))")
        } else if let expect = action.expect {
            out.line(2, "expect: \(expectation(expect))")
        }
    }

    /// An action's own `expect`, as the loader reads it back (contract §2.4): only the fields it names.
    package static func expectation(_ expect: Expectation) -> String {
        var pairs = ["lands: \(expect.lands.rawValue)"]
        if let app = expect.app { pairs.append("app: \(quote(app))") }
        if let options = expect.options { pairs.append("options: \(list(options))") }
        if let screen = expect.screen { pairs.append("screen: \(quote(screen))") }
        if let params = expect.params { pairs.append("params: \(stringMap(params))") }
        if let via = expect.via { pairs.append("via: \(via.rawValue)") }
        if let browser = expect.browser { pairs.append("browser: \(quote(browser))") }
        if let url = expect.url { pairs.append("url: \(quote(url))") }
        if let callback = expect.callback { pairs.append("callback: \(quote(callback))") }
        if let delivered = expect.delivered { pairs.append("delivered: \(delivered)") }
        if let rule = expect.rule { pairs.append("rule: \(quote(rule.rawValue))") }
        for (key, value) in expect.extra.sorted(by: { $0.key < $1.key }) { pairs.append("\(key.rawValue): \(quote(value))") }
        return "{" + pairs.joined(separator: ", ") + "}"
    }

    static func writeTapKeys(_ tap: Tap, to out: inout YAMLLines) {
        out.line(2, "from: \(tap.from.rawValue)")
        if let page = tap.page { out.line(2, "page: \(quote(page))") }
        if let app = tap.browserApp { out.line(2, "browser_app: \(app.rawValue)") }
        if tap.gesture != .user { out.line(2, "gesture: \(tap.gesture.rawValue)") }
        if let caller = tap.caller { out.line(2, "caller: \(quote(caller))") }
        if tap.adClick { out.line(2, "ad_click: true") }
        if tap.srn { out.line(2, "srn: true") }
        if !tap.webViewClient { out.line(2, "webview_client: false") }
        if let app = tap.targetApp { out.line(2, "app: \(quote(app))") }
    }

    /// A landing as an `expect` flow mapping (contract §2.4).
    package static func expectation(_ landing: Landing) -> String {
        var pairs = ["lands: \(landing.kind.rawValue)"]
        if let app = landing.app { pairs.append("app: \(quote(app))") }
        if let options = landing.optionNames { pairs.append("options: \(list(options))") }
        if let screen = landing.screen { pairs.append("screen: \(quote(screen))") }
        if let params = landing.params, !params.isEmpty { pairs.append("params: \(stringMap(params))") }
        if let via = landing.via { pairs.append("via: \(via.rawValue)") }
        if let browser = landing.browser { pairs.append("browser: \(quote(browser.rawValue))") }
        if let url = landing.url { pairs.append("url: \(quote(url))") }
        if let callback = landing.callback { pairs.append("callback: \(quote(callback))") }
        if let delivered = landing.delivered { pairs.append("delivered: \(delivered)") }
        for key in landing.extra.keys.sorted() { pairs.append("\(quote(key.rawValue)): \(quote(landing.extra[key] ?? ""))") }
        return "{\(pairs.joined(separator: ", "))}"
    }
}
