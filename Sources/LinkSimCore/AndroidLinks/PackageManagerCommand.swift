import Foundation

/// One `adb shell pm …` command QA type on a device to inspect or change App Link state,
/// as a scenario action.
package struct PackageManagerCommand: Sendable, Equatable, CustomStringConvertible {
    package enum Verb: String, Sendable, CaseIterable {
        case verifyAppLinks = "verify-app-links"
        case setAppLinks = "set-app-links"
        case setAppLinksUserSelection = "set-app-links-user-selection"
        case setAppLinksAllowed = "set-app-links-allowed"
        case resetAppLinks = "reset-app-links"
    }
    package var verb: Verb
    /// The package, or nil for "all packages".
    package var package: String?
    package var reVerify = false
    /// `set-app-links`: the state to record (nil = reset to `none`, state 0).
    package var state: DomainVerificationState?
    /// `set-app-links-user-selection` / `set-app-links-allowed`.
    package var enabled = true
    /// Domains named, or nil for `all`.
    package var domains: [String]?
    package var user = 0
    /// The command as written.
    package var text: String

    package var description: String { text }

    /// Parses `pm verify-app-links --re-verify com.example.shop` (with or without `adb shell`).
    /// The text split at spaces and tabs. ASCII text is split on its bytes (each byte is a character there,
    /// and the one two-byte character, CR LF, holds neither): splitting by `Character` cost ~30,000
    /// instructions a command (issue #14). Other text is split by `Character`, where a space followed by a
    /// combining mark is one character and not a separator.
    static func words(_ text: String) -> [String] {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        }
        return text.utf8.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).map { String(decoding: $0, as: UTF8.self) }
    }

    package static func parse(_ text: String) -> Result<PackageManagerCommand, SettingError> {
        var words = Self.words(text)
        if words.first == "adb" {
            words.removeFirst()
            if words.first == "shell" { words.removeFirst() }
        }
        if words.first == "pm" { words.removeFirst() }
        guard let verbText = words.first else {
            return .failure(SettingError(message: "needs a pm command such as `pm verify-app-links --re-verify com.example.shop`"))
        }
        guard let verb = Verb(rawValue: verbText) else {
            let verbs = Verb.allCases.map(\.rawValue)
            return .failure(
                SettingError(
                    message:
                        "unknown pm command `\(verbText)`\(Suggestion.didYouMean(verbText, among: verbs)); linksim models: \(verbs.joined(separator: ", "))"))
        }
        words.removeFirst()
        var command = PackageManagerCommand(verb: verb, text: "pm " + ([verbText] + words).joined(separator: " "))
        var positional: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            switch word {
            case "--re-verify":
                guard verb == .verifyAppLinks else { return .failure(SettingError(message: "`--re-verify` belongs to verify-app-links")) }
                command.reVerify = true
            case "--package", "--user":
                guard index + 1 < words.count else { return .failure(SettingError(message: "`\(word)` needs a value")) }
                index += 1
                if word == "--package" {
                    command.package = words[index]
                } else {
                    switch words[index] {
                    case "0", "cur", "current": command.user = 0
                    case "all": command.user = 0
                    default:
                        return .failure(SettingError(message: "linksim models one user (0); got `--user \(words[index])`"))
                    }
                }
            default:
                if word.hasPrefix("-") { return .failure(SettingError(message: "unknown option `\(word)` for pm \(verb.rawValue)")) }
                positional.append(word)
            }
            index += 1
        }
        switch verb {
        case .verifyAppLinks, .resetAppLinks:
            if let last = positional.last, positional.count == 1 { command.package = command.package ?? (last == "all" ? nil : last) }
            guard positional.count <= 1 else {
                return .failure(SettingError(message: "pm \(verb.rawValue) takes at most one package, got \(positional.joined(separator: " "))"))
            }
        case .setAppLinks:
            guard command.package != nil else { return .failure(SettingError(message: "pm set-app-links needs --package")) }
            guard positional.count >= 2 else {
                return .failure(SettingError(message: "pm set-app-links needs a state (0, 1, 2, 3 or a name) and domains or `all`"))
            }
            switch positional[0] {
            case "0": command.state = nil
            case "1": command.state = .verified
            case "2": command.state = .approved
            case "3": command.state = .denied
            default:
                guard let state = DomainVerificationState(positional[0]) else {
                    return .failure(
                        SettingError(
                            message:
                                "`\(positional[0])` is not a state; use 0 (reset), 1 (verified), 2 (approved), 3 (denied) or one of \(DomainVerificationState.names.joined(separator: ", "))"
                        ))
                }
                command.state = state == .none ? nil : state
            }
            command.domains = domainList(Array(positional.dropFirst()))
        case .setAppLinksUserSelection, .setAppLinksAllowed:
            guard command.package != nil else { return .failure(SettingError(message: "pm \(verb.rawValue) needs --package")) }
            guard let flag = positional.first, flag == "true" || flag == "false" else {
                return .failure(SettingError(message: "pm \(verb.rawValue) needs true or false"))
            }
            command.enabled = flag == "true"
            if verb == .setAppLinksUserSelection {
                guard positional.count >= 2 else { return .failure(SettingError(message: "pm set-app-links-user-selection needs domains or `all`")) }
                command.domains = domainList(Array(positional.dropFirst()))
            } else if positional.count > 1 {
                return .failure(SettingError(message: "pm set-app-links-allowed takes only true or false after the options"))
            }
        }
        return .success(command)
    }

    private static func domainList(_ words: [String]) -> [String]? {
        words == ["all"] ? nil : words.map { $0.lowercased() }
    }
}
