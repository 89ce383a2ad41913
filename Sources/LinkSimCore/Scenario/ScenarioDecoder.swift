import Foundation

/// The keys of the scenario format (contract §2 plus linksim's documented additions), in one place,
/// so that "unknown key" messages and the format reference agree.
enum ScenarioKeys {
    static let tapModifiers = ["from", "page", "browser_app", "gesture", "caller", "ad_click", "srn", "webview_client", "app"]
    static let top =
        [
            "linksim", "name", "description", "tags", "clock", "device", "apps", "web", "providers", "assumptions", "actions",
            "tap", "expect",
        ] + tapModifiers
    static let device = [
        "platform", "os", "default_browser", "developer_mode", "private_relay", "att", "network",
        "clipboard", "safari_prefers_browser", "online", "scheme_collision", "managed", "att_answer_after", "app_link_verification_delay", "association_delay",
        "browsers",
    ]
    static let assumptions = [
        "sfsafariviewcontroller_taps_open_app", "redirects_open_app", "in_app_browsers_open_app",
        "quirk_swiftui_cold_start_drop_18_4", "aasa_content_type_strict",
    ]
    static let app =
        [
            "id", "name", "state", "team_id", "url_schemes", "associated_domains", "lifecycle", "build",
            "info_plist", "entitlements", "manifest", "manifest_placeholders", "res", "manifest_package", "pm_app_links", "activities", "target_sdk",
            "signing_sha256",
            "link_handling_allowed", "user_selected_domains", "domain_verification", "handles", "routes",
            "home_screen", "current_screen", "sdk", "install_source", "ios_sdk",
        ] + appSide
    static let activity = ["name", "exported", "launch_mode", "intent_filters", "target_activity", "enabled"]
    static let intentFilter = ["auto_verify", "actions", "categories", "data", "uri_relative_filter_groups", "source", "unresolved"]
    static let unresolvedValue = ["scope", "attribute", "data", "value", "at", "reason"]
    static let filterData = [
        "scheme", "host", "port", "path", "path_prefix", "path_pattern", "path_advanced_pattern",
        "path_suffix", "mime_type", "ssp", "ssp_prefix", "ssp_pattern", "ssp_advanced_pattern", "ssp_suffix",
    ]
    static let relativeGroup = ["allow", "data"]
    static let relativeData = [
        "path", "path_prefix", "path_pattern", "path_advanced_pattern", "path_suffix",
        "query", "query_prefix", "query_pattern", "query_advanced_pattern", "query_suffix",
        "fragment", "fragment_prefix", "fragment_pattern", "fragment_advanced_pattern", "fragment_suffix",
    ]
    static let route = ["path", "url", "deep_link_value", "param", "value", "screen"] + routeAppSide
    static let webHost = ["aasa", "aasa_root", "cdn_aasa", "assetlinks", "redirects", "redirect_evidence", "tls", "fallback_pages", "app_clip"]
    static let appClip = ["parent", "clip", "paths"]
    static let fallbackPage = ["try", "fallback", "timer_ms", "prompt_answer_ms", "switch_ms"]
    static let redirectEvidence = ["file", "url"]
    static let webResource = ["file", "json", "status", "content_type", "redirect"]
    static let redirectTarget = ["to", "status", "after"]
    static let providers = ["appsflyer", "branch", "adjust", "firebase"]
    static let appsflyer = ["domain", "template", "app", "short_links", "copy_to_clipboard", "server_latency_ms"]
    static let appsflyerShortLink = ["params", "expires"]
    static let branch = ["domain", "app", "links", "copy_to_clipboard"]
    static let branchLink = ["data"]
    static let simpleProvider = ["domain", "app"]
    static let adjust = simpleProvider + ["copy_to_clipboard"]
    static let actionVerbs = [
        "tap", "wait", "install", "launch", "uninstall", "update", "long_press", "answer", "set", "pm", "serve", "clear_defaults",
    ]
    static let action = actionVerbs + tapModifiers + ["choose", "expect", "always"]
    static let install = ["app", "source"]
    static let expect =
        [
            "lands", "app", "options", "screen", "params", "via", "browser", "url", "callback", "delivered",
            "rule",
        ] + deferredExpect + appSideExpect
    /// Facts of a deferred first open, compared as text with `Landing.extra`.
    static let deferredExpect = LandingFact.deferred.map(\.rawValue)
    static let answerKeywords = Answer.keywords.map(\.description)

