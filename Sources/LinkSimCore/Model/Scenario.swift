import Foundation

/// A position in a scenario file (1-based line and column).
package struct SourceLocation: Sendable, Equatable, Hashable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var column: Int
    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
    package var description: String { "\(file):\(line):\(column)" }
}

/// Where a tap happens (contract §2.1).
package enum TapSource: String, Sendable, CaseIterable, Codable {
    case notes, messages, mail, safari
    case safariAddressBar = "safari_address_bar"
    case chrome
    case chromeAddressBar = "chrome_address_bar"
    case firefox
    case inAppBrowser = "in_app_browser"
    case sfsafariviewcontroller
    case webview
    case customTab = "custom_tab"
    case otherApp = "other_app"
    case qrCode = "qr_code"
    /// QA tools: `adb shell am start -W -a android.intent.action.VIEW -d URL [PKG]` (Android).
    case adb
    /// QA tools: `xcrun simctl openurl booted URL` (the iOS Simulator).
    case simctl
    /// The user taps an app's push notification whose payload carries the URL (`app:` names the app).
    case pushNotification = "push_notification"
    /// Safari's Smart App Banner (`<meta name="apple-itunes-app" content="app-id=…, app-argument=URL">`);
    /// the URL is the banner's app-argument, `app:` the app its app-id names.
    case smartAppBanner = "smart_app_banner"

    /// Sources that are a tool or a system surface QA fire links from, not a link in a page or a message.
    package var isQATool: Bool { [.adb, .simctl, .pushNotification, .smartAppBanner].contains(self) }

    /// Sources that address one app (`app:` in the scenario).
    package var needsTargetApp: Bool { self == .pushNotification || self == .smartAppBanner }

    /// Taps that happen on a web page inside some browser engine.
    package var isBrowser: Bool {
        switch self {
        case .safari, .safariAddressBar, .chrome, .chromeAddressBar, .firefox, .inAppBrowser,
            .sfsafariviewcontroller, .webview, .customTab:
            return true
        case .notes, .messages, .mail, .otherApp, .qrCode, .adb, .simctl, .pushNotification, .smartAppBanner:
            return false
        }
    }

    package var isAddressBar: Bool { self == .safariAddressBar || self == .chromeAddressBar }

    /// Safari and SFSafariViewController are iOS-only; the address-bar and Custom Tab cases of Chrome are Android's.
    package func exists(on platform: Platform) -> Bool {
        switch self {
        case .safari, .safariAddressBar, .sfsafariviewcontroller, .simctl, .smartAppBanner: return platform == .ios
        case .chromeAddressBar, .customTab, .adb: return platform == .android
        default: return true
        }
    }
}

package enum InAppBrowserApp: String, Sendable, CaseIterable, Codable {
    case facebook, instagram, gmail, linkedin, x, tiktok
}

package enum Gesture: String, Sendable, CaseIterable, Codable {
    case user, script
}

