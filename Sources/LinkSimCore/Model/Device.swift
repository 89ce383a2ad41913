import Foundation

/// The two platforms linksim models.
package enum Platform: String, Sendable, CaseIterable, Codable {
    case ios
    case android

    package var displayName: String { self == .ios ? "iOS" : "Android" }
}

/// An operating-system version. iOS versions are `major.minor[.patch]`; Android versions are
/// kept as an API level (the scenario may say `"14"` or `"api34"`).
///
/// The numbers are kept as plain fields, not a list: a version is copied and compared on every rule
/// check of a tap (`Rule.applies(to:)`), and a list cost a retain and a release per copy (issue #14).
/// `components` gives them as a list, and the mirror shows the fields as before.
package struct OSVersion: Sendable, Hashable, Comparable, CustomStringConvertible, CustomReflectable {
    package let platform: Platform
    /// iOS major version, or Android API level.
    package let major: Int
    /// iOS minor and patch (0 on Android).
    private let minor: Int
    private let patch: Int

    package init(ios major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        platform = .ios
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    package init(androidAPI api: Int) {
        platform = .android
        major = api
        minor = 0
        patch = 0
    }

    /// iOS: [major, minor, patch]. Android: [apiLevel].
    package var components: [Int] { platform == .ios ? [major, minor, patch] : [major] }
    package var apiLevel: Int { major }

    /// `components` compared in order, a shorter list first when one begins the other (as the list
    /// comparison did before the numbers were fields).
    package static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        if lhs.major != rhs.major { return lhs.major < rhs.major }
        switch (lhs.platform == .ios, rhs.platform == .ios) {
        case (true, true):
            return lhs.minor != rhs.minor ? lhs.minor < rhs.minor : lhs.patch < rhs.patch
        case (false, true): return true
        case (true, false), (false, false): return false
        }
    }

    /// The fields as they were declared before (`platform`, `components`): what test digests read.
    package var customMirror: Mirror {
        Mirror(self, children: ["platform": platform, "components": components], displayStyle: .struct)
    }

    package var description: String {
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
    package static func parse(_ text: String, platform: Platform) -> OSVersion? {
        let trimmed = text.trimmedWhitespace
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
            let version = OSVersion(ios: numbers[0], numbers[1], numbers[2])
            return notARelease(version) == nil ? version : nil
        case .android:
            let lower = trimmed.lowercased()
            if lower.hasPrefix("api"), let api = Int(lower.dropFirst(3)), api > 0 {
                let version = OSVersion(androidAPI: api)
                return notARelease(version) == nil ? version : nil
            }
            if let api = AndroidVersions.api(forVersion: lower) {
                return OSVersion(androidAPI: api)
            }
            return nil
        }
    }

    /// The newest release the rules describe: iOS 27 (a rule starts with it), Android 16 (API 36).
    package static func newestDescribed(_ platform: Platform) -> OSVersion {
        platform == .ios ? OSVersion(ios: 27) : OSVersion(androidAPI: AndroidVersions.latestAPI)
    }

    /// How far past `newestDescribed` a version is still taken as a future release (ten majors or API levels).
    static let futureReach = 10

    /// This version is newer than any release the rules describe: linksim applies the newest rules to it.
    package var isPastDescribedReleases: Bool { major > Self.newestDescribed(platform).major }

    /// Why a version-shaped value names no release (nil when it names one): iOS 0, iOS 19–25 (after iOS 18 Apple
    /// numbered releases by year, from iOS 26), and versions more than `futureReach` past the newest described.
    package static func notARelease(_ version: OSVersion) -> String? {
        let newest = newestDescribed(version.platform)
        switch version.platform {
        case .ios:
            if version.major == 0 { return "there is no iOS 0 (the first release was iPhone OS 1)" }
            if (19...25).contains(version.major) {
                return "there is no iOS \(version.major): after iOS 18 Apple numbered releases by year, from iOS 26 (2025); did you mean \"26\"?"
            }
        case .android:
            if version.major == 0 { return "there is no API level 0 (Android 1.0 is API 1)" }
        }
        if version.major > newest.major + futureReach {
            let name = version.platform == .ios ? "iOS \(version.major)" : "API \(version.major)"
            let limit = version.platform == .ios ? "iOS \(newest.major + futureReach)" : "API \(newest.major + futureReach)"
            let newestName = version.platform == .ios ? "iOS \(newest.major)" : "Android \(newest)"
            return "\(name) is far past the newest release linksim describes (\(newestName)); up to \(limit) is taken as a future release"
        }
        return nil
    }

    /// Why `text` is not a version for `platform`, when it is version-shaped but names no release (nil otherwise:
    /// the caller's own "must be a version such as ..." message says the rest).
    package static func problem(_ text: String, platform: Platform) -> String? {
        let trimmed = text.trimmedWhitespace
        switch platform {
        case .ios:
            let numbers = trimmed.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
            guard (1...3).contains(numbers.count), let major = numbers[0], numbers.allSatisfy({ ($0 ?? -1) >= 0 }) else { return nil }
            return notARelease(OSVersion(ios: major))
        case .android:
            let lower = trimmed.lowercased()
            guard lower.hasPrefix("api"), let api = Int(lower.dropFirst(3)), api >= 0 else {
                if Int(lower) != nil, AndroidVersions.api(forVersion: lower) == nil {
                    return "linksim knows Android 6 to 16 by name; give any other release as its API level, such as api37"
                }
                return nil
            }
            return notARelease(OSVersion(androidAPI: api))
        }
    }

    package static func latest(_ platform: Platform) -> OSVersion {
        platform == .ios ? OSVersion(ios: 26, 0) : OSVersion(androidAPI: AndroidVersions.latestAPI)
    }
}