    /// `sdk:` keys by provider, and the kind of value each takes.
    enum OptionKind { case bool, duration, text, number }
    static let sdkOptions: [SDKProvider: [String: OptionKind]] = [
        .appsflyer: [
            "udl": .bool, "conversion_data": .bool, "clipboard_recipe": .bool, "eddl": .bool,
            "check_is_first_launch": .bool, "udl_on_reinstall": .bool,
            "wait_for_att": .duration, "deep_link_timeout": .duration, "click_lookback": .duration,
            "version": .text, "started": .bool, "forwards_links": .bool, "routes_once": .bool, "debug": .bool, "test_device": .bool,
        ],
        .branch: ["check_pasteboard_on_install": .bool, "match_duration": .duration, "match_type": .text],
        .adjust: [
            "link_me": .bool, "probabilistic_window": .duration, "device_matching_window": .duration,
            "launch_deferred_deeplink": .bool,
        ],
        .none: [:],
    ]
}

/// Decodes a scenario tree into the model. Every check that can be made without simulating is made here.
final class ScenarioDecoder {
    let context: DecodingContext
    /// False when `device.platform` was missing or wrong (platform-specific checks are skipped).
    var platformIsKnown = true

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
        if let node = top.value("description") { scenario.description = c.optionalString(node, what: "description") }
        if let node = top.value("tags") { scenario.tags = c.stringList(node, what: "tags") ?? [] }
        if let node = top.value("clock"), let t = c.instant(node, what: "clock") { scenario.clock = t }
        if let node = top.value("apps"), let items = c.sequence(node, what: "apps") {
            scenario.apps = items.enumerated().compactMap { decodeApp($1, index: $0, platform: device.platform, api: device.os.apiLevel) }
            var seen: Set<String> = []
            for (i, app) in scenario.apps.enumerated() where !seen.insert(app.id).inserted {
                c.error(items[i].location, "app `\(app.id)` is listed twice in `apps`")
            }
        }
        for i in scenario.apps.indices { scenario.apps[i].installOrder = i }
        if let node = top.value("web") { scenario.web = decodeWeb(node) }
        if let node = top.value("providers") { scenario.providers = decodeProviders(node) }
        if let node = top.value("assumptions") { scenario.assumptions = decodeAssumptions(node) }