/// One tap (or long-press) on a link: where it happens and how.
///
/// The fields live in one shared box copied only when a copy is changed (copy on write, as `Action`'s): every
/// tap action reads its tap out of the scenario, and copying five strings and lists field by field cost a
/// retain and a release of each, data of the scenario that is rarely in the cache (issue #14).
package struct Tap: Sendable, Equatable, CustomReflectable {
    struct Fields: Sendable, Equatable {
        var url: String
        var from: TapSource
        var page: String?
        var browserApp: InAppBrowserApp?
        var gesture: Gesture = .user
        var caller: String?
        var adClick: Bool = false
        var srn: Bool = false
        var webViewClient: Bool = true
        var targetApp: String?
        var redirectedFrom: [String] = []
    }

    /// The fields, in a box shared until a copy writes (Model/CopyOnWriteBox.swift).
    private var storage: CopyOnWriteBox<Fields>

    package static func == (lhs: Tap, rhs: Tap) -> Bool { CopyOnWriteBox.same(lhs.storage, rhs.storage) }

    /// Reflects the fields, not the box (as it did before the box).
    package var customMirror: Mirror { Mirror(self, children: Mirror(reflecting: storage.fields).children, displayStyle: .struct) }

    private mutating func makeUnique() { CopyOnWriteBox.makeUnique(&storage) }

    package var url: String {
        get { storage.fields.url }
        _modify {
            makeUnique()
            yield &storage.fields.url
        }
    }
    package var from: TapSource {
        get { storage.fields.from }
        _modify {
            makeUnique()
            yield &storage.fields.from
        }
    }
    package var page: String? {
        get { storage.fields.page }
        _modify {
            makeUnique()
            yield &storage.fields.page
        }
    }
    package var browserApp: InAppBrowserApp? {
        get { storage.fields.browserApp }
        _modify {
            makeUnique()
            yield &storage.fields.browserApp
        }
    }
    package var gesture: Gesture {
        get { storage.fields.gesture }
        _modify {
            makeUnique()
            yield &storage.fields.gesture
        }
    }
    package var caller: String? {
        get { storage.fields.caller }
        _modify {
            makeUnique()
            yield &storage.fields.caller
        }
    }
    package var adClick: Bool {
        get { storage.fields.adClick }
        _modify {
            makeUnique()
            yield &storage.fields.adClick
        }
    }
    /// The click was an ad on a self-reporting network such as Meta (deferred deep links).
    package var srn: Bool {
        get { storage.fields.srn }
        _modify {
            makeUnique()
            yield &storage.fields.srn
        }
    }
    /// Android `from: webview`: the host app set a WebViewClient (the norm). Without one, WebView
    /// hands every navigation to the system as an intent.
    package var webViewClient: Bool {
        get { storage.fields.webViewClient }
        _modify {
            makeUnique()
            yield &storage.fields.webViewClient
        }
    }
    /// The app the tap addresses (`app:`): adb's package argument (an explicit intent), the app whose
    /// push notification is tapped, the app a Smart App Banner's app-id names.
    package var targetApp: String? {
        get { storage.fields.targetApp }
        _modify {
            makeUnique()
            yield &storage.fields.targetApp
        }
    }
    /// `adb shell am start -a VIEW -d URL` without a package: the intent carries no category (no BROWSABLE).
    package var isShellIntent: Bool { from == .adb && targetApp == nil }
    /// Set by the engine: the link was reached through these server redirects (the tapped URL first).
    package var redirectedFrom: [String] {
        get { storage.fields.redirectedFrom }
        _modify {
            makeUnique()
            yield &storage.fields.redirectedFrom
        }
    }

    package init(
        url: String, from: TapSource, page: String? = nil, browserApp: InAppBrowserApp? = nil,
        gesture: Gesture = .user, caller: String? = nil, adClick: Bool = false
    ) {
        storage = CopyOnWriteBox(
            Fields(url: url, from: from, page: page, browserApp: browserApp, gesture: gesture, caller: caller, adClick: adClick))
    }
}

package enum LongPressChoice: String, Sendable, CaseIterable, Codable {
    case openInSafari = "open_in_safari"
    case openInApp = "open_in_app"
}

/// `lands:` vocabulary (contract §2.4).
package enum LandingKind: String, Sendable, CaseIterable, Codable {
    case app, browser, store, error, chooser, prompt, nowhere
    /// No sourced rule decides this situation: linksim does not know where the link lands, and
    /// says so instead of guessing. Never the same as `nowhere` ("nothing happens", a known result).
    case unknown
    /// The app's own code crashed on the link (a force-unwrapped missing value); `reason` says why.
    case crash
}

/// `via:` vocabulary (contract §2.4).
package enum Via: String, Sendable, CaseIterable, Codable {
    case customScheme = "custom_scheme"
    case universalLink = "universal_link"
    case appLink = "app_link"
    case intentURL = "intent_url"
    case deferred
    case web
}

extension Tap {
    /// Moves the tap to another source and keeps the keys that belong to one source consistent, as
    /// the loader requires: `browser_app` goes with an in-app browser (Facebook when none was set),
    /// `webview_client` with a WebView.
    package mutating func move(to source: TapSource) {
        from = source
        if source == .inAppBrowser, browserApp == nil { browserApp = .facebook }
        if source != .inAppBrowser { browserApp = nil }
        if source != .webview { webViewClient = true }
        if !source.needsTargetApp, source != .adb { targetApp = nil }
    }
}

extension Scenario {
    /// Edits the tap of action `index` when it is a tap or a long-press; any other action is left alone.
    package mutating func editTap(action index: Int, _ edit: (inout Tap) -> Void) {
        guard actions.indices.contains(index) else { return }
        switch actions[index].kind {
        case .tap(var tap):
            edit(&tap)
            actions[index].kind = .tap(tap)
        case .longPress(var tap, let choice):
            edit(&tap)
            actions[index].kind = .longPress(tap, choose: choice)
        default:
            break
        }
    }
}

