import LinkSimCore

/// Identifies one thing the user can change in the device pane. Apps and activities are named by
/// index into the scenario; hosts by name.
package enum KnobID: Hashable, Sendable {
    case platform, osVersion, defaultBrowser, developerMode, privateRelay, att, online, schemeCollision, clipboard, network
    case clock
    case managed
    /// Scenario `assumptions:` (behaviour the platforms leave undocumented).
    case sfvcTapsOpenApp, redirectsOpenApp, inAppBrowsersOpenApp, swiftUIColdStartQuirk
    case safariPrefersBrowser(host: String)
    case appState(app: Int)
    case lifecycle(app: Int)
    case build(app: Int)
    case openSupportedLinks(app: Int)
    case domainVerification(app: Int, host: String)
    case userSelectedDomain(app: Int, host: String)
    case launchMode(app: Int, activity: Int)
    case targetSDK(app: Int)
    case sdkProvider(app: Int)
    case longPressChoice
    case tapSource, inAppBrowserApp, page, gesture, adClick, caller
}

/// One row of the device pane: a label, the values it can take, and which one is current.
package struct Knob: Sendable, Equatable {
    package var id: KnobID
    package var section: String
    package var label: String
    /// The values to cycle through. Empty for a free-text knob.
    package var options: [String]
    package var selected: Int
    /// For free-text knobs: the current text ("" = unset).
    package var text: String?

    package var isText: Bool { options.isEmpty }
    package var value: String {
        if isText { return (text?.isEmpty ?? true) ? "—" : (text ?? "") }
        return options.indices.contains(selected) ? options[selected] : "?"
    }
}

