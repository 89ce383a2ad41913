import Foundation

/// The keys of the scenario format (contract §2 plus linksim's documented additions), in one place,
/// so that "unknown key" messages and the format reference agree.
enum ScenarioKeys {
    static let tapModifiers = ["from", "page", "browser_app", "gesture", "caller", "ad_click", "srn", "webview_client"]
    static let top = ["linksim", "name", "description", "tags", "clock", "device", "apps", "web", "providers", "assumptions", "actions",
                      "tap", "expect"] + tapModifiers
    static let device = ["platform", "os", "default_browser", "developer_mode", "private_relay", "att", "network",
                         "clipboard", "safari_prefers_browser", "online", "scheme_collision", "managed", "att_answer_after", "app_link_verification_delay", "association_delay",
                         "browsers"]
    static let assumptions = ["sfsafariviewcontroller_taps_open_app", "redirects_open_app", "in_app_browsers_open_app",
                              "quirk_swiftui_cold_start_drop_18_4"]
    static let app = ["id", "name", "state", "team_id", "url_schemes", "associated_domains", "lifecycle", "build",
                      "info_plist", "entitlements", "manifest", "activities", "target_sdk", "signing_sha256",
                      "link_handling_allowed", "user_selected_domains", "domain_verification", "handles", "routes",
                      "home_screen", "current_screen", "sdk", "install_source", "ios_sdk"]
    static let activity = ["name", "exported", "launch_mode", "intent_filters", "target_activity", "enabled"]
    static let intentFilter = ["auto_verify", "actions", "categories", "data", "uri_relative_filter_groups"]
    static let filterData = ["scheme", "host", "port", "path", "path_prefix", "path_pattern", "path_advanced_pattern",
                             "path_suffix", "mime_type", "ssp", "ssp_prefix", "ssp_pattern", "ssp_advanced_pattern", "ssp_suffix"]
    static let relativeGroup = ["allow", "data"]
    static let relativeData = ["path", "path_prefix", "path_pattern", "path_advanced_pattern", "path_suffix",
                               "query", "query_prefix", "query_pattern", "query_advanced_pattern", "query_suffix",
                               "fragment", "fragment_prefix", "fragment_pattern", "fragment_advanced_pattern", "fragment_suffix"]
    static let route = ["path", "url", "deep_link_value", "param", "value", "screen"]
    static let webHost = ["aasa", "aasa_root", "cdn_aasa", "assetlinks", "redirects"]
    static let webResource = ["file", "json", "status", "content_type", "redirect"]
    static let redirectTarget = ["to", "status", "after"]
    static let providers = ["appsflyer", "branch", "adjust", "firebase"]
    static let appsflyer = ["domain", "template", "app", "short_links", "copy_to_clipboard", "server_latency_ms"]
    static let appsflyerShortLink = ["params", "expires"]
    static let branch = ["domain", "app", "links", "copy_to_clipboard"]
    static let branchLink = ["data"]
    static let simpleProvider = ["domain", "app"]
    static let adjust = simpleProvider + ["copy_to_clipboard"]
    static let actionVerbs = ["tap", "wait", "install", "launch", "uninstall", "update", "long_press", "answer", "set", "pm", "serve"]
    static let action = actionVerbs + tapModifiers + ["choose", "expect"]
    static let install = ["app", "source"]
    static let expect = ["lands", "app", "options", "screen", "params", "via", "browser", "url", "callback", "delivered",
                         "rule"] + deferredExpect
    /// Facts of a deferred first open, compared as text with `Landing.extra` (knowledge/deferred.md §10.7).
    static let deferredExpect = ["match_type", "deep_link_status", "is_deferred", "af_status", "is_first_launch",
                                 "match_guaranteed", "sdk_callback", "delivered_after", "paste_ui"]
    static let answerKeywords = ["open", "cancel", "always", "just_once", "allow_paste", "deny_paste"]

    /// `sdk:` keys by provider, and the kind of value each takes (knowledge/deferred.md §10.1).
    enum OptionKind { case bool, duration, text, number }
    static let sdkOptions: [SDKProvider: [String: OptionKind]] = [
        .appsflyer: ["udl": .bool, "conversion_data": .bool, "clipboard_recipe": .bool, "eddl": .bool,
                     "check_is_first_launch": .bool, "udl_on_reinstall": .bool,
                     "wait_for_att": .duration, "deep_link_timeout": .duration, "click_lookback": .duration],
        .branch: ["check_pasteboard_on_install": .bool, "match_duration": .duration, "match_type": .text],
        .adjust: ["link_me": .bool, "probabilistic_window": .duration, "device_matching_window": .duration,
                  "launch_deferred_deeplink": .bool],
        .none: [:],
    ]
}

/// Decodes a scenario tree into the model. Every check that can be made without simulating is made here.
final class ScenarioDecoder {
    let context: DecodingContext
    /// False when `device.platform` was missing or wrong (platform-specific checks are skipped).
    private var platformIsKnown = true

    init(context: DecodingContext) { self.context = context }