/// What the scenario expects of one action's landing (`expect:`). Every field but `lands` is optional.
///
/// Its fields live in one shared box copied only when a copy is changed (copy on write, as `Action`'s): the
/// simulator hands each action's expectation to the check, and copying a dozen texts and lists field by
/// field cost a retain and a release for each (issue #14).
package struct Expectation: Sendable, Equatable, CustomReflectable {
    struct Fields: Sendable, Equatable {
        var lands: LandingKind
        var app: String? = nil
        var options: [String]? = nil
        var screen: String? = nil
        var params: [String: String]? = nil
        var via: Via? = nil
        var browser: String? = nil
        var url: String? = nil
        var callback: String? = nil
        var delivered: Bool? = nil
        var rule: RuleID? = nil
        /// Keys the deferred issue adds (match_type...) are kept here and compared as text.
        var extra: [LandingFact: String] = [:]
        var location: SourceLocation? = nil
    }

    /// The fields, in a box shared until a copy writes (Model/CopyOnWriteBox.swift).
    private var storage: CopyOnWriteBox<Fields>

    package init(lands: LandingKind) { storage = CopyOnWriteBox(Fields(lands: lands)) }

    package static func == (lhs: Expectation, rhs: Expectation) -> Bool {
        CopyOnWriteBox.same(lhs.storage, rhs.storage)
    }

    /// The fields, as a struct's own (what test digests and debuggers read).
    package var customMirror: Mirror {
        Mirror(self, children: Mirror(reflecting: storage.fields).children, displayStyle: .struct)
    }

    private mutating func makeUnique() { CopyOnWriteBox.makeUnique(&storage) }

    package var lands: LandingKind {
        get { storage.fields.lands }
        _modify {
            makeUnique()
            yield &storage.fields.lands
        }
    }
    package var app: String? {
        get { storage.fields.app }
        _modify {
            makeUnique()
            yield &storage.fields.app
        }
    }
    package var options: [String]? {
        get { storage.fields.options }
        _modify {
            makeUnique()
            yield &storage.fields.options
        }
    }
    package var screen: String? {
        get { storage.fields.screen }
        _modify {
            makeUnique()
            yield &storage.fields.screen
        }
    }
    package var params: [String: String]? {
        get { storage.fields.params }
        _modify {
            makeUnique()
            yield &storage.fields.params
        }
    }
    package var via: Via? {
        get { storage.fields.via }
        _modify {
            makeUnique()
            yield &storage.fields.via
        }
    }
    package var browser: String? {
        get { storage.fields.browser }
        _modify {
            makeUnique()
            yield &storage.fields.browser
        }
    }
    package var url: String? {
        get { storage.fields.url }
        _modify {
            makeUnique()
            yield &storage.fields.url
        }
    }
    package var callback: String? {
        get { storage.fields.callback }
        _modify {
            makeUnique()
            yield &storage.fields.callback
        }
    }
    package var delivered: Bool? {
        get { storage.fields.delivered }
        _modify {
            makeUnique()
            yield &storage.fields.delivered
        }
    }
    package var rule: RuleID? {
        get { storage.fields.rule }
        _modify {
            makeUnique()
            yield &storage.fields.rule
        }
    }
    /// Keys the deferred issue adds (match_type...) are kept here and compared as text.
    package var extra: [LandingFact: String] {
        get { storage.fields.extra }
        _modify {
            makeUnique()
            yield &storage.fields.extra
        }
    }
    package var location: SourceLocation? {
        get { storage.fields.location }
        _modify {
            makeUnique()
            yield &storage.fields.location
        }
    }
}

/// A path into the world for `set:` (e.g. `device.os`, `apps.0.state`, `apps.com.example.shop.state`).
package struct WorldAssignment: Sendable, Equatable {
    package var path: String
    package var value: ScalarValue
    package var location: SourceLocation?
    package init(path: String, value: ScalarValue, location: SourceLocation? = nil) {
        self.path = path
        self.value = value
        self.location = location
    }
}