/// The device pane's knobs for a world, and how each one edits the world. This file only edits
/// the Scenario; what the edits mean is the simulator's business.
package enum Knobs {
    /// Target SDK levels worth comparing: before and after the Android 12 (31) verification change.
    static let targetSDKs = [23, 28, 30, 31, 33, 34, 35, 36]
    /// "(from assetlinks)" (the verifier decides), then every named state (one list: `DomainVerificationState.names`).
    static let verificationStates = ["(from assetlinks)"] + DomainVerificationState.names

    static func browsers(for platform: Platform) -> [Browser] {
        platform == .ios ? Browser.iosChoices : Browser.androidChoices
    }

    /// Hosts an iOS app claims (`applinks:host`, without `?mode=`), in file order.
    static func associatedHosts(_ app: App) -> [String] {
        // The core's parser of the entitlement (AppLinksEntry), so the TUI reads entries as the engine does.
        app.associatedDomains.compactMap(AppLinksEntry.init).compactMap { entry -> String? in
            entry.domain.isEmpty ? nil : (entry.isWildcard ? "*." : "") + entry.domain
        }
    }

    /// Hosts an Android app's web intent filters name, plus hosts it has a verification override for.
    static func androidHosts(_ app: App) -> [String] {
        var hosts: [String] = []
        for activity in app.activities {
            for filter in activity.intentFilters {
                for data in filter.data {
                    guard let host = data.host?.lowercased(), let scheme = data.scheme?.lowercased(),
                        scheme == "https" || scheme == "http", !hosts.contains(host)
                    else { continue }
                    hosts.append(host)
                }
            }
        }
        for host in app.domainVerification.keys.sorted() where !hosts.contains(host) { hosts.append(host) }
        return hosts
    }

    static func selectedTap(_ world: Scenario, action: Int) -> Tap? {
        guard world.actions.indices.contains(action) else { return nil }
        switch world.actions[action].kind {
        case .tap(let tap), .longPress(let tap, _): return tap
        default: return nil
        }
    }

    static func choice<T: Equatable>(
        _ id: KnobID, _ section: String, _ label: String, _ values: [T],
        _ current: T, _ name: (T) -> String
    ) -> Knob {
        Knob(
            id: id, section: section, label: label, options: values.map(name),
            selected: values.firstIndex(of: current) ?? 0)
    }

    package static func list(world: Scenario, action: Int) -> [Knob] {
        let device = world.device
        let ios = device.platform == .ios
        var knobs: [Knob] = []
        let section = "Device"
        knobs.append(choice(.platform, section, "platform", Platform.allCases, device.platform) { $0.displayName })
        knobs.append(choice(.osVersion, section, "OS version", LinkMatrix.osChoices(for: device), device.os) { $0.description })
        let browserChoices = browsers(for: device.platform)
        var browserKnob = choice(.defaultBrowser, section, "default browser", browserChoices, device.defaultBrowser) { $0.rawValue }
        if !browserChoices.contains(device.defaultBrowser) {
            browserKnob.options.append(device.defaultBrowser.rawValue)
            browserKnob.selected = browserKnob.options.count - 1
        }
        knobs.append(browserKnob)
        if ios {
            knobs.append(choice(.developerMode, section, "developer mode", [false, true], device.developerMode) { $0 ? "on" : "off" })
            knobs.append(choice(.privateRelay, section, "Private Relay", [false, true], device.privateRelay) { $0 ? "on" : "off" })
            knobs.append(choice(.att, section, "tracking (ATT)", ATTStatus.allCases, device.att) { $0.rawValue })
            knobs.append(
                choice(
                    .schemeCollision, section, "scheme collision", SchemeCollisionPolicy.allCases,
                    device.schemeCollision
                ) { $0.rawValue })
            knobs.append(choice(.managed, section, "managed (MDM)", [false, true], device.managed) { $0 ? "on" : "off" })
        }
        knobs.append(choice(.online, section, "online", [false, true], device.online) { $0 ? "on" : "off" })
        knobs.append(Knob(id: .network, section: section, label: "network", options: [], selected: 0, text: device.network))
        knobs.append(
            Knob(
                id: .clipboard, section: section, label: "clipboard", options: [], selected: 0,
                text: device.clipboard ?? ""))
        knobs.append(
            Knob(
                id: .clock, section: section, label: "clock", options: [], selected: 0,
                text: ScenarioWriter.clockText(world.clock)))
        if ios {
            let a = world.assumptions
            let assumptions = "Assumptions"
            knobs.append(
                choice(
                    .sfvcTapsOpenApp, assumptions, "SFSafariVC taps open app", [true, false],
                    a.sfSafariViewControllerTapsOpenApps
                ) { $0 ? "yes (Apple guide)" : "no (radars)" })
            knobs.append(
                choice(
                    .redirectsOpenApp, assumptions, "redirect into UL opens app", Assumptions.Tristate.allCases,
                    a.redirectsOpenApp
                ) { $0 == .auto ? "auto (iOS 12+)" : ($0 == .yes ? "yes" : "no") })
            knobs.append(
                choice(
                    .inAppBrowsersOpenApp, assumptions, "in-app browsers open app", [false, true],
                    a.inAppBrowsersOpenApps
                ) { $0 ? "yes" : "no (usual)" })
            knobs.append(
                choice(
                    .swiftUIColdStartQuirk, assumptions, "iOS 18.4 SwiftUI bug", [false, true],
                    a.swiftUIColdStartDrop184
                ) { $0 ? "on" : "off" })
        }
        if ios {
            var hosts: [String] = []
            for app in world.apps { for host in associatedHosts(app) where !hosts.contains(host) { hosts.append(host) } }
            for host in hosts {
                let prefers = device.safariPrefersBrowser.contains(host)
                knobs.append(
                    choice(.safariPrefersBrowser(host: host), "Safari preference", host, [false, true], prefers) {
                        $0 ? "open in Safari" : "open in app"
                    })
            }
        }

        for (index, app) in world.apps.enumerated() {
            let appSection = "\(app.name) (\(app.id))"
            knobs.append(choice(.appState(app: index), appSection, "state", AppState.allCases, app.state) { $0.rawValue })
            if ios {
                knobs.append(choice(.lifecycle(app: index), appSection, "life cycle", IOSLifecycle.allCases, app.lifecycle) { $0.rawValue })
                knobs.append(choice(.build(app: index), appSection, "build", IOSBuild.allCases, app.build) { $0.rawValue })
            } else {
                knobs.append(
                    choice(
                        .openSupportedLinks(app: index), appSection, "open supported links", [false, true],
                        app.linkHandlingAllowed
                    ) { $0 ? "on" : "off" })
                for host in androidHosts(app) {
                    var verification = Knob(
                        id: .domainVerification(app: index, host: host), section: appSection,
                        label: "verify \(host)", options: verificationStates, selected: 0)
                    if let state = app.domainVerification[host] {
                        if let found = verificationStates.firstIndex(of: state.description) {
                            verification.selected = found
                        } else {
                            verification.options.append(state.description)
                            verification.selected = verification.options.count - 1
                        }
                    }
                    knobs.append(verification)
                    knobs.append(
                        choice(
                            .userSelectedDomain(app: index, host: host), appSection, "user selected \(host)",
                            [false, true], app.userSelectedDomains.contains(host)
                        ) { $0 ? "on" : "off" })
                }
                for (activityIndex, activity) in app.activities.enumerated() where !activity.intentFilters.isEmpty {
                    knobs.append(
                        choice(
                            .launchMode(app: index, activity: activityIndex), appSection,
                            "launch mode \(activity.name)", LaunchMode.allCases, activity.launchMode
                        ) { $0.rawValue })
                }
                var sdks = targetSDKs
                if !sdks.contains(app.targetSDK) { sdks.append(app.targetSDK) }
                knobs.append(choice(.targetSDK(app: index), appSection, "target SDK", sdks.sorted(), app.targetSDK) { "API \($0)" })
            }
            knobs.append(
                choice(.sdkProvider(app: index), appSection, "deep-link SDK", SDKProvider.allCases, app.sdk.provider) {
                    $0.rawValue
                })
        }

        let tapSection = "Where the tap happens"
        if let tap = selectedTap(world, action: action) {
            var sources = LinkMatrix.sources(for: device.platform)
            if !sources.contains(tap.from) { sources.append(tap.from) }
            knobs.append(choice(.tapSource, tapSection, "tap from", sources, tap.from) { $0.rawValue })
            if case .longPress(_, let chosen) = world.actions[action].kind {
                knobs.append(
                    choice(.longPressChoice, tapSection, "long press, then", LongPressChoice.allCases, chosen) {
                        $0.rawValue
                    })
            }
            if tap.from == .inAppBrowser {
                knobs.append(
                    choice(
                        .inAppBrowserApp, tapSection, "in-app browser of", InAppBrowserApp.allCases,
                        tap.browserApp ?? .facebook
                    ) { $0.rawValue })
            }
            if tap.from == .otherApp {
                let callers: [String?] = [nil] + world.apps.map(\.id)
                knobs.append(choice(.caller, tapSection, "caller app", callers, tap.caller) { $0 ?? "(another app)" })
            }
            if tap.from.isBrowser {
                knobs.append(Knob(id: .page, section: tapSection, label: "page", options: [], selected: 0, text: tap.page ?? ""))
            }
            knobs.append(choice(.gesture, tapSection, "gesture", Gesture.allCases, tap.gesture) { $0.rawValue })
            knobs.append(choice(.adClick, tapSection, "ad click", [false, true], tap.adClick) { $0 ? "on" : "off" })
        }
        return knobs
    }

    /// Sets knob `id` to option `index` (or `text` for text knobs). `stash` keeps the device of the
    /// platform not shown, so switching back and forth does not lose its settings.
    /// Why a text cannot go into a text knob (what the scenario loader would reject), or nil.
    package static func textProblem(_ id: KnobID, _ text: String) -> String? {
        switch id {
        case .clock:
            guard let instant = SimInstant.parse(text), ScenarioWriter.isWritableClock(instant) else {
                return "the clock must be a date and time such as 2026-01-15T09:00:00Z (years 0000–9999)"
            }
        case .page:
            if !text.isEmpty, URLParts(text)?.host == nil {
                return "the page must be a web URL such as https://news.example.org/article (empty: none)"
            }
        default:
            break
        }
        return nil
    }

    /// Why a URL cannot be tapped (the loader would reject it), or nil.
    package static func urlProblem(_ url: String) -> String? {
        URLParts(url) == nil ? "not a URL with a scheme, such as https://shop.example.com/product/42 or shopapp://product/42" : nil
    }

    package static func apply(
        _ id: KnobID, option index: Int, text: String? = nil, to world: inout Scenario,
        action: Int, stash: inout [Platform: Device]
    ) {
        var device = world.device
        let ios = device.platform == .ios
        func pick<T>(_ values: [T]) -> T? { values.indices.contains(index) ? values[index] : nil }
        // Device and app knobs change the world through the core's settings table: the same code, values and
        // checks as a scenario's `set:` action.
        func set(_ path: String, _ value: ScalarValue) {
            guard case .success(let resolved) = Settings.resolve(path, apps: world.apps) else { return }
            _ = Settings.apply(resolved, value: value, device: &device, apps: &world.apps)
        }
        func set(_ path: String, _ flag: Bool) { set(path, ScalarValue.bool(flag)) }
        func set<E: RawRepresentable>(_ path: String, _ choice: E?) where E.RawValue == String {
            if let choice { set(path, ScalarValue.string(choice.rawValue)) }
        }
        switch id {
        case .platform:
            guard let platform = pick(Platform.allCases), platform != device.platform else { return }
            stash[device.platform] = device
            world.device = stash[platform] ?? Device(platform: platform, os: .latest(platform))
            switchTapSources(in: &world, to: platform)
            return
        case .osVersion:
            if let os = pick(LinkMatrix.osChoices(for: device)) { set("device.os", .string(ios ? os.description : "api\(os.apiLevel)")) }
        case .defaultBrowser: set("device.default_browser", pick(browsers(for: device.platform)))
        case .developerMode: set("device.developer_mode", index == 1)
        case .privateRelay: set("device.private_relay", index == 1)
        case .att: set("device.att", pick(ATTStatus.allCases))
        case .schemeCollision: set("device.scheme_collision", pick(SchemeCollisionPolicy.allCases))
        case .online: set("device.online", index == 1)
        case .managed: set("device.managed", index == 1)
        case .sfvcTapsOpenApp: world.assumptions.sfSafariViewControllerTapsOpenApps = index == 0
        case .redirectsOpenApp: if let t = pick(Assumptions.Tristate.allCases) { world.assumptions.redirectsOpenApp = t }
        case .inAppBrowsersOpenApp: world.assumptions.inAppBrowsersOpenApps = index == 1
        case .swiftUIColdStartQuirk: world.assumptions.swiftUIColdStartDrop184 = index == 1
        case .clipboard:
            let value = text ?? ""
            set("device.clipboard", value.isEmpty ? ScalarValue.null : .string(value))
        case .network:
            let value = text ?? ""
            set("device.network", ScalarValue.string(value.isEmpty ? "home" : value))
        case .clock:
            // Only a clock a scenario file can hold (the editor refuses others before this).
            if let instant = SimInstant.parse(text ?? ""), ScenarioWriter.isWritableClock(instant) { world.clock = instant }
        case .safariPrefersBrowser(let host):
            device.safariPrefersBrowser.removeAll { $0 == host }
            if index == 1 { device.safariPrefersBrowser.append(host) }
        case .appState(let app): set("apps.\(app).state", pick(AppState.allCases))
        case .lifecycle(let app): set("apps.\(app).lifecycle", pick(IOSLifecycle.allCases))
        case .build(let app): set("apps.\(app).build", pick(IOSBuild.allCases))
        case .openSupportedLinks(let app): set("apps.\(app).link_handling_allowed", index == 1)
        case .domainVerification(let app, let host):
            if index == 0 {
                set("apps.\(app).domain_verification.\(host)", ScalarValue.null)
            } else if let text = pick(verificationStates) {
                set("apps.\(app).domain_verification.\(host)", ScalarValue.string(text))
            }
        case .userSelectedDomain(let app, let host):
            guard world.apps.indices.contains(app) else { return }
            world.apps[app].userSelectedDomains.removeAll { $0 == host }
            if index == 1 { world.apps[app].userSelectedDomains.append(host) }
        case .launchMode(let app, let activity):
            guard world.apps.indices.contains(app), world.apps[app].activities.indices.contains(activity),
                let mode = pick(LaunchMode.allCases)
            else { return }
            world.apps[app].activities[activity].launchMode = mode
        case .targetSDK(let app):
            guard world.apps.indices.contains(app) else { return }
            var sdks = targetSDKs
            if !sdks.contains(world.apps[app].targetSDK) { sdks.append(world.apps[app].targetSDK) }
            if let level = pick(sdks.sorted()) { set("apps.\(app).target_sdk", ScalarValue.int(level)) }
        case .sdkProvider(let app):
            if world.apps.indices.contains(app), let provider = pick(SDKProvider.allCases), provider != world.apps[app].sdk.provider {
                world.apps[app].sdk.provider = provider
                // Options belong to one provider (the loader rejects them on another); `u` brings them back.
                world.apps[app].sdk.options = [:]
            }
            return
        case .longPressChoice:
            guard world.actions.indices.contains(action), case .longPress(let tap, _) = world.actions[action].kind,
                let chosen = pick(LongPressChoice.allCases)
            else { return }
            world.actions[action].kind = .longPress(tap, choose: chosen)
            return
        case .tapSource, .inAppBrowserApp, .page, .gesture, .adClick, .caller:
            let callers: [String?] = [nil] + world.apps.map(\.id)
            world.editTap(action: action) { tap in
                switch id {
                case .tapSource:
                    var sources = LinkMatrix.sources(for: ios ? .ios : .android)
                    if !sources.contains(tap.from) { sources.append(tap.from) }
                    if let source = pick(sources) { tap.move(to: source) }
                case .inAppBrowserApp: tap.browserApp = pick(InAppBrowserApp.allCases)
                case .caller: if let caller = pick(callers) { tap.caller = caller }
                case .page:
                    let value = text ?? ""
                    tap.page = value.isEmpty ? nil : value
                case .gesture: if let gesture = pick(Gesture.allCases) { tap.gesture = gesture }
                case .adClick: tap.adClick = index == 1
                default: break
                }
            }
            return
        }
        world.device = device
    }

    /// Browser-specific tap sources have a counterpart on the other platform; keep taps meaningful.
    static func switchTapSources(in world: inout Scenario, to platform: Platform) {
        let counterpart: [TapSource: TapSource] =
            platform == .android
            ? [.safari: .chrome, .safariAddressBar: .chromeAddressBar, .sfsafariviewcontroller: .customTab]
            : [.customTab: .sfsafariviewcontroller]
        for index in world.actions.indices {
            world.editTap(action: index) { tap in
                if let replacement = counterpart[tap.from] { tap.from = replacement }
            }
        }
    }
}