        // Actions: a list, or the single-tap shorthand at the top level.
        let shorthandKeys = ["tap", "expect"] + ScenarioKeys.tapModifiers
        let shorthand = top.filter { shorthandKeys.contains($0.key) }
        if let actionsEntry = top["actions"] {
            if let tapEntry = top["tap"] {
                c.error(tapEntry.keyLocation, "use either `actions:` or the single-tap shorthand `tap:`, not both")
            }
            if let items = c.sequence(actionsEntry.value, what: "actions") {
                if items.isEmpty { c.error(actionsEntry.value.location, "`actions` is empty; add at least one action such as `- tap: URL`") }
                // The actions read the scenario so far (its device and apps) from one constant: a closure that
                // captured the variable copied the whole scenario for each action.
                let sofar = scenario
                scenario.actions = items.enumerated().compactMap { decodeAction($1, index: $0, scenario: sofar) }
            }
        } else if let tapEntry = top["tap"] {
            let entries = shorthand.sorted { ($0.keyLocation.line, $0.keyLocation.column) < ($1.keyLocation.line, $1.keyLocation.column) }
            let synthetic = YAMLNode.mapping(entries, tapEntry.keyLocation)
            if let action = decodeAction(synthetic, index: nil, scenario: scenario) { scenario.actions = [action] }
        } else {
            // The first in the file (a dictionary's order changed from run to run).
            let strays = shorthand.sorted { ($0.keyLocation.line, $0.keyLocation.column) < ($1.keyLocation.line, $1.keyLocation.column) }
            if let stray = strays.first {
                c.error(stray.keyLocation, "`\(stray.key)` belongs to a tap; add `tap: URL` or put it under `actions:`")
            }
            c.error(fileStart, "missing required key `actions` (or the single-tap shorthand `tap:`) in the scenario")
        }
        return scenario
    }

    // MARK: Assumptions

    func decodeAssumptions(_ node: YAMLNode) -> Assumptions {
        let c = context
        var a = Assumptions()
        guard let map = c.mapping(node, what: "assumptions", allowed: ScenarioKeys.assumptions) else { return a }
        if let n = map.value("sfsafariviewcontroller_taps_open_app"),
            let b = c.bool(n, what: "assumptions.sfsafariviewcontroller_taps_open_app")
        {
            a.sfSafariViewControllerTapsOpenApps = b
        }
        if let n = map.value("in_app_browsers_open_app"), let b = c.bool(n, what: "assumptions.in_app_browsers_open_app") {
            a.inAppBrowsersOpenApps = b
        }
        if let n = map.value("quirk_swiftui_cold_start_drop_18_4"),
            let b = c.bool(n, what: "assumptions.quirk_swiftui_cold_start_drop_18_4")
        {
            a.swiftUIColdStartDrop184 = b
        }
        if let n = map.value("aasa_content_type_strict"), let b = c.bool(n, what: "assumptions.aasa_content_type_strict") {
            a.aasaContentTypeStrict = b
        }
        if let n = map.value("redirects_open_app") {
            if case .scalar(let text, _, _) = n, let t = Assumptions.Tristate(rawValue: text) {
                a.redirectsOpenApp = t
            } else {
                c.error(n.location, "`assumptions.redirects_open_app` must be auto, true or false, got \(c.describe(n))")
            }
        }
        return a
    }

    // MARK: Device

    func decodeDevice(_ node: YAMLNode) -> Device? {
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
                var why = ""
                if case .scalar(let text, _, _) = osNode, let problem = OSVersion.problem(text, platform: platform) { why = ": \(problem)" }
                c.error(
                    osNode.location, "`device.os` must be an \(platform.displayName) version such as \(example), got \(c.describe(osNode))\(why)")
            }
        }
        var device = Device(platform: platform, os: os)
        if let n = map.value("default_browser"), platformIsKnown {
            let allowed = platform == .ios ? Browser.iosChoices : Browser.androidChoices
            if let b = c.choice(n, what: "device.default_browser", as: Browser.self, among: allowed) { device.defaultBrowser = b }
        }
        if let n = map.value("developer_mode"), let b = c.bool(n, what: "device.developer_mode") { device.developerMode = b }
        if let n = map.value("private_relay"), let b = c.bool(n, what: "device.private_relay") { device.privateRelay = b }
        if let n = map.value("online"), let b = c.bool(n, what: "device.online") { device.online = b }
        if let n = map.value("managed"), let b = c.bool(n, what: "device.managed") { device.managed = b }
        if let n = map.value("browsers"), let items = c.sequence(n, what: "device.browsers") {
            device.installedBrowsers = items.enumerated().compactMap { i, item in
                c.choice(item, what: "device.browsers[\(i)]", as: Browser.self, among: Browser.androidChoices.filter { $0 != .none })
            }
        }
        if let n = map.value("att"), let a = c.choice(n, what: "device.att", as: ATTStatus.self) { device.att = a }
        if let n = map.value("network"), let s = c.string(n, what: "device.network") { device.network = s }
        if let n = map.value("clipboard") { device.clipboard = c.optionalString(n, what: "device.clipboard") }
        if let n = map.value("safari_prefers_browser") {
            device.safariPrefersBrowser = (c.stringList(n, what: "device.safari_prefers_browser") ?? []).map { $0.lowercased() }
        }
        if let n = map.value("att_answer_after"), let d = c.duration(n, what: "device.att_answer_after") { device.attAnswerAfter = d }
        if let n = map.value("association_delay"), let d = c.duration(n, what: "device.association_delay") {
            device.associationDelay = d
        }
        if let n = map.value("app_link_verification_delay"), let d = c.duration(n, what: "device.app_link_verification_delay") {
            device.appLinkVerificationDelay = d
        }
        if let n = map.value("scheme_collision"),
            let p = c.choice(n, what: "device.scheme_collision", as: SchemeCollisionPolicy.self)
        {
            device.schemeCollision = p
        }
        let iosOnly = ["developer_mode", "private_relay", "safari_prefers_browser", "scheme_collision", "managed", "association_delay"]
        let androidOnly = ["browsers", "app_link_verification_delay"]
        for key in device.platform == .ios ? androidOnly : iosOnly {
            guard let entry = map[key] else { continue }
            c.warn(
                entry.keyLocation,
                "`device.\(key)` has no effect on \(device.platform.displayName) (it is \(device.platform == .ios ? "an Android" : "an iOS") setting)")
        }
        return device
    }
}