    func decode(_ root: YAMLNode) -> Scenario? {
        let c = context
        guard let top = c.mapping(root, what: "the scenario", allowed: ScenarioKeys.top) else { return nil }
        let fileStart = root.location

        // linksim: 1
        if let versionNode = c.require(top, "linksim", in: "the scenario", at: fileStart) {
            if let version = c.int(versionNode, what: "linksim"), version != 1 {
                c.error(versionNode.location, "unsupported format version \(version) in `linksim`; this linksim reads version 1")
            }
        }
        let name = c.require(top, "name", in: "the scenario", at: fileStart).flatMap { c.string($0, what: "name") }

        guard let deviceNode = c.require(top, "device", in: "the scenario", at: fileStart),
              let device = decodeDevice(deviceNode)
        else { return nil }

        var scenario = Scenario(name: name ?? "", device: device)
        scenario.file = c.file
        if let node = top["description"]?.value { scenario.description = c.optionalString(node, what: "description") }
        if let node = top["tags"]?.value { scenario.tags = c.stringList(node, what: "tags") ?? [] }
        if let node = top["clock"]?.value, let t = c.instant(node, what: "clock") { scenario.clock = t }
        if let node = top["apps"]?.value, let items = c.sequence(node, what: "apps") {
            scenario.apps = items.enumerated().compactMap { decodeApp($1, index: $0, platform: device.platform, api: device.os.apiLevel) }
            var seen: Set<String> = []
            for (i, app) in scenario.apps.enumerated() where !seen.insert(app.id).inserted {
                c.error(items[i].location, "app `\(app.id)` is listed twice in `apps`")
            }
        }
        for i in scenario.apps.indices { scenario.apps[i].installOrder = i }
        if let node = top["web"]?.value { scenario.web = decodeWeb(node) }
        if let node = top["providers"]?.value { scenario.providers = decodeProviders(node) }
        if let node = top["assumptions"]?.value { scenario.assumptions = decodeAssumptions(node) }

        // Actions: a list, or the single-tap shorthand at the top level.
        let shorthandKeys = ["tap", "expect"] + ScenarioKeys.tapModifiers
        let shorthand = top.filter { shorthandKeys.contains($0.key) }
        if let actionsEntry = top["actions"] {
            if let tapEntry = top["tap"] {
                c.error(tapEntry.keyLocation, "use either `actions:` or the single-tap shorthand `tap:`, not both")
            }
            if let items = c.sequence(actionsEntry.value, what: "actions") {
                if items.isEmpty { c.error(actionsEntry.value.location, "`actions` is empty; add at least one action such as `- tap: URL`") }
                scenario.actions = items.enumerated().compactMap { decodeAction($1, index: $0, scenario: scenario) }
            }
        } else if let tapEntry = top["tap"] {
            let entries = shorthand.values.sorted { ($0.keyLocation.line, $0.keyLocation.column) < ($1.keyLocation.line, $1.keyLocation.column) }
            let synthetic = YAMLNode.mapping(entries, tapEntry.keyLocation)
            if let action = decodeAction(synthetic, index: nil, scenario: scenario) { scenario.actions = [action] }
        } else {
            if let stray = shorthand.values.first {
                c.error(stray.keyLocation, "`\(stray.key)` belongs to a tap; add `tap: URL` or put it under `actions:`")
            }
            c.error(fileStart, "missing required key `actions` (or the single-tap shorthand `tap:`) in the scenario")
        }
        return scenario
    }

    // MARK: Assumptions

    private func decodeAssumptions(_ node: YAMLNode) -> Assumptions {
        let c = context
        var a = Assumptions()
        guard let map = c.mapping(node, what: "assumptions", allowed: ScenarioKeys.assumptions) else { return a }
        if let n = map["sfsafariviewcontroller_taps_open_app"]?.value,
           let b = c.bool(n, what: "assumptions.sfsafariviewcontroller_taps_open_app") {
            a.sfSafariViewControllerTapsOpenApps = b
        }
        if let n = map["in_app_browsers_open_app"]?.value, let b = c.bool(n, what: "assumptions.in_app_browsers_open_app") {
            a.inAppBrowsersOpenApps = b
        }
        if let n = map["quirk_swiftui_cold_start_drop_18_4"]?.value,
           let b = c.bool(n, what: "assumptions.quirk_swiftui_cold_start_drop_18_4") {
            a.swiftUIColdStartDrop184 = b
        }
        if let n = map["redirects_open_app"]?.value {
            if case .scalar(let text, _, _) = n, let t = Assumptions.Tristate(rawValue: text) {
                a.redirectsOpenApp = t
            } else {
                c.error(n.location, "`assumptions.redirects_open_app` must be auto, true or false, got \(c.describe(n))")
            }
        }
        return a
    }

    // MARK: Device

