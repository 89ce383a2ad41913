/// One-line descriptions of actions and landings, shared by the CLI reporters and the TUI.
package enum Describe {
    /// An assumption as shown: the notes say "assumption: …" or "assumption A5: …" themselves; any other gets the label
    /// (so a label is never written twice).
    package static func assumption(_ text: String) -> String {
        text.lowercased().hasPrefix("assumption") ? text : "assumption: \(text)"
    }

    package static func action(_ kind: ActionKind) -> String {
        switch kind {
        case .tap(let tap): return "tap \(tap.url) \(from(tap))"
        case .longPress(let tap, let choice): return "long-press \(tap.url) \(from(tap)), choose \(choice.rawValue)"
        case .wait(let d): return "wait \(d)"
        case .install(let id, let source): return source == .store ? "install \(id)" : "install \(id) (\(source.rawValue))"
        case .launch(let id): return "launch \(id)"
        case .uninstall(let id): return "uninstall \(id)"
        case .update(let id): return "update \(id)"
        case .answer(let a): return "answer \(a)"
        case .set(let assignments): return "set " + assignments.map { "\($0.path)=\($0.value)" }.joined(separator: ", ")
        case .packageManager(let command): return command.text
        case .serve(let changes): return "serve " + changes.map { "\($0.host) (\($0.keys.joined(separator: ", ")))" }.joined(separator: "; ")
        case .clearDefaults(let target): return "clear defaults of \(target)"
        }
    }

    static func from(_ tap: Tap) -> String {
        var out = "from \(tap.from.rawValue)"
        if let b = tap.browserApp { out += " (\(b.rawValue))" }
        if let page = tap.page { out += " on \(page)" }
        if tap.gesture == .script { out += ", by script" }
        return out
    }

    /// `app com.example.shop › ProductDetail {id=42} via custom_scheme · scene(_:openURLContexts:)`
    package static func landing(_ l: Landing) -> String {
        var parts: [String] = []
        switch l.kind {
        case .app:
            var s = "app \(l.app ?? "?")"
            if let screen = l.screen { s += " › \(screen)" }
            if let params = l.params, !params.isEmpty {
                s += " {" + params.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") + "}"
            }
            parts.append(s)
            if let via = l.via { parts.append("via \(via.rawValue)") }
            if let callback = l.callback { parts.append(callback) }
            if l.delivered == false { parts.append("NOT delivered") }
        case .browser:
            parts.append("browser \(l.browser?.rawValue ?? "?")")
            if let url = l.url { parts.append(url) }
        case .store:
            parts.append("store page of \(l.app ?? "?")")
        case .error:
            var s = "error"
            if let b = l.browser { s += " in \(b)" }
            parts.append(s)
        case .chooser:
            parts.append("chooser: " + (l.optionNames ?? []).joined(separator: ", "))
        case .prompt:
            var s = "prompt"
            if let app = l.app { s += " to open \(app)" }
            if let options = l.optionNames { s += " (" + options.joined(separator: " / ") + ")" }
            parts.append(s)
        case .nowhere:
            parts.append("nowhere (nothing happens)")
        case .unknown:
            parts.append("unknown: " + (l.reason ?? "no sourced rule decides this situation"))
        case .crash:
            parts.append("crash of \(l.app ?? "?"): " + (l.reason ?? "the app's code crashed"))
        }
        for (key, value) in l.extra.sorted(by: { $0.key < $1.key }) { parts.append("\(key.rawValue)=\(value)") }
        return parts.joined(separator: " · ")
    }

    package static func device(_ d: Device) -> String {
        var out = "\(d.platform.displayName) \(d.os) · default browser \(d.defaultBrowser.rawValue)"
        if d.developerMode { out += " · developer mode" }
        if d.privateRelay { out += " · Private Relay" }
        if !d.online { out += " · offline" }
        return out
    }
}
