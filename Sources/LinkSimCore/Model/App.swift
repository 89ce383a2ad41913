import Foundation

/// Where an app is in its life: not there, installed but never opened, or a process in some state.
public enum AppState: String, Sendable, CaseIterable, Codable {
    case notInstalled = "not_installed"
    /// Installed, never launched.
    case installed
    case terminated
    case background
    case foreground

    public var isInstalled: Bool { self != .notInstalled }
    /// A running process (in memory): links arrive "warm".
    public var isRunning: Bool { self == .background || self == .foreground }
}

/// iOS app life cycle: where the system delivers URLs.
public enum IOSLifecycle: String, Sendable, CaseIterable, Codable {
    case appDelegate = "app_delegate"
    case scenes
    case swiftui
}

public enum IOSBuild: String, Sendable, CaseIterable, Codable {
    case appStore = "app_store"
    case testflight
    case development
}

public enum LaunchMode: String, Sendable, CaseIterable, Codable {
    case standard, singleTop, singleTask, singleInstance, singleInstancePerTask
}

public enum InstallSource: String, Sendable, CaseIterable, Codable {
    case store, sideload
    case otherStore = "other_store"
}

/// One `<data>` element of an intent filter (attributes as in the manifest, already XML-unescaped).
public struct IntentFilterData: Sendable, Equatable, Hashable {
    public var scheme: String?
    public var host: String?
    public var port: String?
    public var path: String?
    public var pathPrefix: String?
    public var pathPattern: String?
    public var pathAdvancedPattern: String?
    public var pathSuffix: String?
    public var mimeType: String?
    /// Scheme-specific-part attributes (`ssp`, `sspPrefix`...): rare in links, but part of matching.
    public var ssp: String? = nil
    public var sspPrefix: String? = nil
    public var sspPattern: String? = nil
    public var sspAdvancedPattern: String? = nil
    public var sspSuffix: String? = nil
    public init(scheme: String? = nil, host: String? = nil, port: String? = nil, path: String? = nil,
                pathPrefix: String? = nil, pathPattern: String? = nil, pathAdvancedPattern: String? = nil,
                pathSuffix: String? = nil, mimeType: String? = nil) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.path = path
        self.pathPrefix = pathPrefix
        self.pathPattern = pathPattern
        self.pathAdvancedPattern = pathAdvancedPattern
        self.pathSuffix = pathSuffix
        self.mimeType = mimeType
    }
}

/// One `<data>` inside a `<uri-relative-filter-group>` (Android 15+): path, query and fragment parts.
public struct RelativeFilterData: Sendable, Equatable, Hashable {
    public var path: String?
    public var pathPrefix: String?
    public var pathPattern: String?
    public var pathAdvancedPattern: String?
    public var pathSuffix: String?
    public var query: String?
    public var queryPrefix: String?
    public var queryPattern: String?
    public var queryAdvancedPattern: String?
    public var querySuffix: String?
    public var fragment: String?
    public var fragmentPrefix: String?
    public var fragmentPattern: String?
    public var fragmentAdvancedPattern: String?
    public var fragmentSuffix: String?
    public init() {}
}

public struct UriRelativeFilterGroup: Sendable, Equatable, Hashable {
    public var allow: Bool = true
    public var data: [RelativeFilterData] = []
    public init(allow: Bool = true, data: [RelativeFilterData] = []) {
        self.allow = allow
        self.data = data
    }
}

public struct IntentFilter: Sendable, Equatable, Hashable {
    public var autoVerify: Bool = false
    /// Full action names (`android.intent.action.VIEW`).
    public var actions: [String] = []
    /// Full category names (`android.intent.category.BROWSABLE`).
    public var categories: [String] = []
    public var data: [IntentFilterData] = []
    public var uriRelativeFilterGroups: [UriRelativeFilterGroup] = []
    /// Values of a real manifest linksim could not resolve (placeholders, resource references):
    /// the filter is unknown for links it could match. Empty for inline and fully resolved filters.
    public var unresolved: [UnresolvedAttribute] = []
    /// Where the filter came from when several manifests were merged (`file:line`), else nil.
    public var source: String? = nil
    public init(autoVerify: Bool = false, actions: [String] = [], categories: [String] = [],
                data: [IntentFilterData] = [], uriRelativeFilterGroups: [UriRelativeFilterGroup] = []) {
        self.autoVerify = autoVerify
        self.actions = actions
        self.categories = categories
        self.data = data
        self.uriRelativeFilterGroups = uriRelativeFilterGroups
    }

    public static let actionView = "android.intent.action.VIEW"
    public static let categoryDefault = "android.intent.category.DEFAULT"
    public static let categoryBrowsable = "android.intent.category.BROWSABLE"

    /// Expands the short names the scenario format allows (`VIEW`, `BROWSABLE`).
    public static func fullAction(_ name: String) -> String {
        name.contains(".") ? name : "android.intent.action.\(name)"
    }

    public static func fullCategory(_ name: String) -> String {
        name.contains(".") ? name : "android.intent.category.\(name)"
    }
}

public struct Activity: Sendable, Equatable, Hashable {
    /// As written in the manifest (may start with `.`).
    public var name: String
    /// `nil` when the manifest does not say (matters for target SDK 31+).
    public var exported: Bool?
    public var launchMode: LaunchMode = .standard
    public var intentFilters: [IntentFilter] = []
    /// For `<activity-alias>`: the activity it points at.
    public var targetActivity: String?
    public var enabled: Bool = true