    private func decodeDevice(_ node: YAMLNode) -> Device? {
        let c = context
        guard let map = c.mapping(node, what: "device", allowed: ScenarioKeys.device) else { return nil }
        // A missing or wrong platform is reported once; decoding goes on as iOS so the rest of the
        // file is still checked, but platform-specific checks are skipped.
        let platformNode = c.require(map, "platform", in: "device", at: node.location)
        let knownPlatform = platformNode.flatMap { c.choice($0, what: "device.platform", as: Platform.self) }
        platformIsKnown = knownPlatform != nil
        let platform = knownPlatform ?? .ios
        var os = OSVersion.latest(platform)
        if let osNode = c.require(map, "os", in: "device", at: node.location), platformIsKnown {
            if case .scalar(let text, _, _) = osNode, let parsed = OSVersion.parse(text, platform: platform) {
                os = parsed
            } else {
                let example = platform == .ios ? "\"17.4\"" : "\"14\" or \"api34\""
                c.error(osNode.location, "`device.os` must be an \(platform.displayName) version such as \(example), got \(c.describe(osNode))")
            }
        }
        var device = Device(platform: platform, os: os)
        if let n = map["default_browser"]?.value, platformIsKnown {
            let allowed = platform == .ios ? Browser.iosChoices : Browser.androidChoices
            if let b = c.choice(n, what: "device.default_browser", as: Browser.self, among: allowed) { device.defaultBrowser = b }
        }
        if let n = map["developer_mode"]?.value, let b = c.bool(n, what: "device.developer_mode") { device.developerMode = b }
        if let n = map["private_relay"]?.value, let b = c.bool(n, what: "device.private_relay") { device.privateRelay = b }
        if let n = map["online"]?.value, let b = c.bool(n, what: "device.online") { device.online = b }
        if let n = map["managed"]?.value, let b = c.bool(n, what: "device.managed") { device.managed = b }
        if let n = map["browsers"]?.value, let items = c.sequence(n, what: "device.browsers") {
            device.installedBrowsers = items.enumerated().compactMap { i, item in
                c.choice(item, what: "device.browsers[\(i)]", as: Browser.self, among: Browser.androidChoices.filter { $0 != .none })
            }
        }
        if let n = map["att"]?.value, let a = c.choice(n, what: "device.att", as: ATTStatus.self) { device.att = a }
        if let n = map["network"]?.value, let s = c.string(n, what: "device.network") { device.network = s }
        if let n = map["clipboard"]?.value { device.clipboard = c.optionalString(n, what: "device.clipboard") }
        if let n = map["safari_prefers_browser"]?.value {
            device.safariPrefersBrowser = (c.stringList(n, what: "device.safari_prefers_browser") ?? []).map { $0.lowercased() }
        }
        if let n = map["att_answer_after"]?.value, let d = c.duration(n, what: "device.att_answer_after") { device.attAnswerAfter = d }
        if let n = map["association_delay"]?.value, let d = c.duration(n, what: "device.association_delay") {
            device.associationDelay = d
        }
        if let n = map["app_link_verification_delay"]?.value, let d = c.duration(n, what: "device.app_link_verification_delay") {
            device.appLinkVerificationDelay = d
        }
        if let n = map["scheme_collision"]?.value,
           let p = c.choice(n, what: "device.scheme_collision", as: SchemeCollisionPolicy.self) {
            device.schemeCollision = p
        }
        let iosOnly = ["developer_mode", "private_relay", "safari_prefers_browser", "scheme_collision", "managed", "association_delay"]
        let androidOnly = ["browsers", "app_link_verification_delay"]
        for key in device.platform == .ios ? androidOnly : iosOnly {
            guard let entry = map[key] else { continue }
            c.warn(entry.keyLocation, "`device.\(key)` has no effect on \(device.platform.displayName) (it is \(device.platform == .ios ? "an Android" : "an iOS") setting)")
        }
        return device
    }

    // MARK: Apps

    private func decodeApp(_ node: YAMLNode, index: Int, platform: Platform, api: Int) -> App? {
        let c = context
        let what = "apps[\(index)]"
        guard let map = c.mapping(node, what: what, allowed: ScenarioKeys.app),
              let idNode = c.require(map, "id", in: what, at: node.location),
              let id = c.string(idNode, what: "\(what).id")
        else { return nil }
        var app = App(id: id)
        if let n = map["name"]?.value, let s = c.string(n, what: "\(what).name") { app.name = s }
        if let n = map["state"]?.value, let s = c.choice(n, what: "\(what).state", as: AppState.self) { app.state = s }
        if let n = map["team_id"]?.value { app.teamID = c.string(n, what: "\(what).team_id") }
        if let n = map["url_schemes"]?.value { app.urlSchemes = c.stringList(n, what: "\(what).url_schemes") ?? [] }
        if let n = map["associated_domains"]?.value {
            app.associatedDomains = c.stringList(n, what: "\(what).associated_domains") ?? []
        }
        if let n = map["lifecycle"]?.value, let l = c.choice(n, what: "\(what).lifecycle", as: IOSLifecycle.self) { app.lifecycle = l }
        if let n = map["build"]?.value, let b = c.choice(n, what: "\(what).build", as: IOSBuild.self) { app.build = b }
        if let n = map["ios_sdk"]?.value {
            if case .scalar(let text, _, _) = n, let v = OSVersion.parse(text, platform: .ios) {
                app.iosSDK = v
            } else {
                c.error(n.location, "`\(what).ios_sdk` must be an iOS SDK version such as \"26.0\", got \(c.describe(n))")
            }
        }
        if let n = map["install_source"]?.value,
           let s = c.choice(n, what: "\(what).install_source", as: InstallSource.self) {
            app.installSource = s
        }
        if let entry = map["info_plist"], let path = c.string(entry.value, what: "\(what).info_plist") {
            app.infoPlistPath = path
            if let bytes = c.readFile(path, what: "\(what).info_plist", at: entry.value.location) {
                app.urlSchemes += PropertyListReader.urlSchemes(bytes, file: path, at: entry.value.location, context: c)
            }
        }
        if let entry = map["entitlements"], let path = c.string(entry.value, what: "\(what).entitlements") {
            app.entitlementsPath = path
            if let bytes = c.readFile(path, what: "\(what).entitlements", at: entry.value.location) {
                app.associatedDomains += PropertyListReader.associatedDomains(bytes, file: path, at: entry.value.location, context: c)
            }
        }
        if let entry = map["manifest"], let path = c.string(entry.value, what: "\(what).manifest") {
            app.manifestPath = path
            if let bytes = c.readFile(path, what: "\(what).manifest", at: entry.value.location) {
                ManifestLoading.merge(bytes, path: c.resolve(path), into: &app, at: entry.value.location, context: c)
            }
        }
        if let n = map["activities"]?.value, let items = c.sequence(n, what: "\(what).activities") {
            app.activities += items.enumerated().compactMap { decodeActivity($1, what: "\(what).activities[\($0)]") }
        }
        if let n = map["target_sdk"]?.value, let v = c.int(n, what: "\(what).target_sdk", range: 1...99) { app.targetSDK = v }
        if let n = map["signing_sha256"]?.value { app.signingSHA256 = c.stringList(n, what: "\(what).signing_sha256") ?? [] }
        if let n = map["link_handling_allowed"]?.value, let b = c.bool(n, what: "\(what).link_handling_allowed") {
            app.linkHandlingAllowed = b
        }
        if let n = map["user_selected_domains"]?.value {
            app.userSelectedDomains = c.stringList(n, what: "\(what).user_selected_domains") ?? []
        }
        if let n = map["domain_verification"]?.value {
            app.domainVerification = decodeDomainVerification(n, what: "\(what).domain_verification")
        }
        if let n = map["handles"]?.value { app.handles = c.stringList(n, what: "\(what).handles") }
        if let n = map["routes"]?.value, let items = c.sequence(n, what: "\(what).routes") {
            app.routes = items.enumerated().compactMap { decodeRoute($1, what: "\(what).routes[\($0)]") }
        }
        if let n = map["home_screen"]?.value, let s = c.string(n, what: "\(what).home_screen") { app.homeScreen = s }
        if let n = map["current_screen"]?.value { app.currentScreen = c.optionalString(n, what: "\(what).current_screen") }
        if let n = map["sdk"]?.value { app.sdk = decodeSDK(n, what: "\(what).sdk") }
        if app.teamID == nil, app.associatedDomains.contains(where: { $0.hasPrefix("applinks:") }),
           let entry = map["associated_domains"] ?? map["entitlements"] {
            c.error(entry.keyLocation, "\(what) has applinks: entries but no `team_id`; iOS matches the AASA file against TEAMID.\(id), so add e.g. `team_id: ABCDE12345`")
        }
        warnNoEffect(map, app: app, what: what, platform: platform, api: api)
        return app
    }

