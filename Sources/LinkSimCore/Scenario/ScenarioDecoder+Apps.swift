import Foundation

/// The `apps:` section: apps, their routes, activities, intent filters, SDKs and verification.
extension ScenarioDecoder {
    // MARK: Apps

    func decodeApp(_ node: YAMLNode, index: Int, platform: Platform, api: Int) -> App? {
        let c = context
        let what = "apps[\(index)]"
        guard let map = c.mapping(node, what: what, allowed: ScenarioKeys.app),
            let idNode = c.require(map, "id", in: what, at: node.location),
            let id = c.string(idNode, what: "\(what).id")
        else { return nil }
        var app = App(id: id)
        if let n = map.value("name"), let s = c.string(n, what: "\(what).name") { app.name = s }
        if let n = map.value("state"), let s = c.choice(n, what: "\(what).state", as: AppState.self) { app.state = s }
        if let n = map.value("team_id") { app.teamID = c.string(n, what: "\(what).team_id") }
        if let n = map.value("url_schemes") { app.urlSchemes = c.stringList(n, what: "\(what).url_schemes") ?? [] }
        if let n = map.value("associated_domains") {
            app.associatedDomains = c.stringList(n, what: "\(what).associated_domains") ?? []
        }
        if let n = map.value("lifecycle"), let l = c.choice(n, what: "\(what).lifecycle", as: IOSLifecycle.self) { app.lifecycle = l }
        if let n = map.value("build"), let b = c.choice(n, what: "\(what).build", as: IOSBuild.self) { app.build = b }
        if let n = map.value("ios_sdk") {
            if case .scalar(let text, _, _) = n, let v = OSVersion.parse(text, platform: .ios) {
                app.iosSDK = v
            } else {
                var why = ""
                if case .scalar(let text, _, _) = n, let problem = OSVersion.problem(text, platform: .ios) { why = ": \(problem)" }
                c.error(n.location, "`\(what).ios_sdk` must be an iOS SDK version such as \"26.0\", got \(c.describe(n))\(why)")
            }
        }
        if let n = map.value("install_source"),
            let s = c.choice(n, what: "\(what).install_source", as: InstallSource.self)
        {
            app.installSource = s
        }
        if let entry = map["info_plist"], let path = c.string(entry.value, what: "\(what).info_plist") {
            app.infoPlistPath = path
            if let bytes = c.readFile(path, what: "\(what).info_plist", at: entry.value.location) {
                app.urlSchemes += PropertyListReader.urlSchemes(bytes, file: path, at: entry.value.location, context: c)
                // LSApplicationQueriesSchemes: what canOpenURL(_:) may ask about (link_check).
                if let files = try? IOSAppFiles.read(entitlements: nil, infoPlist: (bytes, path)) {
                    app.behaviour.queries.schemes += files.queriedSchemes
                }
            }
        }
        if let entry = map["entitlements"], let path = c.string(entry.value, what: "\(what).entitlements") {
            app.entitlementsPath = path
            if let bytes = c.readFile(path, what: "\(what).entitlements", at: entry.value.location) {
                app.associatedDomains += PropertyListReader.associatedDomains(bytes, file: path, at: entry.value.location, context: c)
                // A built app's entitlements name the team in application-identifier (TEAMID.bundle.id).
                if map["team_id"] == nil, let files = try? IOSAppFiles.read(entitlements: (bytes, path), infoPlist: nil),
                    let team = files.teamID
                {
                    app.teamID = team
                }
            }
        }
        if let n = map.value("manifest_package") { app.manifestPackage = c.string(n, what: "\(what).manifest_package") }
        if let entry = map["manifest"] {
            decodeManifests(entry, map: map, into: &app, what: what, api: api)
        }
        if let n = map.value("activities"), let items = c.sequence(n, what: "\(what).activities") {
            app.activities += items.enumerated().compactMap { decodeActivity($1, what: "\(what).activities[\($0)]") }
        }
        if let n = map.value("target_sdk"), let v = c.int(n, what: "\(what).target_sdk", range: 1...99) { app.targetSDK = v }
        if let n = map.value("signing_sha256") { app.signingSHA256 = c.stringList(n, what: "\(what).signing_sha256") ?? [] }
        if let n = map.value("link_handling_allowed"), let b = c.bool(n, what: "\(what).link_handling_allowed") {
            app.linkHandlingAllowed = b
        }
        if let n = map.value("user_selected_domains") {
            app.userSelectedDomains = c.stringList(n, what: "\(what).user_selected_domains") ?? []
        }
        if let n = map.value("domain_verification") {
            app.domainVerification = decodeDomainVerification(n, what: "\(what).domain_verification")
        }
        if let n = map.value("handles"), let names = c.stringList(n, what: "\(what).handles") {
            // An entry point linksim does not know would silently never receive a link: refuse it.
            var handles: [EntryPoint] = []
            var items: [YAMLNode] = []
            if case .sequence(let nodes, _) = n { items = nodes }
            for (i, name) in names.enumerated() {
                if let entry = EntryPoint(rawValue: name) {
                    handles.append(entry)
                } else {
                    let known = EntryPoint.allCases.map(\.rawValue)
                    c.error(
                        items.indices.contains(i) ? items[i].location : n.location,
                        "`\(what).handles`: `\(name)` is not an entry point linksim knows\(Suggestion.didYouMean(name, among: known)); known: \(known.joined(separator: ", "))"
                    )
                }
            }
            app.handles = handles
        }
        if let n = map.value("routes"), let items = c.sequence(n, what: "\(what).routes") {
            app.routes = items.enumerated().compactMap { decodeRoute($1, what: "\(what).routes[\($0)]") }
        }
        if let n = map.value("home_screen"), let s = c.string(n, what: "\(what).home_screen") { app.homeScreen = s }
        if let n = map.value("current_screen") { app.currentScreen = c.optionalString(n, what: "\(what).current_screen") }
        if let n = map.value("sdk") { app.sdk = decodeSDK(n, what: "\(what).sdk") }
        decodeAppBehaviour(map, into: &app, what: what, platform: platform)
        if app.teamID == nil, app.associatedDomains.contains(where: { $0.hasPrefix("applinks:") }),
            let entry = map["associated_domains"] ?? map["entitlements"]
        {
            c.error(
                entry.keyLocation,
                "\(what) has applinks: entries but no `team_id`; iOS matches the AASA file against TEAMID.\(id), so add e.g. `team_id: ABCDE12345`")
        }
        if let entry = map["pm_app_links"] { decodeAppLinksEvidence(entry, map: map, into: &app, what: what) }
        warnNoEffect(map, app: app, what: what, platform: platform, api: api)
        return app
    }

