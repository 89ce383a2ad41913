import ArgumentParser
import LinkSimCore

/// An `--os`/`--ios` value read for a platform, with one message for every command: the example, and why a
/// version-shaped value names no release (iOS 0, iOS 19–25, far-future versions).
enum OSOption {
    static func parse(_ text: String, platform: Platform, option: String) throws -> OSVersion {
        if let version = OSVersion.parse(text, platform: platform) { return version }
        throw ValidationError(message(text, platform: platform, option: option))
    }

    static func message(_ text: String, platform: Platform, option: String) -> String {
        let example = platform == .ios ? "17.4" : "14 or api34"
        let why = OSVersion.problem(text, platform: platform).map { ": \($0)" } ?? ""
        return "\(option): `\(text)` is not an \(platform.displayName) version (e.g. \(example))\(why)"
    }
}