    static let iosOnlyAppKeys = ["team_id", "associated_domains", "entitlements", "info_plist", "lifecycle", "build", "ios_sdk"]
    static let androidOnlyAppKeys = ["activities", "manifest", "target_sdk", "signing_sha256", "link_handling_allowed",
                                     "user_selected_domains", "domain_verification"]

    /// Keys that are valid but do nothing on this platform, and verification states for hosts the
    /// verifier never checks: warnings, so nothing a scenario says is silently ignored.
    private func warnNoEffect(_ map: [String: YAMLNode.Entry], app: App, what: String, platform: Platform, api: Int) {
        let c = context
        let other = platform == .ios ? Self.androidOnlyAppKeys : Self.iosOnlyAppKeys
        for key in other {
            guard let entry = map[key] else { continue }
            c.warn(entry.keyLocation, "`\(what).\(key)` has no effect on \(platform.displayName) (it is \(platform == .ios ? "an Android" : "an iOS") setting)")
        }
        guard platform == .android, let entry = map["domain_verification"] else { return }
        let collected = AppLinkDomains.collect(app, api: api).autoVerify
        for host in app.domainVerification.keys.sorted() where !collected.contains(host) {
            c.warn(entry.keyLocation, "`\(what).domain_verification.\(host)` has no effect: no autoVerify filter of \(app.id) collects \(host), so the verifier never checks it (see rule android.applinks.collected-hosts)")
        }
    }

    static let verificationStates = ["none", "verified", "approved", "denied", "migrated", "restored", "legacy_failure",
                                     "system_configured"]

    private func decodeDomainVerification(_ node: YAMLNode, what: String) -> [String: String] {
        let c = context
        guard let entries = c.freeMapping(node, what: what) else { return [:] }
        var out: [String: String] = [:]
        for entry in entries {
            guard case .scalar(let text, _, _) = entry.value else {
                c.error(entry.value.location, "`\(what).\(entry.key)` must be a state, got \(entry.value.kindName)")
                continue
            }
            // A verifier error code (1024+) is a number; anything else must be a named state.
            if Int(text) != nil || Self.verificationStates.contains(text) {
                out[entry.key.lowercased()] = text
            } else {
                c.error(entry.value.location,
                        "`\(what).\(entry.key)` must be one of: \(Self.verificationStates.joined(separator: ", ")), or a verifier code such as 1026; got `\(text)`\(Suggestion.didYouMean(text, among: Self.verificationStates))")
            }
        }
        return out
    }

    private func decodeSDK(_ node: YAMLNode, what: String) -> SDKConfig {
        let c = context
        guard let entries = c.freeMapping(node, what: what) else { return SDKConfig() }
        var config = SDKConfig()
        if let providerEntry = entries.first(where: { $0.key == "provider" }) {
            config.provider = c.choice(providerEntry.value, what: "\(what).provider", as: SDKProvider.self) ?? .none
        } else {
            c.error(node.location, "missing required key `provider` in \(what)")
        }
        let known = ScenarioKeys.sdkOptions[config.provider] ?? [:]
        for entry in entries where entry.key != "provider" {
            guard let kind = known[entry.key] else {
                let valid = known.keys.sorted()
                let list = valid.isEmpty ? "no options" : "options: \(valid.joined(separator: ", "))"
                c.error(entry.keyLocation, "unknown key `\(entry.key)` in \(what) for provider \(config.provider.rawValue) (\(list))\(Suggestion.didYouMean(entry.key, among: valid))")
                continue
            }
            let optionWhat = "\(what).\(entry.key)"
            switch kind {
            case .bool: if let b = c.bool(entry.value, what: optionWhat) { config.options[entry.key] = .bool(b) }
            case .duration: if let d = c.duration(entry.value, what: optionWhat) { config.options[entry.key] = .duration(d) }
            case .text: if let s = c.string(entry.value, what: optionWhat) { config.options[entry.key] = .string(s) }
            case .number: if let i = c.int(entry.value, what: optionWhat) { config.options[entry.key] = .int(i) }
            }
        }
        return config
    }