    static let iosOnlyAppKeys = ["team_id", "associated_domains", "entitlements", "info_plist", "lifecycle", "build", "ios_sdk", "queries_schemes", "scenes"]
    static let androidOnlyAppKeys = [
        "activities", "manifest", "manifest_placeholders", "res", "manifest_package", "pm_app_links", "target_sdk", "signing_sha256", "link_handling_allowed",
        "user_selected_domains", "domain_verification", "queries", "query_all_packages",
    ]

    /// Keys that are valid but do nothing on this platform, and verification states for hosts the
    /// verifier never checks: warnings, so nothing a scenario says is silently ignored.
    func warnNoEffect(_ map: KeyedEntries, app: App, what: String, platform: Platform, api: Int) {
        let c = context
        let other = platform == .ios ? Self.androidOnlyAppKeys : Self.iosOnlyAppKeys
        for key in other {
            guard let entry = map[key] else { continue }
            c.warn(entry.keyLocation, "`\(what).\(key)` has no effect on \(platform.displayName) (it is \(platform == .ios ? "an Android" : "an iOS") setting)")
        }
        guard platform == .android, let entry = map["domain_verification"] else { return }
        let collected = AppLinkDomains.collect(app, api: api).autoVerify
        for host in app.domainVerification.keys.sorted() where !collected.contains(host) {
            c.warn(
                entry.keyLocation,
                "`\(what).domain_verification.\(host)` has no effect: no autoVerify filter of \(app.id) collects \(host), so the verifier never checks it (see rule android.applinks.collected-hosts)"
            )
        }
    }

    func decodeDomainVerification(_ node: YAMLNode, what: String) -> [String: DomainVerificationState] {
        let c = context
        guard let entries = c.freeMapping(node, what: what) else { return [:] }
        var out: [String: DomainVerificationState] = [:]
        for entry in entries {
            guard case .scalar(let text, _, _) = entry.value else {
                c.error(entry.value.location, "`\(what).\(entry.key)` must be a state, got \(entry.value.kindName)")
                continue
            }
            // A verifier error code (1024+) is a number; anything else must be a named state.
            if let state = DomainVerificationState(text) {
                out[entry.key.lowercased()] = state
            } else {
                let names = DomainVerificationState.names
                c.error(
                    entry.value.location,
                    "`\(what).\(entry.key)` must be one of: \(names.joined(separator: ", ")), or a verifier code of 1024 or more such as 1026; got `\(text)`\(Suggestion.didYouMean(text, among: names))"
                )
            }
        }
        return out
    }

    func decodeSDK(_ node: YAMLNode, what: String) -> SDKConfig {
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
                c.error(
                    entry.keyLocation,
                    "unknown key `\(entry.key)` in \(what) for provider \(config.provider.rawValue) (\(list))\(Suggestion.didYouMean(entry.key, among: valid))")
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

    func decodeRoute(_ node: YAMLNode, what: String) -> Route? {
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
            guard text.utf8.contains(UInt8(ascii: ":")) else {
                c.error(entry.value.location, "`\(what).url` must be a full URL such as shopapp://product/{id}, got `\(text)`")
                return nil
            }
            pattern = .url(text)
        case "deep_link_value": pattern = .deepLinkValue(text)
        default:
            let value = map.value("value").flatMap { c.string($0, what: "\(what).value") } ?? "*"
            pattern = .param(name: text, value: value)
        }
        if kind != "param", let stray = map["value"] {
            c.error(stray.keyLocation, "`value` goes with `param:` only")
        }
        guard let screen else { return nil }
        var route = Route(pattern: pattern, screen: screen)
        decodeRouteAppSide(map, into: &route, what: what)
        return route
    }