package enum ActionKind: Sendable, Equatable {
    case tap(Tap)
    case wait(SimDuration)
    case install(appID: String, source: InstallSource)
    case launch(appID: String)
    case uninstall(appID: String)
    case update(appID: String)
    case longPress(Tap, choose: LongPressChoice)
    case answer(Answer)
    case set([WorldAssignment])
    /// An `adb shell pm …` App Link command (Android 12+).
    case packageManager(PackageManagerCommand)
    /// From now on these hosts serve other files (a fix, a deploy, an outage).
    case serve([ServerChange])
    /// Android Settings › Apps › APP › Open by default › “Clear defaults”: forgets the “Always” choices
    /// made for this app or browser.
    case clearDefaults(String)

    /// The action's name as in the scenario and in JSON output.
    package var name: String {
        switch self {
        case .tap: return "tap"
        case .wait: return "wait"
        case .install: return "install"
        case .launch: return "launch"
        case .uninstall: return "uninstall"
        case .update: return "update"
        case .longPress: return "long_press"
        case .answer: return "answer"
        case .set: return "set"
        case .packageManager: return "pm"
        case .serve: return "serve"
        case .clearDefaults: return "clear_defaults"
        }
    }

    /// Actions after which something lands somewhere (contract §3).
    package var producesLanding: Bool {
        switch self {
        case .tap, .launch, .answer, .longPress: return true
        case .wait, .install, .uninstall, .update, .set, .packageManager, .serve, .clearDefaults: return false
        }
    }
}

/// One action of a scenario, with what it expects.
///
/// Its fields live in one shared box copied only when a copy is changed (copy on write, as `App`'s):
/// each action is copied into its result and its kind handed to the engine, and copying the tap, the
/// expectation and the location field by field cost a retain and a release for each (issue #14).
package struct Action: Sendable, Equatable, CustomReflectable {
    struct Fields: Sendable, Equatable {
        var kind: ActionKind
        var expect: Expectation?
        var location: SourceLocation?
    }

    /// The fields, in a box shared until a copy writes (Model/CopyOnWriteBox.swift).
    private var storage: CopyOnWriteBox<Fields>

    package init(kind: ActionKind, expect: Expectation? = nil, location: SourceLocation? = nil) {
        storage = CopyOnWriteBox(Fields(kind: kind, expect: expect, location: location))
    }

    package static func == (lhs: Action, rhs: Action) -> Bool {
        CopyOnWriteBox.same(lhs.storage, rhs.storage)
    }

    /// The fields, as a struct's own (what test digests and debuggers read).
    package var customMirror: Mirror {
        Mirror(self, children: Mirror(reflecting: storage.fields).children, displayStyle: .struct)
    }

    private mutating func makeUnique() { CopyOnWriteBox.makeUnique(&storage) }

    package var kind: ActionKind {
        // Lent, not copied: the simulator reads each action's kind once, and a copy retained each of its texts.
        _read { yield storage.fields.kind }
        _modify {
            makeUnique()
            yield &storage.fields.kind
        }
    }
    package var expect: Expectation? {
        // Lent, not copied: the simulator reads each action's expect once, and a copy retained each of its texts.
        _read { yield storage.fields.expect }
        _modify {
            makeUnique()
            yield &storage.fields.expect
        }
    }
    package var location: SourceLocation? {
        get { storage.fields.location }
        _modify {
            makeUnique()
            yield &storage.fields.location
        }
    }
}