    private func decodeRoute(_ node: YAMLNode, what: String) -> Route? {
        let c = context
        guard let map = c.mapping(node, what: what, allowed: ScenarioKeys.route) else { return nil }
        let screen = c.require(map, "screen", in: what, at: node.location).flatMap { c.string($0, what: "\(what).screen") }
        let kinds = ["path", "url", "deep_link_value", "param"].filter { map[$0] != nil }
        guard kinds.count == 1, let kind = kinds.first, let entry = map[kind] else {
            c.error(node.location, "\(what) needs exactly one of `path`, `url`, `deep_link_value` or `param` (with `value`)")
            return nil
        }
        guard let text = c.string(entry.value, what: "\(what).\(kind)") else { return nil }
        let pattern: Route.Pattern
        switch kind {
        case "path":
            guard text.hasPrefix("/") else {
                c.error(entry.value.location, "`\(what).path` must start with `/`, got `\(text)`")
                return nil
            }
            pattern = .path(text)
        case "url":
            guard text.contains("://") || text.contains(":") else {
                c.error(entry.value.location, "`\(what).url` must be a full URL such as shopapp://product/{id}, got `\(text)`")
                return nil
            }
            pattern = .url(text)
        case "deep_link_value": pattern = .deepLinkValue(text)
        default:
            let value = map["value"].flatMap { c.string($0.value, what: "\(what).value") } ?? "*"
            pattern = .param(name: text, value: value)
        }
        if kind != "param", let stray = map["value"] {
            c.error(stray.keyLocation, "`value` goes with `param:` only")
        }
        guard let screen else { return nil }
        return Route(pattern: pattern, screen: screen)
    }

    // MARK: Android inline form

    private func decodeActivity(_ node: YAMLNode, what: String) -> Activity? {
        let c = context
        guard let map = c.mapping(node, what: what, allowed: ScenarioKeys.activity),
              let nameNode = c.require(map, "name", in: what, at: node.location),
              let name = c.string(nameNode, what: "\(what).name")
        else { return nil }
        var activity = Activity(name: name)
        if let n = map["exported"]?.value { activity.exported = c.bool(n, what: "\(what).exported") }
        if let n = map["enabled"]?.value, let b = c.bool(n, what: "\(what).enabled") { activity.enabled = b }
        if let n = map["target_activity"]?.value { activity.targetActivity = c.string(n, what: "\(what).target_activity") }
        if let n = map["launch_mode"]?.value, let m = c.choice(n, what: "\(what).launch_mode", as: LaunchMode.self) {
            activity.launchMode = m
        }
        if let n = map["intent_filters"]?.value, let items = c.sequence(n, what: "\(what).intent_filters") {
            activity.intentFilters = items.enumerated().compactMap { decodeFilter($1, what: "\(what).intent_filters[\($0)]") }
        }
        return activity
    }

    private func decodeFilter(_ node: YAMLNode, what: String) -> IntentFilter? {
        let c = context
        guard let map = c.mapping(node, what: what, allowed: ScenarioKeys.intentFilter) else { return nil }
        var filter = IntentFilter()
        if let n = map["auto_verify"]?.value, let b = c.bool(n, what: "\(what).auto_verify") { filter.autoVerify = b }
        if let n = map["actions"]?.value { filter.actions = (c.stringList(n, what: "\(what).actions") ?? []).map(IntentFilter.fullAction) }
        if let n = map["categories"]?.value {
            filter.categories = (c.stringList(n, what: "\(what).categories") ?? []).map(IntentFilter.fullCategory)
        }
        if let n = map["data"]?.value, let items = c.sequence(n, what: "\(what).data") {
            for (i, item) in items.enumerated() {
                guard let d = c.mapping(item, what: "\(what).data[\(i)]", allowed: ScenarioKeys.filterData) else { continue }
                func s(_ key: String) -> String? {
                    d[key].flatMap { entry -> String? in
                        if case .scalar(let text, _, _) = entry.value { return text }
                        c.error(entry.value.location, "`\(what).data[\(i)].\(key)` must be text, got \(entry.value.kindName)")
                        return nil
                    }
                }
                var entry = IntentFilterData(scheme: s("scheme"), host: s("host"), port: s("port"), path: s("path"),
                                             pathPrefix: s("path_prefix"), pathPattern: s("path_pattern"),
                                             pathAdvancedPattern: s("path_advanced_pattern"),
                                             pathSuffix: s("path_suffix"), mimeType: s("mime_type"))
                entry.ssp = s("ssp"); entry.sspPrefix = s("ssp_prefix"); entry.sspPattern = s("ssp_pattern")
                entry.sspAdvancedPattern = s("ssp_advanced_pattern"); entry.sspSuffix = s("ssp_suffix")
                filter.data.append(entry)
            }
        }
        if let n = map["uri_relative_filter_groups"]?.value, let items = c.sequence(n, what: "\(what).uri_relative_filter_groups") {
            for (i, item) in items.enumerated() {
                let gWhat = "\(what).uri_relative_filter_groups[\(i)]"
                guard let g = c.mapping(item, what: gWhat, allowed: ScenarioKeys.relativeGroup) else { continue }
                var group = UriRelativeFilterGroup()
                if let n = g["allow"]?.value, let b = c.bool(n, what: "\(gWhat).allow") { group.allow = b }
                if let n = g["data"]?.value, let dataItems = c.sequence(n, what: "\(gWhat).data") {
                    for (j, dataItem) in dataItems.enumerated() {
                        let dWhat = "\(gWhat).data[\(j)]"
                        guard let d = c.mapping(dataItem, what: dWhat, allowed: ScenarioKeys.relativeData) else { continue }
                        var rd = RelativeFilterData()
                        func s(_ key: String) -> String? { d[key].flatMap { c.string($0.value, what: "\(dWhat).\(key)") } }
                        rd.path = s("path"); rd.pathPrefix = s("path_prefix"); rd.pathPattern = s("path_pattern")
                        rd.pathAdvancedPattern = s("path_advanced_pattern"); rd.pathSuffix = s("path_suffix")
                        rd.query = s("query"); rd.queryPrefix = s("query_prefix"); rd.queryPattern = s("query_pattern")
                        rd.queryAdvancedPattern = s("query_advanced_pattern"); rd.querySuffix = s("query_suffix")
                        rd.fragment = s("fragment"); rd.fragmentPrefix = s("fragment_prefix")
                        rd.fragmentPattern = s("fragment_pattern"); rd.fragmentAdvancedPattern = s("fragment_advanced_pattern")
                        rd.fragmentSuffix = s("fragment_suffix")
                        group.data.append(rd)
                    }
                }
                filter.uriRelativeFilterGroups.append(group)
            }
        }
        return filter
    }

