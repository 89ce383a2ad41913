/// The parts of the world a scenario's `set:` action (and the TUI) can change, as a table:
/// the loader validates against it and the engine applies it, so the two never disagree.
package struct Setting: Sendable {
    package enum Scope: Sendable { case device, app }
    package var scope: Scope
    package var key: String
    /// What a valid value looks like, for messages.
    package var hint: String
    /// Applies the value; returns an error message when the value does not fit.
    let applyToDevice: (@Sendable (inout Device, ScalarValue) -> String?)?
    let applyToApp: (@Sendable (inout App, ScalarValue, Platform) -> String?)?

    package var path: String { scope == .device ? "device.\(key)" : "apps.<index|id>.\(key)" }

    static func device(_ key: String, _ hint: String, _ apply: @escaping @Sendable (inout Device, ScalarValue) -> String?) -> Setting {
        Setting(scope: .device, key: key, hint: hint, applyToDevice: apply, applyToApp: nil)
    }

    static func app(_ key: String, _ hint: String, _ apply: @escaping @Sendable (inout App, ScalarValue, Platform) -> String?) -> Setting {
        Setting(scope: .app, key: key, hint: hint, applyToDevice: nil, applyToApp: apply)
    }
}

/// A resolved `set:` path: which setting, and for app settings which app.
package struct ResolvedSetting: Sendable {
    package var setting: Setting
    package var appIndex: Int?
}