/// One scenario file, decoded and validated.
package struct Scenario: Sendable, Equatable, CustomReflectable {
    struct Fields: Sendable, Equatable {
        var version: Int = 1
        var name: String
        var description: String? = nil
        /// Keys that are valid but have no effect on the simulated platform (`validate` prints them).
        var warnings: [Diagnostic] = []
        var tags: [String] = []
        var clock: SimInstant = .defaultStart
        var device: Device
        var apps: [App] = []
        var web: Web = Web()
        var providers: Providers = Providers()
        var assumptions: Assumptions = Assumptions()
        var actions: [Action] = []
        /// The file it came from, as given (for messages and reports).
        var file: String? = nil
        /// What the engine derives from the start and the providers, made when first asked; renewed whenever the
        /// clock, device, apps, web or providers change (Model/ScenarioCache.swift).
        var cache = ScenarioCache()
    }

    /// The fields, in a box shared until a copy writes (Model/CopyOnWriteBox.swift): every simulation's
    /// result keeps its scenario, and copying a dozen texts and lists field by field cost a retain and a
    /// release for each (issue #14).
    private var storage: CopyOnWriteBox<Fields>

    package init(name: String, device: Device) {
        storage = CopyOnWriteBox(Fields(name: name, device: device))
    }

    package static func == (lhs: Scenario, rhs: Scenario) -> Bool {
        CopyOnWriteBox.same(lhs.storage, rhs.storage)
    }

    /// The fields, as a struct's own (what test digests and debuggers read).
    package var customMirror: Mirror {
        Mirror(self, children: Mirror(reflecting: storage.fields).children.filter { $0.label != "cache" }, displayStyle: .struct)
    }

    private mutating func makeUnique() { CopyOnWriteBox.makeUnique(&storage) }

    /// `makeUnique`, for a field the derived readings depend on: the box's readings are renewed too.
    private mutating func makeUniqueRenewingCache() {
        CopyOnWriteBox.makeUnique(&storage)
        ScenarioCache.renew(&storage.fields.cache)
    }

    /// What the engine derives from this scenario's start and providers (Model/ScenarioCache.swift).
    var cache: ScenarioCache { storage.fields.cache }

    package var version: Int {
        get { storage.fields.version }
        _modify {
            makeUnique()
            yield &storage.fields.version
        }
    }
    package var name: String {
        get { storage.fields.name }
        _modify {
            makeUnique()
            yield &storage.fields.name
        }
    }
    package var description: String? {
        get { storage.fields.description }
        _modify {
            makeUnique()
            yield &storage.fields.description
        }
    }
    /// Keys that are valid but have no effect on the simulated platform (`validate` prints them).
    package var warnings: [Diagnostic] {
        get { storage.fields.warnings }
        _modify {
            makeUnique()
            yield &storage.fields.warnings
        }
    }
    package var tags: [String] {
        get { storage.fields.tags }
        _modify {
            makeUnique()
            yield &storage.fields.tags
        }
    }
    package var clock: SimInstant {
        get { storage.fields.clock }
        _modify {
            makeUniqueRenewingCache()
            yield &storage.fields.clock
        }
    }
    package var device: Device {
        get { storage.fields.device }
        _modify {
            makeUniqueRenewingCache()
            yield &storage.fields.device
        }
    }
    package var apps: [App] {
        get { storage.fields.apps }
        _modify {
            makeUniqueRenewingCache()
            yield &storage.fields.apps
        }
    }
    package var web: Web {
        get { storage.fields.web }
        _modify {
            makeUniqueRenewingCache()
            yield &storage.fields.web
        }
    }
    package var providers: Providers {
        get { storage.fields.providers }
        _modify {
            makeUniqueRenewingCache()
            yield &storage.fields.providers
        }
    }
    package var assumptions: Assumptions {
        get { storage.fields.assumptions }
        _modify {
            makeUnique()
            yield &storage.fields.assumptions
        }
    }
    package var actions: [Action] {
        get { storage.fields.actions }
        _modify {
            makeUnique()
            yield &storage.fields.actions
        }
    }
    /// The file it came from, as given (for messages and reports).
    package var file: String? {
        get { storage.fields.file }
        _modify {
            makeUnique()
            yield &storage.fields.file
        }
    }

    package func appIndex(_ id: String) -> Int? { apps.firstIndex { $0.id == id } }
}

/// What the user answers to the prompt or chooser the previous action left open (`answer:` in a scenario).
package enum Answer: Sendable, Equatable, Hashable, CustomStringConvertible {
    case open, cancel
    /// Android's disambiguation dialog: “Always” / “Just once”.
    case always, justOnce
    /// iOS 16+'s paste alert.
    case allowPaste, denyPaste
    /// An option of a chooser by name: an app id or a browser.
    case pick(String)
    /// An option of Android's chooser, then “Always” (`answer: chrome` with `always: true`).
    case pickAlways(String)

    /// The keywords a scenario can write; anything else names an option.
    package static let keywords: [Answer] = [.open, .cancel, .always, .justOnce, .allowPaste, .denyPaste]

    package init(_ text: String) {
        self = Self.keywords.first { $0.description == text } ?? .pick(text)
    }

    package var description: String {
        switch self {
        case .open: return "open"
        case .cancel: return "cancel"
        case .always: return "always"
        case .justOnce: return "just_once"
        case .allowPaste: return "allow_paste"
        case .denyPaste: return "deny_paste"
        case .pick(let option): return option
        case .pickAlways(let option): return "\(option) (Always)"
        }
    }
}