    // MARK: Web

    private func decodeWeb(_ node: YAMLNode, what section: String = "web") -> Web {
        let c = context
        guard let entries = c.freeMapping(node, what: section) else { return Web() }
        var web = Web()
        for entry in entries {
            let hostName = entry.key.lowercased()
            let what = "\(section).\(entry.key)"
            if hostName.contains("/") || hostName.contains(":") || hostName.isEmpty {
                c.error(entry.keyLocation, "`\(entry.key)` in `\(section)` must be a host name such as shop.example.com (no scheme, port or path)")
                continue
            }
            var host = WebHost(host: hostName)
            if !entry.value.isNull, let map = c.mapping(entry.value, what: what, allowed: ScenarioKeys.webHost) {
                if let n = map["aasa"]?.value { host.aasa = decodeResource(n, what: "\(what).aasa") }
                if let n = map["aasa_root"]?.value { host.aasaRoot = decodeResource(n, what: "\(what).aasa_root") }
                if let n = map["cdn_aasa"]?.value { host.cdnAASA = decodeResource(n, what: "\(what).cdn_aasa") }
                if let n = map["assetlinks"]?.value { host.assetlinks = decodeResource(n, what: "\(what).assetlinks") }
                if let n = map["redirects"]?.value, let rules = c.freeMapping(n, what: "\(what).redirects") {
                    host.redirects = rules.compactMap { decodeRedirect($0, what: "\(what).redirects") }
                }
            }
            web.hosts[hostName] = host
        }
        return web
    }

    private func decodeRedirect(_ entry: YAMLNode.Entry, what: String) -> RedirectRule? {
        let c = context
        guard entry.key.hasPrefix("/") else {
            c.error(entry.keyLocation, "redirect pattern `\(entry.key)` in `\(what)` must be a path starting with `/`")
            return nil
        }
        switch entry.value {
        case .scalar:
            guard let target = c.string(entry.value, what: "\(what).\(entry.key)") else { return nil }
            return RedirectRule(pattern: entry.key, target: target)
        default:
            guard let map = c.mapping(entry.value, what: "\(what).\(entry.key)", allowed: ScenarioKeys.redirectTarget),
                  let toNode = c.require(map, "to", in: "\(what).\(entry.key)", at: entry.value.location),
                  let target = c.string(toNode, what: "\(what).\(entry.key).to")
            else { return nil }
            var rule = RedirectRule(pattern: entry.key, target: target)
            if let n = map["status"]?.value, let s = c.int(n, what: "\(what).\(entry.key).status", range: 300...399) { rule.status = s }
            if let n = map["after"]?.value, let d = c.duration(n, what: "\(what).\(entry.key).after") { rule.after = d }
            return rule
        }
    }

    private func decodeResource(_ node: YAMLNode, what: String) -> WebResource? {
        let c = context
        guard let map = c.mapping(node, what: what, allowed: ScenarioKeys.webResource) else { return nil }
        var resource = WebResource(body: nil, origin: "no body")
        if map["file"] != nil, map["json"] != nil, let entry = map["json"] {
            c.error(entry.keyLocation, "`\(what)` takes either `file:` or `json:`, not both")
        }
        if let entry = map["file"], let path = c.string(entry.value, what: "\(what).file") {
            resource.body = c.readFile(path, what: "\(what).file", at: entry.value.location)
            resource.origin = path
        } else if let entry = map["json"] {
            switch entry.value {
            case .scalar(let text, _, _):
                // A JSON document written as a string (possibly deliberately broken, to test validation).
                resource.body = Array(text.utf8)
            default:
                resource.body = Array(JSONRendering.render(entry.value).utf8)
            }
            resource.origin = "inline json at \(entry.keyLocation)"
        }
        if let n = map["redirect"]?.value, let target = c.string(n, what: "\(what).redirect") {
            resource.redirect = target
            resource.status = 301
        }
        if let n = map["status"]?.value, let s = c.int(n, what: "\(what).status", range: 100...599) { resource.status = s }
        if let n = map["content_type"]?.value, let s = c.string(n, what: "\(what).content_type") { resource.contentType = s }
        if resource.body == nil, resource.redirect == nil, resource.status == 200, map["file"] == nil, map["json"] == nil {
            c.error(node.location, "`\(what)` needs `file:` or `json:` (or a `redirect:` or an error `status:`)")
        }
        return resource
    }