/// The Android release names and their API levels.
package enum AndroidVersions {
    package static let table: [(version: String, api: Int)] = [
        ("6", 23), ("6.0", 23), ("7", 24), ("7.0", 24), ("7.1", 25), ("8", 26), ("8.0", 26), ("8.1", 27),
        ("9", 28), ("10", 29), ("11", 30), ("12", 31), ("12l", 32), ("13", 33), ("14", 34), ("15", 35),
        ("16", 36),
    ]
    package static let latestAPI = 36

    package static func api(forVersion version: String) -> Int? {
        table.first { $0.version == version.lowercased() }?.api
    }

    package static func name(forAPI api: Int) -> String? {
        switch api {
        case 32: return "12L"
        default: return table.first { $0.api == api }.map { $0.version.uppercased() }
        }
    }

    /// Real releases a UI can offer in a list.
    package static let releases: [String] = ["6", "7", "8", "9", "10", "11", "12", "12L", "13", "14", "15", "16"]
}

/// Real iOS releases a UI can offer in a list.
package enum IOSVersions {
    package static let releases: [String] = [
        "8.4", "9.3", "10.3", "11.4", "12.5", "13.7", "14.8", "15.8", "16.7", "17.4", "17.6", "18.0", "18.4", "18.6",
        "26.0", "26.1",
    ]
}

