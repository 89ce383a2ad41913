import Foundation

/// Where an app is in its life: not there, installed but never opened, or a process in some state.
package enum AppState: String, Sendable, CaseIterable, Codable {
    case notInstalled = "not_installed"
    /// Installed, never launched.
    case installed
    case terminated
    case background
    case foreground

    package var isInstalled: Bool { self != .notInstalled }
    /// A running process (in memory): links arrive "warm".
    package var isRunning: Bool { self == .background || self == .foreground }
}

/// iOS app life cycle: where the system delivers URLs.
package enum IOSLifecycle: String, Sendable, CaseIterable, Codable {
    case appDelegate = "app_delegate"
    case scenes
    case swiftui
}

package enum IOSBuild: String, Sendable, CaseIterable, Codable {
    case appStore = "app_store"
    case testflight
    case development
}

package enum LaunchMode: String, Sendable, CaseIterable, Codable {
    case standard, singleTop, singleTask, singleInstance, singleInstancePerTask
}

package enum InstallSource: String, Sendable, CaseIterable, Codable {
    case store, sideload
    case otherStore = "other_store"
}

/// One `<data>` element of an intent filter (attributes as in the manifest, already XML-unescaped).
package struct IntentFilterData: Sendable, Equatable, Hashable {
    package var scheme: String?
    package var host: String?
    package var port: String?
    package var path: String?
    package var pathPrefix: String?
    package var pathPattern: String?
    package var pathAdvancedPattern: String?
    package var pathSuffix: String?
    package var mimeType: String?
    /// Scheme-specific-part attributes (`ssp`, `sspPrefix`...): rare in links, but part of matching.
    package var ssp: String? = nil
    package var sspPrefix: String? = nil
    package var sspPattern: String? = nil
    package var sspAdvancedPattern: String? = nil
    package var sspSuffix: String? = nil
    package init(
        scheme: String? = nil, host: String? = nil, port: String? = nil, path: String? = nil,
        pathPrefix: String? = nil, pathPattern: String? = nil, pathAdvancedPattern: String? = nil,
        pathSuffix: String? = nil, mimeType: String? = nil
    ) {
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
package struct RelativeFilterData: Sendable, Equatable, Hashable {
    package var path: String?
    package var pathPrefix: String?
    package var pathPattern: String?
    package var pathAdvancedPattern: String?
    package var pathSuffix: String?
    package var query: String?
    package var queryPrefix: String?
    package var queryPattern: String?
    package var queryAdvancedPattern: String?
    package var querySuffix: String?
    package var fragment: String?
    package var fragmentPrefix: String?
    package var fragmentPattern: String?
    package var fragmentAdvancedPattern: String?
    package var fragmentSuffix: String?
    package init() {}
}

package struct UriRelativeFilterGroup: Sendable, Equatable, Hashable {
    package var allow: Bool = true
    package var data: [RelativeFilterData] = []
    package init(allow: Bool = true, data: [RelativeFilterData] = []) {
        self.allow = allow
        self.data = data
    }
}

package struct IntentFilter: Sendable, Equatable, Hashable {
    package var autoVerify: Bool = false
    /// Full action names (`android.intent.action.VIEW`).
    package var actions: [String] = []
    /// Full category names (`android.intent.category.BROWSABLE`).
    package var categories: [String] = []
    package var data: [IntentFilterData] = []
    package var uriRelativeFilterGroups: [UriRelativeFilterGroup] = []
    /// Values of a real manifest linksim could not resolve (placeholders, resource references):
    /// the filter is unknown for links it could match. Empty for inline and fully resolved filters.
    package var unresolved: [UnresolvedAttribute] = []
    /// Where the filter came from when several manifests were merged (`file:line`), else nil.
    package var source: String? = nil
    package init(
        autoVerify: Bool = false, actions: [String] = [], categories: [String] = [],
        data: [IntentFilterData] = [], uriRelativeFilterGroups: [UriRelativeFilterGroup] = []
    ) {
        self.autoVerify = autoVerify
        self.actions = actions
        self.categories = categories
        self.data = data
        self.uriRelativeFilterGroups = uriRelativeFilterGroups
    }

    package static let actionView = "android.intent.action.VIEW"
    package static let categoryDefault = "android.intent.category.DEFAULT"
    package static let categoryBrowsable = "android.intent.category.BROWSABLE"

    /// Expands the short names the scenario format allows (`VIEW`, `BROWSABLE`).
    package static func fullAction(_ name: String) -> String {
        name.utf8.contains(UInt8(ascii: ".")) ? name : "android.intent.action.\(name)"
    }

    package static func fullCategory(_ name: String) -> String {
        name.utf8.contains(UInt8(ascii: ".")) ? name : "android.intent.category.\(name)"
    }
}

package struct Activity: Sendable, Equatable, Hashable {
    /// As written in the manifest (may start with `.`).
    package var name: String
    /// `nil` when the manifest does not say (matters for target SDK 31+).
    package var exported: Bool?
    package var launchMode: LaunchMode = .standard
    package var intentFilters: [IntentFilter] = []
    /// For `<activity-alias>`: the activity it points at.
    package var targetActivity: String?
    package var enabled: Bool = true

    package init(
        name: String, exported: Bool? = nil, launchMode: LaunchMode = .standard,
        intentFilters: [IntentFilter] = [], targetActivity: String? = nil, enabled: Bool = true
    ) {
        self.name = name
        self.exported = exported
        self.launchMode = launchMode
        self.intentFilters = intentFilters
        self.targetActivity = targetActivity
        self.enabled = enabled
    }

    /// The fully qualified class name: a leading `.` (or no dot at all) is expanded with the package.
    package func qualifiedName(package: String) -> String { Self.qualifiedName(name, package: package) }

    /// `name` as the manifest merger expands it: `.Main` and `Main` take the package, `a.b.Main` is kept.
    static func qualifiedName(_ name: String, package: String) -> String {
        // `.` is ASCII: its first byte decides what `hasPrefix(".")` decides, without comparing characters.
        if name.utf8.first == UInt8(ascii: "."), name.hasPrefix(".") { return package + name }
        if !name.utf8.contains(UInt8(ascii: ".")) { return package + "." + name }
        return name
    }
}

/// The Android part of an app, as it comes from a real manifest or the scenario's inline form.
package struct AndroidManifest: Sendable, Equatable {
    package var package: String?
    package var targetSDK: Int?
    package var activities: [Activity] = []
    package init(package: String? = nil, targetSDK: Int? = nil, activities: [Activity] = []) {
        self.package = package
        self.targetSDK = targetSDK
        self.activities = activities
    }
}

/// One entry of the app's own router.
package struct Route: Sendable, Equatable {
    package enum Pattern: Sendable, Equatable {
        /// A path on any web host the app claims, e.g. `/product/{id}`.
        case path(String)
        /// A full URL pattern, e.g. `shopapp://product/{id}`.
        case url(String)
        /// A provider's `deep_link_value`.
        case deepLinkValue(String)
        /// Any provider parameter and its value pattern.
        case param(name: String, value: String)
    }
    package var pattern: Pattern
    package var screen: String
    /// Parameters the screen's code force-unwraps (`id!`, `!!`): a link without one crashes the app.
    package var forceUnwrap: [String] = []
    /// Screens above this one in the app's hierarchy (a synthetic back stack puts them under it).
    package var parents: [String] = []
    package init(pattern: Pattern, screen: String, forceUnwrap: [String] = [], parents: [String] = []) {
        self.pattern = pattern
        self.screen = screen
        self.forceUnwrap = forceUnwrap
        self.parents = parents
    }
}

package enum SDKProvider: String, Sendable, CaseIterable, Codable {
    case appsflyer, branch, adjust, none
}

/// The deep-link SDK inside the app. Unknown keys are kept in `options` for the deferred rules.
package struct SDKConfig: Sendable, Equatable {
    package var provider: SDKProvider = .none
    package var options: [String: ScalarValue] = [:]
    package init(provider: SDKProvider = .none, options: [String: ScalarValue] = [:]) {
        self.provider = provider
        self.options = options
    }
}

/// A scalar as it appeared in a scenario (used where the value's type depends on the key).
package enum ScalarValue: Sendable, Equatable, Hashable, CustomStringConvertible {
    case string(String)
    case int(Int)
    case bool(Bool)
    case duration(SimDuration)
    case null

    package var description: String {
        switch self {
        case .string(let s): return s
        case .int(let i): return String(i)
        case .bool(let b): return b ? "true" : "false"
        case .duration(let d): return d.description
        case .null: return "null"
        }
    }

    package var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    package var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
}

/// The callbacks through which a link reaches an app's code: the iOS app delegate, scene delegate and SwiftUI
/// entry points, and Android's activity callbacks. A scenario's `handles:` lists the ones the app implements.
package enum EntryPoint: String, Sendable, Equatable, Hashable, CaseIterable {
    case didFinishLaunching = "application(_:didFinishLaunchingWithOptions:)"
    case openURL = "application(_:open:options:)"
    case continueUserActivity = "application(_:continue:restorationHandler:)"
    case sceneWillConnect = "scene(_:willConnectTo:options:)"
    case sceneOpenURLContexts = "scene(_:openURLContexts:)"
    case sceneContinue = "scene(_:continue:)"
    case onOpenURL
    case onContinueUserActivity
    case onCreate
    case onNewIntent
}