    // MARK: Providers

    private func decodeProviders(_ node: YAMLNode) -> Providers {
        let c = context
        var providers = Providers()
        guard let map = c.mapping(node, what: "providers", allowed: ScenarioKeys.providers) else { return providers }
        if let n = map["appsflyer"]?.value, let m = c.mapping(n, what: "providers.appsflyer", allowed: ScenarioKeys.appsflyer),
           let domain = c.require(m, "domain", in: "providers.appsflyer", at: n.location).flatMap({ c.string($0, what: "providers.appsflyer.domain") }) {
            var config = AppsFlyerConfig(domain: domain.lowercased())
            config.template = m["template"].flatMap { c.string($0.value, what: "providers.appsflyer.template") }
            config.app = m["app"].flatMap { c.string($0.value, what: "providers.appsflyer.app") }
            if let links = m["short_links"]?.value, let entries = c.freeMapping(links, what: "providers.appsflyer.short_links") {
                for entry in entries {
                    let what = "providers.appsflyer.short_links.\(entry.key)"
                    guard let lm = c.mapping(entry.value, what: what, allowed: ScenarioKeys.appsflyerShortLink) else { continue }
                    let params = lm["params"].flatMap { c.stringMap($0.value, what: "\(what).params") } ?? [:]
                    let expires = lm["expires"].flatMap { c.instant($0.value, what: "\(what).expires") }
                    config.shortLinks[entry.key] = AppsFlyerShortLink(params: params, expires: expires)
                }
            }
            if let n = m["copy_to_clipboard"]?.value, let b = c.bool(n, what: "providers.appsflyer.copy_to_clipboard") {
                config.options["copy_to_clipboard"] = .bool(b)
            }
            if let n = m["server_latency_ms"]?.value, let ms = c.int(n, what: "providers.appsflyer.server_latency_ms", range: 0...600_000) {
                config.options["server_latency_ms"] = .int(ms)
            }
            providers.appsflyer = config
        }
        if let n = map["branch"]?.value, let m = c.mapping(n, what: "providers.branch", allowed: ScenarioKeys.branch),
           let domain = c.require(m, "domain", in: "providers.branch", at: n.location).flatMap({ c.string($0, what: "providers.branch.domain") }) {
            var config = BranchConfig(domain: domain.lowercased())
            config.app = m["app"].flatMap { c.string($0.value, what: "providers.branch.app") }
            if let links = m["links"]?.value, let entries = c.freeMapping(links, what: "providers.branch.links") {
                for entry in entries {
                    let what = "providers.branch.links.\(entry.key)"
                    guard let lm = c.mapping(entry.value, what: what, allowed: ScenarioKeys.branchLink) else { continue }
                    let data = lm["data"].flatMap { c.stringMap($0.value, what: "\(what).data") } ?? [:]
                    config.links[entry.key] = BranchLink(data: data)
                }
            }
            if let n = m["copy_to_clipboard"]?.value, let b = c.bool(n, what: "providers.branch.copy_to_clipboard") {
                config.options["copy_to_clipboard"] = .bool(b)
            }
            providers.branch = config
        }
        for key in ["adjust", "firebase"] {
            guard let n = map[key]?.value,
                  let m = c.mapping(n, what: "providers.\(key)", allowed: key == "adjust" ? ScenarioKeys.adjust : ScenarioKeys.simpleProvider),
                  let domain = c.require(m, "domain", in: "providers.\(key)", at: n.location)
                    .flatMap({ c.string($0, what: "providers.\(key).domain") })
            else { continue }
            var config = SimpleProviderConfig(domain: domain.lowercased(),
                                              app: m["app"].flatMap { c.string($0.value, what: "providers.\(key).app") })
            if let n = m["copy_to_clipboard"]?.value, let b = c.bool(n, what: "providers.\(key).copy_to_clipboard") {
                config.options["copy_to_clipboard"] = .bool(b)
            }
            if key == "adjust" { providers.adjust = config } else { providers.firebase = config }
        }
        return providers
    }

    // MARK: Actions

