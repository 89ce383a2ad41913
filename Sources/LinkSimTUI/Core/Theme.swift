import LinkSimCore

/// Styles by meaning. With colour off (`NO_COLOR`) every meaning still looks different, through
/// bold, reverse, underline and dim alone.
package struct Theme: Sendable {
    package let color: Bool

    package init(color: Bool) { self.color = color }

    var border: CellStyle { color ? CellStyle(foreground: .blue) : CellStyle(dim: true) }
    var focusedBorder: CellStyle { color ? CellStyle(foreground: .cyan, bold: true) : CellStyle(bold: true) }
    var paneTitle: CellStyle { CellStyle(bold: true) }
    var focusedPaneTitle: CellStyle { color ? CellStyle(foreground: .cyan, bold: true, reverse: true) : CellStyle(bold: true, reverse: true) }
    var titleBar: CellStyle { CellStyle(reverse: true) }
    var text: CellStyle { .plain }
    var secondary: CellStyle { CellStyle(dim: true) }
    var section: CellStyle { color ? CellStyle(foreground: .magenta, bold: true) : CellStyle(bold: true, underline: true) }
    var cursor: CellStyle { CellStyle(reverse: true) }
    /// The cursor of a pane that does not have focus: still findable, less loud.
    var unfocusedCursor: CellStyle { color ? CellStyle(foreground: .cyan, bold: true) : CellStyle(underline: true) }
    var changed: CellStyle { color ? CellStyle(foreground: .black, background: .yellow, bold: true) : CellStyle(bold: true, underline: true) }
    var changedMark: CellStyle { color ? CellStyle(foreground: .yellow, bold: true) : CellStyle(bold: true) }
    var error: CellStyle { color ? CellStyle(foreground: .red, bold: true) : CellStyle(bold: true, reverse: true) }
    var ok: CellStyle { color ? CellStyle(foreground: .green) : CellStyle(bold: true) }
    var ruleID: CellStyle { color ? CellStyle(foreground: .cyan) : CellStyle(underline: true) }

    /// The landing's colour says where the user ended up at a glance.
    func landing(_ kind: LandingKind?) -> CellStyle {
        guard let kind else { return secondary }
        if color {
            switch kind {
            case .app: return CellStyle(foreground: .green, bold: true)
            case .browser: return CellStyle(foreground: .blue, bold: true)
            case .store: return CellStyle(foreground: .magenta, bold: true)
            case .error, .crash: return CellStyle(foreground: .red, bold: true)
            case .chooser, .prompt: return CellStyle(foreground: .yellow, bold: true)
            case .nowhere: return CellStyle(foreground: .red, dim: true)
            case .unknown: return CellStyle(foreground: .yellow, reverse: true)
            }
        }
        switch kind {
        case .app: return CellStyle(bold: true)
        case .browser: return CellStyle(underline: true)
        case .store: return CellStyle(bold: true, underline: true)
        case .error, .crash: return CellStyle(bold: true, reverse: true)
        case .chooser, .prompt: return CellStyle(reverse: true)
        case .nowhere: return CellStyle(dim: true)
        case .unknown: return CellStyle(reverse: true, underline: true)
        }
    }
}

/// Words for landings, shared by the landing bar and the matrix.
package enum LandingText {
    package static func label(_ kind: LandingKind) -> String {
        switch kind {
        case .app: return "APP"
        case .browser: return "BROWSER"
        case .store: return "STORE"
        case .error: return "ERROR"
        case .chooser: return "CHOOSER"
        case .prompt: return "PROMPT"
        case .nowhere: return "NOWHERE"
        case .unknown: return "UNKNOWN"
        case .crash: return "CRASH"
        }
    }

    /// One line: where it landed.
    package static func headline(_ landing: Landing) -> String {
        var parts: [String] = []
        switch landing.kind {
        case .app:
            parts.append(landing.app ?? "an app")
            if let screen = landing.screen { parts.append("› \(screen)") }
        case .browser:
            parts.append(landing.browser?.rawValue ?? "a browser")
            if let url = landing.url { parts.append(url) }
        case .store:
            parts.append("store page for \(landing.app ?? "an app")")
        case .chooser, .prompt:
            parts.append("offers " + (landing.optionNames ?? []).joined(separator: ", "))
        case .error:
            if let url = landing.url { parts.append(url) }
        case .nowhere:
            parts.append("nothing visible happens")
        case .unknown:
            parts.append("not modelled: " + (landing.reason ?? "no sourced rule decides this"))
        case .crash:
            parts.append("\(landing.app ?? "the app") crashes: " + (landing.reason ?? "its code crashed"))
        }
        if let via = landing.via { parts.append("via \(via.rawValue)") }
        return parts.joined(separator: " ")
    }

    /// One line: how it got there (callback, delivery, parameters, extra facts).
    package static func details(_ landing: Landing) -> String {
        var parts: [String] = []
        if let callback = landing.callback { parts.append("callback \(callback)") }
        if let delivered = landing.delivered { parts.append(delivered ? "link delivered" : "link NOT delivered to the app's code") }
        if let params = landing.params, !params.isEmpty {
            parts.append("params " + params.keys.sorted().map { "\($0)=\(params[$0] ?? "")" }.joined(separator: " "))
        }
        if landing.kind == .app, let url = landing.url { parts.append("url \(url)") }
        for key in landing.extra.keys.sorted() { parts.append("\(key) \(landing.extra[key] ?? "")") }
        return parts.joined(separator: " · ")
    }

    /// A matrix cell: at most 7 columns.
    package static func short(_ landing: Landing?) -> String {
        guard let landing else { return "·" }
        switch landing.kind {
        case .app:
            switch landing.via {
            case .universalLink: return "app·UL"
            case .appLink: return "app·AL"
            case .customScheme: return "app·sch"
            case .intentURL: return "app·int"
            case .deferred: return "app·def"
            case .web, nil: return "app"
            }
        case .browser: return "web"
        case .store: return "store"
        case .error: return "error"
        case .chooser: return "chooser"
        case .prompt: return "prompt"
        case .nowhere: return "none"
        case .unknown: return "unknown"
        case .crash: return "crash"
        }
    }

    /// Short tap-source names for matrix column headers.
    package static func shortSource(_ source: String) -> String {
        let names = [
            "notes": "notes", "messages": "msgs", "mail": "mail", "safari": "safari", "safari_address_bar": "saf-bar",
            "chrome": "chrome", "chrome_address_bar": "chr-bar", "firefox": "firefox", "in_app_browser": "in-app",
            "sfsafariviewcontroller": "sfsvc", "webview": "webview", "custom_tab": "c-tab", "other_app": "oth-app",
            "qr_code": "qr",
        ]
        return names[source] ?? String(source.prefix(7))
    }
}