    public init(name: String, exported: Bool? = nil, launchMode: LaunchMode = .standard,
                intentFilters: [IntentFilter] = [], targetActivity: String? = nil, enabled: Bool = true) {
        self.name = name
        self.exported = exported
        self.launchMode = launchMode
        self.intentFilters = intentFilters
        self.targetActivity = targetActivity
        self.enabled = enabled
    }

    /// The fully qualified class name: a leading `.` (or no dot at all) is expanded with the package.
    public func qualifiedName(package: String) -> String {
        if name.hasPrefix(".") { return package + name }
        if !name.contains(".") { return package + "." + name }
        return name
    }
}

/// The Android part of an app, as it comes from a real manifest or the scenario's inline form.
public struct AndroidManifest: Sendable, Equatable {
    public var package: String?
    public var targetSDK: Int?
    public var activities: [Activity] = []
    public init(package: String? = nil, targetSDK: Int? = nil, activities: [Activity] = []) {
        self.package = package
        self.targetSDK = targetSDK
        self.activities = activities
    }
}

/// One entry of the app's own router.
public struct Route: Sendable, Equatable {
    public enum Pattern: Sendable, Equatable {
        /// A path on any web host the app claims, e.g. `/product/{id}`.
        case path(String)
        /// A full URL pattern, e.g. `shopapp://product/{id}`.
        case url(String)
        /// A provider's `deep_link_value`.
        case deepLinkValue(String)
        /// Any provider parameter and its value pattern.
        case param(name: String, value: String)
    }
    public var pattern: Pattern
    public var screen: String
    public init(pattern: Pattern, screen: String) {
        self.pattern = pattern
        self.screen = screen
    }
}

public enum SDKProvider: String, Sendable, CaseIterable, Codable {
    case appsflyer, branch, adjust, none
}

/// The deep-link SDK inside the app. Unknown keys are kept in `options` for the deferred rules.
public struct SDKConfig: Sendable, Equatable {
    public var provider: SDKProvider = .none
    public var options: [String: ScalarValue] = [:]
    public init(provider: SDKProvider = .none, options: [String: ScalarValue] = [:]) {
        self.provider = provider
        self.options = options
    }
}

/// A scalar as it appeared in a scenario (used where the value's type depends on the key).
public enum ScalarValue: Sendable, Equatable, Hashable, CustomStringConvertible {
    case string(String)
    case int(Int)
    case bool(Bool)
    case duration(SimDuration)
    case null

    public var description: String {
        switch self {
        case .string(let s): return s
        case .int(let i): return String(i)
        case .bool(let b): return b ? "true" : "false"
        case .duration(let d): return d.description
        case .null: return "null"
        }
    }

    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
}

public struct App: Sendable, Equatable {
    public var id: String
    public var name: String
    public var state: AppState
    // iOS
    public var teamID: String?
    public var urlSchemes: [String] = []
    public var associatedDomains: [String] = []
    public var lifecycle: IOSLifecycle = .scenes
    public var build: IOSBuild = .appStore
    /// The iOS SDK the app was built with (`ios_sdk: "27.0"`); nil = an SDK older than the device's rules care about.
    public var iosSDK: OSVersion?
    public var infoPlistPath: String?
    public var entitlementsPath: String?
    // Android
    public var manifestPath: String?
    /// The manifest's `package`: the namespace relative class names (`.MainActivity`) expand with.
    /// Separate from `id`, the application ID (Gradle `applicationId`) that assetlinks.json and `pm`
    /// name; nil when the app has no real manifest (relative names then expand with `id`).
    public var manifestPackage: String?
    public var activities: [Activity] = []
    public var targetSDK: Int = 34
    public var signingSHA256: [String] = []
    public var linkHandlingAllowed: Bool = true
    public var userSelectedDomains: [String] = []
    /// host -> state name (`verified`, `none`, a verifier code...). Kept as text; the Android rules interpret it.
    public var domainVerification: [String: DomainVerificationState] = [:]
    // both
    /// Entry points the app implements; nil = the usual ones for its life cycle.
    public var handles: [String]?
    public var routes: [Route] = []
    public var homeScreen: String = "Home"
    public var currentScreen: String?
    public var sdk: SDKConfig = SDKConfig()
    /// Monotonic install order on the device (lower = installed earlier). Set by the engine.
    public var installOrder: Int = 0
    /// The simulated time the app was (last) installed, when known.
    public var installedAt: SimInstant?
    /// iOS: when the device last (re)fetched the app's association files (install, update).
    public var associationCheckedAt: SimInstant?
    /// How many times the app has been launched since install.
    public var launchCount: Int = 0
    public var installSource: InstallSource = .store
    /// Android: the verification agent's answers, recorded when it ran (host → answer). Set by the engine.
    var verificationRecords: [String: VerificationRecord] = [:]
    /// Android: when the agent's pending run (after an install, an update, `pm verify-app-links`) answers.
    var verificationDueAt: SimInstant?

    public init(id: String, name: String? = nil, state: AppState = .background) {
        self.id = id
        self.name = name ?? id
        self.state = state
    }

    /// The manifest package (Android), which is the app id.
    public var package: String { id }
}