    /// `index` is nil for the single-tap shorthand, whose keys sit at the top level.
    private func decodeAction(_ node: YAMLNode, index: Int?, scenario: Scenario) -> Action? {
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
        let location = verbEntry.keyLocation
        let kind: ActionKind
        let v = verbEntry.value
        switch verb {
        case "tap", "long_press":
            guard let tap = decodeTap(v, modifiers: map, key: key, platform: scenario.device.platform) else { return nil }
            if verb == "tap" {
                kind = .tap(tap)
            } else {
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
                let source = m["source"].flatMap { c.choice($0.value, what: "\(key("install")).source", as: InstallSource.self) } ?? .store
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
                c.error(v.location, "`\(key("answer"))` must be one of: \(ScenarioKeys.answerKeywords.joined(separator: ", ")), an app id from `apps`, or a browser; got `\(answer)`\(Suggestion.didYouMean(answer, among: valid))")
                return nil
            }
            kind = .answer(answer)
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

    private func appReference(_ node: YAMLNode, what: String, scenario: Scenario) -> String? {
        let c = context
        guard let id = c.string(node, what: what) else { return nil }
        guard scenario.appIndex(id) != nil else {
            c.error(node.location, "`\(what)`: no app `\(id)` in `apps`\(Suggestion.didYouMean(id, among: scenario.apps.map(\.id)))")
            return nil
        }
        return id
    }

    private func decodeTap(_ node: YAMLNode, modifiers map: [String: YAMLNode.Entry], key: (String) -> String, platform: Platform) -> Tap? {
        let c = context
        guard let url = c.string(node, what: "\(key("tap"))") else { return nil }
        guard URLParts(url) != nil else {
            c.error(node.location, "`\(key("tap"))` must be a URL with a scheme, such as https://shop.example.com/product/42 or shopapp://product/42; got `\(url)`")
            return nil
        }
        var tap = Tap(url: url, from: .messages)
        if let n = map["from"]?.value, let f = c.choice(n, what: "\(key("from"))", as: TapSource.self) {
            tap.from = f
            if platformIsKnown, !f.exists(on: platform) {
                c.error(n.location, "`from: \(f.rawValue)` does not exist on \(platform.displayName); choose one of: \(TapSource.allCases.filter { $0.exists(on: platform) }.map(\.rawValue).joined(separator: ", "))")
            }
        }
        if let n = map["page"]?.value, let p = c.string(n, what: "\(key("page"))") {
            if URLParts(p)?.host == nil {
                c.error(n.location, "`\(key("page"))` must be a web URL such as https://news.example.org/article; got `\(p)`")
            }
            tap.page = p
        }
        if let n = map["browser_app"]?.value, let b = c.choice(n, what: "\(key("browser_app"))", as: InAppBrowserApp.self) {
            tap.browserApp = b
            if tap.from != .inAppBrowser, let entry = map["browser_app"] {
                c.error(entry.keyLocation, "`browser_app` goes with `from: in_app_browser`")
            }
        }
        if let n = map["gesture"]?.value, let g = c.choice(n, what: "\(key("gesture"))", as: Gesture.self) { tap.gesture = g }
        if let n = map["caller"]?.value { tap.caller = c.string(n, what: "\(key("caller"))") }
        if let n = map["ad_click"]?.value, let b = c.bool(n, what: "\(key("ad_click"))") { tap.adClick = b }
        if let n = map["srn"]?.value, let b = c.bool(n, what: "\(key("srn"))") { tap.srn = b }
        if let entry = map["webview_client"], let b = c.bool(entry.value, what: "\(key("webview_client"))") {
            if platform != .android || tap.from != .webview {
                c.error(entry.keyLocation, "`webview_client` goes with `from: webview` on Android (an Android WebView with or without a WebViewClient)")
            }
            tap.webViewClient = b
        }
        return tap
    }

    func decodeExpectation(_ node: YAMLNode, what: String, scenario: Scenario) -> Expectation? {
        let c = context
        guard let map = c.mapping(node, what: what, allowed: ScenarioKeys.expect),
              let landsNode = c.require(map, "lands", in: what, at: node.location),
              let lands = c.choice(landsNode, what: "\(what).lands", as: LandingKind.self)
        else { return nil }
        var e = Expectation(lands: lands)
        e.location = node.location
        e.app = map["app"].flatMap { c.string($0.value, what: "\(what).app") }
        e.options = map["options"].flatMap { c.stringList($0.value, what: "\(what).options") }
        e.screen = map["screen"].flatMap { c.string($0.value, what: "\(what).screen") }
        e.params = map["params"].flatMap { c.stringMap($0.value, what: "\(what).params") }
        e.via = map["via"].flatMap { c.choice($0.value, what: "\(what).via", as: Via.self) }
        e.browser = map["browser"].flatMap { c.string($0.value, what: "\(what).browser") }
        e.url = map["url"].flatMap { c.string($0.value, what: "\(what).url") }
        e.callback = map["callback"].flatMap { c.string($0.value, what: "\(what).callback") }
        e.delivered = map["delivered"].flatMap { c.bool($0.value, what: "\(what).delivered") }
        if let entry = map["rule"], let id = c.string(entry.value, what: "\(what).rule") {
            if RuleCatalog.rule(id) == nil {
                c.error(entry.value.location, "`\(what).rule`: no rule `\(id)` in the catalog\(Suggestion.didYouMean(id, among: RuleCatalog.all.map(\.id))) (see `linksim rules`)")
            }
            e.rule = id
        }
        for key in ScenarioKeys.deferredExpect {
            if let entry = map[key], let value = c.scalar(entry.value, what: "\(what).\(key)") { e.extra[key] = value.description }
        }
        return e
    }
}

/// Renders a YAML subtree as JSON text (for `json:` association files written inline).
enum JSONRendering {
    static func render(_ node: YAMLNode) -> String {
        switch node {
        case .scalar(let text, let plain, _):
            if plain {
                if YAMLNode.isNull(text) { return "null" }
                if let b = YAMLNode.bool(text) { return b ? "true" : "false" }
                if Int(text) != nil || Double(text) != nil { return text }
            }
            return JSONText.quote(text)
        case .sequence(let items, _):
            return "[" + items.map(render).joined(separator: ",") + "]"
        case .mapping(let entries, _):
            return "{" + entries.map { JSONText.quote($0.key) + ":" + render($0.value) }.joined(separator: ",") + "}"
        }
    }


}
