import Foundation

/// The two platforms linksim models.
public enum Platform: String, Sendable, CaseIterable, Codable {
    case ios
    case android

    public var displayName: String { self == .ios ? "iOS" : "Android" }
}

/// An operating-system version. iOS versions are `major.minor[.patch]`; Android versions are
/// kept as an API level (the scenario may say `"14"` or `"api34"`).
public struct OSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let platform: Platform
    /// iOS: [major, minor, patch]. Android: [apiLevel].
    public let components: [Int]

    public init(ios major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        platform = .ios
        components = [major, minor, patch]
    }

    public init(androidAPI api: Int) {
        platform = .android
        components = [api]
    }

    /// iOS major version, or Android API level.
    public var major: Int { components.first ?? 0 }
    public var apiLevel: Int { major }

    public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        lhs.components.lexicographicallyPrecedes(rhs.components)
    }

    public var description: String {
        switch platform {
        case .ios:
            let trimmed = components.count == 3 && components[2] == 0 ? Array(components.prefix(2)) : components
            return trimmed.map(String.init).joined(separator: ".")
        case .android:
            let name = AndroidVersions.name(forAPI: apiLevel)
            return name.map { "\($0) (API \(apiLevel))" } ?? "API \(apiLevel)"
        }
    }

    /// Parses a scenario's `os:` value for the given platform. Returns nil when it is not a version.
    public static func parse(_ text: String, platform: Platform) -> OSVersion? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch platform {
        case .ios:
            let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...3).contains(parts.count) else { return nil }
            var numbers: [Int] = []
            for part in parts {
                guard let n = Int(part), n >= 0 else { return nil }
                numbers.append(n)
            }
            while numbers.count < 3 { numbers.append(0) }
            return OSVersion(ios: numbers[0], numbers[1], numbers[2])
        case .android:
            let lower = trimmed.lowercased()
            if lower.hasPrefix("api"), let api = Int(lower.dropFirst(3)), api > 0 {
                return OSVersion(androidAPI: api)
            }
            if let api = AndroidVersions.api(forVersion: lower) {
                return OSVersion(androidAPI: api)
            }
            return nil
        }
    }

    public static func latest(_ platform: Platform) -> OSVersion {
        platform == .ios ? OSVersion(ios: 26, 0) : OSVersion(androidAPI: AndroidVersions.latestAPI)
    }
}

/// The Android release names and their API levels.
public enum AndroidVersions {
    public static let table: [(version: String, api: Int)] = [
        ("6", 23), ("6.0", 23), ("7", 24), ("7.0", 24), ("7.1", 25), ("8", 26), ("8.0", 26), ("8.1", 27),
        ("9", 28), ("10", 29), ("11", 30), ("12", 31), ("12l", 32), ("13", 33), ("14", 34), ("15", 35),
        ("16", 36),
    ]
    public static let latestAPI = 36

    public static func api(forVersion version: String) -> Int? {
        table.first { $0.version == version.lowercased() }?.api
    }

    public static func name(forAPI api: Int) -> String? {
        switch api {
        case 32: return "12L"
        default: return table.first { $0.api == api }.map { $0.version.uppercased() }
        }
    }

    /// Real releases a UI can offer in a list.
    public static let releases: [String] = ["6", "7", "8", "9", "10", "11", "12", "12L", "13", "14", "15", "16"]
}

/// Real iOS releases a UI can offer in a list.
public enum IOSVersions {
    public static let releases: [String] = [
        "8.4", "9.3", "10.3", "11.4", "12.5", "13.7", "14.8", "15.8", "16.7", "17.4", "17.6", "18.0", "18.4", "18.6",
        "26.0", "26.1",
    ]
}

public enum Browser: String, Sendable, CaseIterable, Codable {
    case safari, chrome, firefox, edge, brave, samsung, none
    /// A browser inside another app (Facebook, Instagram...), or a WebView.
    case inApp = "in_app"
    case sfsafariviewcontroller
    case customTab = "custom_tab"
    case webview

    public static let iosChoices: [Browser] = [.safari, .chrome, .firefox, .edge, .brave]
    public static let androidChoices: [Browser] = [.chrome, .firefox, .samsung, .none]

    public var displayName: String {
        switch self {
        case .safari: return "Safari"
        case .chrome: return "Chrome"
        case .firefox: return "Firefox"
        case .edge: return "Edge"
        case .brave: return "Brave"
        case .samsung: return "Samsung Internet"
        case .none: return "no browser"
        case .inApp: return "in-app browser"
        case .sfsafariviewcontroller: return "SFSafariViewController"
        case .customTab: return "Custom Tab"
        case .webview: return "WebView"
        }
    }
}

public enum ATTStatus: String, Sendable, CaseIterable, Codable {
    case authorized, denied
    case notDetermined = "not_determined"
    case restricted
}

/// Which app iOS picks when several installed apps register the same custom scheme. Apple says
/// the choice is undefined; linksim makes it deterministic and says so in the trace.
public enum SchemeCollisionPolicy: String, Sendable, CaseIterable, Codable {
    case firstInstalled = "first_installed"
    case lastInstalled = "last_installed"
}

public struct Device: Sendable, Equatable {
    public var platform: Platform
    public var os: OSVersion
    public var defaultBrowser: Browser
    public var developerMode: Bool = false
    public var privateRelay: Bool = false
    public var att: ATTStatus = .notDetermined
    public var network: String = "home"
    public var clipboard: String?
    public var online: Bool = true
    /// Android: the browsers installed (nil: the default browser, or Chrome and Firefox when there is none).
    public var installedBrowsers: [Browser]?
    /// Under MDM with the administrator's consent (for `applinks:...?mode=managed`).
    public var managed: Bool = false
    /// How long after the first open the user answers the ATT prompt (nil: at once, or never if `att` is not_determined).
    public var attAnswerAfter: SimDuration?
    /// Android: how long the verification agent takes to answer after an install, an update or
    /// `pm verify-app-links` (the docs: “wait at least 20 seconds”).
    public var appLinkVerificationDelay = SimDuration(seconds: 20)
    /// iOS: how long downloading an app's association files takes after an install or update.
    /// Apple: the device downloads them at install, from the CDN immediately — so 0 unless a scenario says otherwise.
    public var associationDelay = SimDuration(seconds: 0)
    /// iOS: domains where the user chose "Open in Safari" (lowercased hosts).
    public var safariPrefersBrowser: [String] = []
    /// iOS: how a custom-scheme collision is resolved (linksim extension; Apple: undefined).
    public var schemeCollision: SchemeCollisionPolicy = .firstInstalled

    public init(platform: Platform, os: OSVersion, defaultBrowser: Browser? = nil) {
        self.platform = platform
        self.os = os
        self.defaultBrowser = defaultBrowser ?? (platform == .ios ? .safari : .chrome)
    }
}