package enum Settings {
    private static func enumValue<E: RawRepresentable & CaseIterable>(_ value: ScalarValue, _: E.Type) -> E? where E.RawValue == String {
        value.stringValue.flatMap(E.init(rawValue:))
    }

    private static func choices<E: RawRepresentable & CaseIterable>(_: E.Type) -> String where E.RawValue == String {
        E.allCases.map(\.rawValue).joined(separator: ", ")
    }

    private static func text(_ value: ScalarValue) -> String? {
        switch value {
        case .string(let s): return s
        case .int(let i): return String(i)
        case .null: return nil
        default: return value.description
        }
    }

    package static let all: [Setting] = [
        .device("os", "an OS version: iOS \"17.4\"; Android \"14\" or \"api34\"") { device, value in
            guard let text = text(value), let os = OSVersion.parse(text, platform: device.platform) else {
                let why = text(value).flatMap { OSVersion.problem($0, platform: device.platform) }
                return "not a valid \(device.platform.displayName) version" + (why.map { ": \($0)" } ?? "")
            }
            device.os = os
            return nil
        },
        .device("default_browser", choices(Browser.self)) { device, value in
            guard let b = enumValue(value, Browser.self) else { return "not a browser" }
            device.defaultBrowser = b
            return nil
        },
        .device("developer_mode", "true or false") { device, value in
            guard let b = value.boolValue else { return "must be true or false" }
            device.developerMode = b
            return nil
        },
        .device("private_relay", "true or false") { device, value in
            guard let b = value.boolValue else { return "must be true or false" }
            device.privateRelay = b
            return nil
        },
        .device("online", "true or false") { device, value in
            guard let b = value.boolValue else { return "must be true or false" }
            device.online = b
            return nil
        },
        .device("att", choices(ATTStatus.self)) { device, value in
            guard let a = enumValue(value, ATTStatus.self) else { return "not an ATT status" }
            device.att = a
            return nil
        },
        .device("network", "a network name") { device, value in
            guard let t = text(value) else { return "must be a name" }
            device.network = t
            return nil
        },
        .device("clipboard", "text, or null") { device, value in
            device.clipboard = text(value)
            return nil
        },
        .device("managed", "true or false") { device, value in
            guard let b = value.boolValue else { return "must be true or false" }
            device.managed = b
            return nil
        },
        .device("scheme_collision", choices(SchemeCollisionPolicy.self)) { device, value in
            guard let p = enumValue(value, SchemeCollisionPolicy.self) else { return "not a policy" }
            device.schemeCollision = p
            return nil
        },
        .device("att_answer_after", "a duration such as 20s, or null") { device, value in
            switch value {
            case .null: device.attAnswerAfter = nil
            case .string(let text):
                guard let d = SimDuration.parse(text) else { return "not a duration" }
                device.attAnswerAfter = d
            default: return "not a duration"
            }
            return nil
        },
        .app("state", choices(AppState.self)) { app, value, _ in
            guard let s = enumValue(value, AppState.self) else { return "not an app state" }
            app.state = s
            return nil
        },
        .app("lifecycle", choices(IOSLifecycle.self)) { app, value, _ in
            guard let l = enumValue(value, IOSLifecycle.self) else { return "not a life cycle" }
            app.lifecycle = l
            return nil
        },
        .app("build", choices(IOSBuild.self)) { app, value, _ in
            guard let b = enumValue(value, IOSBuild.self) else { return "not a build kind" }
            app.build = b
            return nil
        },
        .app("current_screen", "a screen name") { app, value, _ in
            app.currentScreen = text(value)
            return nil
        },
        .app("home_screen", "a screen name") { app, value, _ in
            guard let t = text(value) else { return "must be a screen name" }
            app.homeScreen = t
            return nil
        },
        .app("link_handling_allowed", "true or false") { app, value, _ in
            guard let b = value.boolValue else { return "must be true or false" }
            app.linkHandlingAllowed = b
            return nil
        },
        .app("user_selected_domains", "hosts separated by commas, or null") { app, value, _ in
            switch value {
            case .null: app.userSelectedDomains = []
            case .string(let s):
                app.userSelectedDomains = s.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
            default: return "must be hosts separated by commas"
            }
            return nil
        },
        .app("target_sdk", "an API level") { app, value, _ in
            // A quoted number is read as the apps key reads it.
            let level: Int?
            switch value {
            case .int(let i): level = i
            case .string(let text): level = Int(text)
            default: level = nil
            }
            guard let i = level, (1...99).contains(i) else { return "must be an API level between 1 and 99, as `apps[].target_sdk`" }
            app.targetSDK = i
            return nil
        },
    ]

    package static func named(_ scope: Setting.Scope, _ key: String) -> Setting? {
        all.first { $0.scope == scope && $0.key == key }
    }

    /// Resolves `device.os`, `apps.0.state` or `apps.com.example.shop.state`. Returns an error message on failure.
    package static func resolve(_ path: String, apps: [App]) -> Result<ResolvedSetting, SettingError> {
        if path.hasPrefix("device.") {
            let key = String(path.dropFirst("device.".count))
            guard let setting = named(.device, key) else {
                let keys = all.filter { $0.scope == .device }.map(\.key)
                return .failure(
                    SettingError(
                        message: "unknown setting `\(path)`\(Suggestion.didYouMean(key, among: keys)); device settings: \(keys.joined(separator: ", "))"))
            }
            return .success(ResolvedSetting(setting: setting, appIndex: nil))
        }
        if path.hasPrefix("apps."), let range = path.rangeOfText(".domain_verification.") {
            // apps.<index|id>.domain_verification.<host>: the host itself contains dots.
            let ref = String(path[path.index(path.startIndex, offsetBy: 5)..<range.lowerBound])
            let host = String(path[range.upperBound...]).lowercased()
            guard let appIndex = Int(ref).flatMap({ apps.indices.contains($0) ? $0 : nil }) ?? apps.firstIndex(where: { $0.id == ref }) else {
                return .failure(SettingError(message: "`\(path)`: no app `\(ref)` in `apps`\(Suggestion.didYouMean(ref, among: apps.map(\.id)))"))
            }
            return .success(
                ResolvedSetting(
                    setting: .app("domain_verification", "a state (none, verified, approved, denied...) or a verifier code") { app, value, _ in
                        switch value {
                        case .null: app.domainVerification[host] = nil
                        case .int(let code):
                            guard let state = DomainVerificationState(String(code)) else { return "not a verifier code (1024 or more)" }
                            app.domainVerification[host] = state
                        case .string(let s):
                            guard let state = DomainVerificationState(s) else { return "not a verification state" }
                            app.domainVerification[host] = state
                        default: return "not a verification state"
                        }
                        return nil
                    }, appIndex: appIndex))
        }
        if path.hasPrefix("apps.") {
            let rest = path.dropFirst("apps.".count)
            guard let dot = rest.lastIndex(of: ".") else {
                return .failure(SettingError(message: "`\(path)` needs an app and a key, e.g. apps.0.state"))
            }
            let ref = String(rest[..<dot])
            let key = String(rest[rest.index(after: dot)...])
            let index: Int?
            if let i = Int(ref) { index = apps.indices.contains(i) ? i : nil } else { index = apps.firstIndex { $0.id == ref } }
            guard let appIndex = index else {
                return .failure(SettingError(message: "`\(path)`: no app `\(ref)` in `apps`\(Suggestion.didYouMean(ref, among: apps.map(\.id)))"))
            }
            guard let setting = named(.app, key) else {
                let keys = all.filter { $0.scope == .app }.map(\.key)
                return .failure(
                    SettingError(
                        message: "unknown app setting `\(key)`\(Suggestion.didYouMean(key, among: keys)); app settings: \(keys.joined(separator: ", "))"))
            }
            return .success(ResolvedSetting(setting: setting, appIndex: appIndex))
        }
        if path == "device" || path == "apps" {
            return .failure(
                SettingError(
                    message:
                        "`set` takes dotted paths, one per setting: write `\(path).KEY: VALUE` (e.g. `device.os: \"18.0\"`), not a nested `\(path):` mapping"))
        }
        return .failure(SettingError(message: "`\(path)` must start with `device.` or `apps.`"))
    }

    /// Applies a resolved setting to the device or app. Returns an error message when the value does not fit.
    package static func apply(_ resolved: ResolvedSetting, value: ScalarValue, device: inout Device, apps: inout [App]) -> String? {
        if let apply = resolved.setting.applyToDevice { return apply(&device, value) }
        if let apply = resolved.setting.applyToApp, let i = resolved.appIndex, apps.indices.contains(i) {
            return apply(&apps[i], value, device.platform)
        }
        return "nothing to apply"
    }
}

package struct SettingError: Error, Sendable { package var message: String }