package enum Browser: String, Sendable, CaseIterable, Codable {
    case safari, chrome, firefox, edge, brave, samsung, none
    /// A browser inside another app (Facebook, Instagram...), or a WebView.
    case inApp = "in_app"
    case sfsafariviewcontroller
    case customTab = "custom_tab"
    case webview

    package static let iosChoices: [Browser] = [.safari, .chrome, .firefox, .edge, .brave]
    package static let androidChoices: [Browser] = [.chrome, .firefox, .samsung, .none]

    package var displayName: String {
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

package enum ATTStatus: String, Sendable, CaseIterable, Codable {
    case authorized, denied
    case notDetermined = "not_determined"
    case restricted
}

/// Which app iOS picks when several installed apps register the same custom scheme. Apple says
/// the choice is undefined; linksim makes it deterministic and says so in the trace.
package enum SchemeCollisionPolicy: String, Sendable, CaseIterable, Codable {
    case firstInstalled = "first_installed"
    case lastInstalled = "last_installed"
}

/// The device a link is tapped on.
///
/// Its fields live in one shared box copied only when a copy is changed (copy on write, as `App`'s):
/// every action keeps the device as it was before and after (`WorldSnapshot`), and copying its strings
/// and lists field by field cost a retain and a release for each (issue #14). Reads and writes look as
/// they did.
package struct Device: Sendable, Equatable, CustomReflectable {
    struct Fields: Sendable, Equatable {
        var platform: Platform
        var os: OSVersion
        var defaultBrowser: Browser
        var developerMode: Bool = false
        var privateRelay: Bool = false
        var att: ATTStatus = .notDetermined
        var network: String = "home"
        var clipboard: String? = nil
        var online: Bool = true
        /// Android: the browsers installed (nil: the default browser, or Chrome and Firefox when there is none).
        var installedBrowsers: [Browser]? = nil
        /// Under MDM with the administrator's consent (for `applinks:...?mode=managed`).
        var managed: Bool = false
        /// How long after the first open the user answers the ATT prompt (nil: at once, or never if `att` is not_determined).
        var attAnswerAfter: SimDuration? = nil
        /// Android: how long the verification agent takes to answer after an install, an update or
        /// `pm verify-app-links` (the docs: “wait at least 20 seconds”).
        var appLinkVerificationDelay: SimDuration = SimDuration(seconds: 20)
        /// iOS: how long downloading an app's association files takes after an install or update.
        /// Apple: the device downloads them at install, from the CDN immediately — so 0 unless a scenario says otherwise.
        var associationDelay: SimDuration = SimDuration(seconds: 0)
        /// iOS: domains where the user chose "Open in Safari" (lowercased hosts).
        var safariPrefersBrowser: [String] = []
        /// iOS: how a custom-scheme collision is resolved (linksim extension; Apple: undefined).
        var schemeCollision: SchemeCollisionPolicy = .firstInstalled
    }

    /// The fields, in a box shared until a copy writes (Model/CopyOnWriteBox.swift).
    private var storage: CopyOnWriteBox<Fields>

    package init(platform: Platform, os: OSVersion, defaultBrowser: Browser? = nil) {
        storage = CopyOnWriteBox(
            Fields(platform: platform, os: os, defaultBrowser: defaultBrowser ?? (platform == .ios ? .safari : .chrome)))
    }

    package static func == (lhs: Device, rhs: Device) -> Bool {
        CopyOnWriteBox.same(lhs.storage, rhs.storage)
    }

    /// The fields, as a struct's own (what test digests and debuggers read).
    package var customMirror: Mirror {
        Mirror(self, children: Mirror(reflecting: storage.fields).children, displayStyle: .struct)
    }

    private mutating func makeUnique() { CopyOnWriteBox.makeUnique(&storage) }

    package var platform: Platform {
        get { storage.fields.platform }
        _modify {
            makeUnique()
            yield &storage.fields.platform
        }
    }
    package var os: OSVersion {
        get { storage.fields.os }
        _modify {
            makeUnique()
            yield &storage.fields.os
        }
    }
    package var defaultBrowser: Browser {
        get { storage.fields.defaultBrowser }
        _modify {
            makeUnique()
            yield &storage.fields.defaultBrowser
        }
    }
    package var developerMode: Bool {
        get { storage.fields.developerMode }
        _modify {
            makeUnique()
            yield &storage.fields.developerMode
        }
    }
    package var privateRelay: Bool {
        get { storage.fields.privateRelay }
        _modify {
            makeUnique()
            yield &storage.fields.privateRelay
        }
    }
    package var att: ATTStatus {
        get { storage.fields.att }
        _modify {
            makeUnique()
            yield &storage.fields.att
        }
    }
    package var network: String {
        get { storage.fields.network }
        _modify {
            makeUnique()
            yield &storage.fields.network
        }
    }
    package var clipboard: String? {
        get { storage.fields.clipboard }
        _modify {
            makeUnique()
            yield &storage.fields.clipboard
        }
    }
    package var online: Bool {
        get { storage.fields.online }
        _modify {
            makeUnique()
            yield &storage.fields.online
        }
    }
    /// Android: the browsers installed (nil: the default browser, or Chrome and Firefox when there is none).
    package var installedBrowsers: [Browser]? {
        get { storage.fields.installedBrowsers }
        _modify {
            makeUnique()
            yield &storage.fields.installedBrowsers
        }
    }
    /// Under MDM with the administrator's consent (for `applinks:...?mode=managed`).
    package var managed: Bool {
        get { storage.fields.managed }
        _modify {
            makeUnique()
            yield &storage.fields.managed
        }
    }
    /// How long after the first open the user answers the ATT prompt (nil: at once, or never if `att` is not_determined).
    package var attAnswerAfter: SimDuration? {
        get { storage.fields.attAnswerAfter }
        _modify {
            makeUnique()
            yield &storage.fields.attAnswerAfter
        }
    }
    /// Android: how long the verification agent takes to answer after an install, an update or
    /// `pm verify-app-links` (the docs: “wait at least 20 seconds”).
    package var appLinkVerificationDelay: SimDuration {
        get { storage.fields.appLinkVerificationDelay }
        _modify {
            makeUnique()
            yield &storage.fields.appLinkVerificationDelay
        }
    }
    /// iOS: how long downloading an app's association files takes after an install or update.
    /// Apple: the device downloads them at install, from the CDN immediately — so 0 unless a scenario says otherwise.
    package var associationDelay: SimDuration {
        get { storage.fields.associationDelay }
        _modify {
            makeUnique()
            yield &storage.fields.associationDelay
        }
    }
    /// iOS: domains where the user chose "Open in Safari" (lowercased hosts).
    package var safariPrefersBrowser: [String] {
        get { storage.fields.safariPrefersBrowser }
        _modify {
            makeUnique()
            yield &storage.fields.safariPrefersBrowser
        }
    }
    /// iOS: how a custom-scheme collision is resolved (linksim extension; Apple: undefined).
    package var schemeCollision: SchemeCollisionPolicy {
        get { storage.fields.schemeCollision }
        _modify {
            makeUnique()
            yield &storage.fields.schemeCollision
        }
    }
}