    // MARK: Android inline form

    func decodeActivity(_ node: YAMLNode, what: String) -> Activity? {
        let c = context
        guard let map = c.mapping(node, what: what, allowed: ScenarioKeys.activity),
            let nameNode = c.require(map, "name", in: what, at: node.location),
            let name = c.string(nameNode, what: "\(what).name")
        else { return nil }
        var activity = Activity(name: name)
        if let n = map.value("exported") { activity.exported = c.bool(n, what: "\(what).exported") }
        if let n = map.value("enabled"), let b = c.bool(n, what: "\(what).enabled") { activity.enabled = b }
        if let n = map.value("target_activity") { activity.targetActivity = c.string(n, what: "\(what).target_activity") }
        if let n = map.value("launch_mode"), let m = c.choice(n, what: "\(what).launch_mode", as: LaunchMode.self) {
            activity.launchMode = m
        }
        if let n = map.value("intent_filters"), let items = c.sequence(n, what: "\(what).intent_filters") {
            activity.intentFilters = items.enumerated().compactMap { decodeFilter($1, what: "\(what).intent_filters[\($0)]") }
        }
        return activity
    }

    func decodeFilter(_ node: YAMLNode, what: String) -> IntentFilter? {
        let c = context
        guard let map = c.mapping(node, what: what, allowed: ScenarioKeys.intentFilter) else { return nil }
        var filter = IntentFilter()
        if let n = map.value("auto_verify"), let b = c.bool(n, what: "\(what).auto_verify") { filter.autoVerify = b }
        decodeFilterProvenance(map, into: &filter, what: what)
        if let n = map.value("actions") { filter.actions = (c.stringList(n, what: "\(what).actions") ?? []).map(IntentFilter.fullAction) }
        if let n = map.value("categories") {
            filter.categories = (c.stringList(n, what: "\(what).categories") ?? []).map(IntentFilter.fullCategory)
        }
        if let n = map.value("data"), let items = c.sequence(n, what: "\(what).data") {
            for (i, item) in items.enumerated() {
                guard let d = c.mapping(item, what: "\(what).data[\(i)]", allowed: ScenarioKeys.filterData) else { continue }
                func s(_ key: String) -> String? {
                    d[key].flatMap { entry -> String? in
                        if case .scalar(let text, _, _) = entry.value { return text }
                        c.error(entry.value.location, "`\(what).data[\(i)].\(key)` must be text, got \(entry.value.kindName)")
                        return nil
                    }
                }
                var entry = IntentFilterData(
                    scheme: s("scheme"), host: s("host"), port: s("port"), path: s("path"),
                    pathPrefix: s("path_prefix"), pathPattern: s("path_pattern"),
                    pathAdvancedPattern: s("path_advanced_pattern"),
                    pathSuffix: s("path_suffix"), mimeType: s("mime_type"))
                entry.ssp = s("ssp")
                entry.sspPrefix = s("ssp_prefix")
                entry.sspPattern = s("ssp_pattern")
                entry.sspAdvancedPattern = s("ssp_advanced_pattern")
                entry.sspSuffix = s("ssp_suffix")
                filter.data.append(entry)
            }
        }
        if let n = map.value("uri_relative_filter_groups"), let items = c.sequence(n, what: "\(what).uri_relative_filter_groups") {
            for (i, item) in items.enumerated() {
                let gWhat = "\(what).uri_relative_filter_groups[\(i)]"
                guard let g = c.mapping(item, what: gWhat, allowed: ScenarioKeys.relativeGroup) else { continue }
                var group = UriRelativeFilterGroup()
                if let n = g.value("allow"), let b = c.bool(n, what: "\(gWhat).allow") { group.allow = b }
                if let n = g.value("data"), let dataItems = c.sequence(n, what: "\(gWhat).data") {
                    for (j, dataItem) in dataItems.enumerated() {
                        let dWhat = "\(gWhat).data[\(j)]"
                        guard let d = c.mapping(dataItem, what: dWhat, allowed: ScenarioKeys.relativeData) else { continue }
                        var rd = RelativeFilterData()
                        func s(_ key: String) -> String? { d[key].flatMap { c.string($0.value, what: "\(dWhat).\(key)") } }
                        rd.path = s("path")
                        rd.pathPrefix = s("path_prefix")
                        rd.pathPattern = s("path_pattern")
                        rd.pathAdvancedPattern = s("path_advanced_pattern")
                        rd.pathSuffix = s("path_suffix")
                        rd.query = s("query")
                        rd.queryPrefix = s("query_prefix")
                        rd.queryPattern = s("query_pattern")
                        rd.queryAdvancedPattern = s("query_advanced_pattern")
                        rd.querySuffix = s("query_suffix")
                        rd.fragment = s("fragment")
                        rd.fragmentPrefix = s("fragment_prefix")
                        rd.fragmentPattern = s("fragment_pattern")
                        rd.fragmentAdvancedPattern = s("fragment_advanced_pattern")
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

}
