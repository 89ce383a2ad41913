/// Where a key is read: the focused pane or the overlay on top. Bindings belong to one context;
/// `global` ones work whenever no overlay takes the key first.
package enum KeyContext: String, Sendable, CaseIterable {
    case global, device, links, trace, why, matrix, fix, picker, details, editor, confirm, help

    var title: String {
        switch self {
        case .global: return "Everywhere"
        case .device: return "Device pane"
        case .links: return "Links pane"
        case .trace: return "Trace pane"
        case .why: return "Why pane"
        case .matrix: return "Matrix (m)"
        case .fix: return "What would make it land there? (f)"
        case .picker: return "Open scenario (o)"
        case .details: return "Details (d)"
        case .editor: return "Line editor"
        case .confirm: return "Question"
        case .help: return "Help"
        }
    }
}

/// What a key asks for. `update` interprets commands; the keymap only names them.
package enum Command: Hashable, Sendable {
    case quit, forceQuit, closeOverlay, toggleHelp
    case nextPane, previousPane
    case moveUp, moveDown, pageUp, pageDown, moveHome, moveEnd
    case decrease, increase, activate
    case nextStep, previousStep
    case typeURL, editURL
    case search, searchNext, searchPrevious
    case zoom, undo, redo, reset
    case addAction, deleteAction, moveActionUp, moveActionDown
    case openDetails, exportTrace, copyTrace, toggleBeforeAfter
    case openMatrix, switchMatrixGrid
    case openFixSearch
    case save, openPicker
    case confirmYes, confirmNo
    case editorCommit, editorCancel
}

package struct KeyBinding: Sendable {
    package var keys: [Key]
    package var context: KeyContext
    package var command: Command
    package var help: String
}

/// The one table that both handles input and generates the help screen, so the two cannot drift.
package enum Keymap {
    package static let bindings: [KeyBinding] = {
        var all: [KeyBinding] = [
            KeyBinding(keys: [.char("q")], context: .global, command: .quit, help: "quit (closes an overlay first)"),
            KeyBinding(keys: [.ctrl("c")], context: .global, command: .forceQuit, help: "quit at once, from anywhere"),
            KeyBinding(keys: [.char("?")], context: .global, command: .toggleHelp, help: "this help"),
            KeyBinding(keys: [.tab], context: .global, command: .nextPane, help: "next pane"),
            KeyBinding(keys: [.backTab], context: .global, command: .previousPane, help: "previous pane"),
            KeyBinding(keys: [.char("/")], context: .global, command: .search, help: "search the focused pane"),
            KeyBinding(keys: [.char("n")], context: .global, command: .searchNext, help: "next match"),
            KeyBinding(keys: [.char("N")], context: .global, command: .searchPrevious, help: "previous match"),
            KeyBinding(keys: [.char("]")], context: .global, command: .nextStep, help: "next trace step"),
            KeyBinding(keys: [.char("[")], context: .global, command: .previousStep, help: "previous trace step"),
            KeyBinding(keys: [.char("z")], context: .global, command: .zoom, help: "zoom the focused pane to the full screen (again: back)"),
            KeyBinding(keys: [.char("d")], context: .global, command: .openDetails, help: "details: every landing fact, expectation, description"),
            KeyBinding(
                keys: [.char("b")], context: .global, command: .toggleBeforeAfter,
                help: "device pane: the world just before ⇄ just after the selected action (edits change the world as opened)"),
            KeyBinding(keys: [.char("t")], context: .global, command: .typeURL, help: "type a URL to tap (a new link)"),
            KeyBinding(keys: [.char("m")], context: .global, command: .openMatrix, help: "landing matrix for this link"),
            KeyBinding(
                keys: [.char("f")], context: .global, command: .openFixSearch,
                help: "what would make it land there? changes that give the wanted landing, and who can make them"),
            KeyBinding(keys: [.char("u")], context: .global, command: .undo, help: "undo the last change"),
            KeyBinding(keys: [.ctrl("r")], context: .global, command: .redo, help: "redo"),
            KeyBinding(keys: [.char("R")], context: .global, command: .reset, help: "reset the world to how it was opened (u undoes)"),
            KeyBinding(keys: [.char("s")], context: .global, command: .save, help: "save world + actions as a scenario"),
            KeyBinding(keys: [.char("w")], context: .global, command: .exportTrace, help: "write the trace to a file (.md Markdown, .mmd Mermaid)"),
            KeyBinding(keys: [.char("y")], context: .global, command: .copyTrace, help: "copy the trace as Markdown (terminal clipboard, OSC 52)"),
            KeyBinding(keys: [.char("o")], context: .global, command: .openPicker, help: "open a scenario from scenarios/"),
            KeyBinding(keys: [.escape], context: .global, command: .closeOverlay, help: "back / close / clear the search"),

            KeyBinding(keys: [.up, .char("k")], context: .device, command: .moveUp, help: "previous knob"),
            KeyBinding(keys: [.down, .char("j")], context: .device, command: .moveDown, help: "next knob"),
            KeyBinding(keys: [.left, .char("h")], context: .device, command: .decrease, help: "previous value"),
            KeyBinding(keys: [.right, .char("l"), .char(" ")], context: .device, command: .increase, help: "next value"),
            KeyBinding(keys: [.enter], context: .device, command: .activate, help: "next value / edit text"),

            KeyBinding(keys: [.up, .char("k")], context: .links, command: .moveUp, help: "previous link / action"),
            KeyBinding(keys: [.down, .char("j")], context: .links, command: .moveDown, help: "next link / action"),
            KeyBinding(keys: [.enter, .char("e")], context: .links, command: .editURL, help: "edit this link's URL"),
            KeyBinding(
                keys: [.char("a")], context: .links, command: .addAction,
                help: "add an action after this one (tap, long_press, answer, install, update, uninstall, wait, launch, set)"),
            KeyBinding(keys: [.char("x"), .delete], context: .links, command: .deleteAction, help: "remove this action"),
            KeyBinding(keys: [.char("K")], context: .links, command: .moveActionUp, help: "move this action earlier"),
            KeyBinding(keys: [.char("J")], context: .links, command: .moveActionDown, help: "move this action later"),

            KeyBinding(keys: [.up, .char("k")], context: .trace, command: .moveUp, help: "previous step"),
            KeyBinding(keys: [.down, .char("j")], context: .trace, command: .moveDown, help: "next step"),
            KeyBinding(keys: [.enter], context: .trace, command: .nextPane, help: "read why (focus the why pane)"),

            KeyBinding(keys: [.up, .char("k")], context: .why, command: .moveUp, help: "scroll up"),
            KeyBinding(keys: [.down, .char("j")], context: .why, command: .moveDown, help: "scroll down"),

            KeyBinding(keys: [.up, .char("k")], context: .matrix, command: .moveUp, help: "row up"),
            KeyBinding(keys: [.down, .char("j")], context: .matrix, command: .moveDown, help: "row down"),
            KeyBinding(keys: [.left, .char("h")], context: .matrix, command: .decrease, help: "column left"),
            KeyBinding(keys: [.right, .char("l")], context: .matrix, command: .increase, help: "column right"),
            KeyBinding(keys: [.tab], context: .matrix, command: .switchMatrixGrid, help: "app state grid ⇄ OS version grid"),
            KeyBinding(keys: [.enter], context: .matrix, command: .activate, help: "jump to this configuration"),
            KeyBinding(keys: [.escape, .char("q"), .char("m")], context: .matrix, command: .closeOverlay, help: "close"),

            KeyBinding(keys: [.up, .char("k")], context: .fix, command: .moveUp, help: "previous fix"),
            KeyBinding(keys: [.down, .char("j")], context: .fix, command: .moveDown, help: "next fix"),
            KeyBinding(keys: [.left, .char("h")], context: .fix, command: .decrease, help: "want the previous landing (app, browser, store) and search again"),
            KeyBinding(keys: [.right, .char("l"), .tab], context: .fix, command: .increase, help: "want the next landing and search again"),
            KeyBinding(keys: [.enter], context: .fix, command: .activate, help: "apply this fix to the world (u undoes it)"),
            KeyBinding(keys: [.escape, .char("q"), .char("f")], context: .fix, command: .closeOverlay, help: "close"),

            KeyBinding(keys: [.up, .char("k")], context: .picker, command: .moveUp, help: "previous file"),
            KeyBinding(keys: [.down, .char("j")], context: .picker, command: .moveDown, help: "next file"),
            KeyBinding(keys: [.enter], context: .picker, command: .activate, help: "open"),
            KeyBinding(keys: [.escape, .char("q")], context: .picker, command: .closeOverlay, help: "close"),

            KeyBinding(keys: [.up, .char("k")], context: .details, command: .moveUp, help: "scroll up"),
            KeyBinding(keys: [.down, .char("j")], context: .details, command: .moveDown, help: "scroll down"),
            KeyBinding(keys: [.escape, .char("q"), .char("d")], context: .details, command: .closeOverlay, help: "close"),

            KeyBinding(keys: [.enter], context: .editor, command: .editorCommit, help: "accept"),
            KeyBinding(keys: [.escape, .ctrl("g")], context: .editor, command: .editorCancel, help: "cancel"),

            KeyBinding(keys: [.char("y")], context: .confirm, command: .confirmYes, help: "yes"),
            KeyBinding(keys: [.char("n"), .escape, .char("q")], context: .confirm, command: .confirmNo, help: "no"),

            KeyBinding(keys: [.up, .char("k")], context: .help, command: .moveUp, help: "scroll up"),
            KeyBinding(keys: [.down, .char("j")], context: .help, command: .moveDown, help: "scroll down"),
            KeyBinding(keys: [.escape, .char("q"), .char("?")], context: .help, command: .closeOverlay, help: "close help"),
        ]
        // Paging in every scrolling pane and list, as in less and htop.
        for context in [KeyContext.device, .links, .trace, .why, .matrix, .fix, .picker, .details, .help] {
            all.append(KeyBinding(keys: [.pageUp], context: context, command: .pageUp, help: "page up"))
            all.append(KeyBinding(keys: [.pageDown], context: context, command: .pageDown, help: "page down"))
            all.append(KeyBinding(keys: [.home, .char("g")], context: context, command: .moveHome, help: "to the top"))
            all.append(KeyBinding(keys: [.end, .char("G")], context: context, command: .moveEnd, help: "to the bottom"))
        }
        // Search in the list overlays too (they are modal, so they need their own bindings).
        for context in [KeyContext.picker, .help, .details] {
            all.append(KeyBinding(keys: [.char("/")], context: context, command: .search, help: "search"))
            all.append(KeyBinding(keys: [.char("n")], context: context, command: .searchNext, help: "next match"))
            all.append(KeyBinding(keys: [.char("N")], context: context, command: .searchPrevious, help: "previous match"))
        }
        return all
    }()

    /// The command for a key in a context. Overlays (matrix, picker, editor, confirm, help) are
    /// modal: only their own bindings and Ctrl-C apply. Panes fall back to the global bindings.
    package static func command(for key: Key, in context: KeyContext) -> Command? {
        if key == .ctrl("c") { return .forceQuit }
        if let own = bindings.first(where: { $0.context == context && $0.keys.contains(key) }) { return own.command }
        switch context {
        case .device, .links, .trace, .why, .global:
            return bindings.first { $0.context == .global && $0.keys.contains(key) }?.command
        case .matrix, .fix, .picker, .details, .editor, .confirm, .help:
            return nil
        }
    }

    /// The help screen's lines, generated from `bindings`.
    /// The help box's width on a screen `screenWidth` wide: the longest line fits when the screen allows.
    package static func helpBoxWidth(screenWidth: Int) -> Int {
        min(helpLines().map { TerminalText.width($0) }.max().map { $0 + 4 } ?? 72, max(20, screenWidth - 2))
    }

    /// The help lines wrapped to `columns`: a key's description continues under itself, never cut off.
    package static func helpLines(columns: Int) -> [String] {
        guard columns > 20 else { return helpLines() }
        var out: [String] = []
        for line in helpLines() {
            guard TerminalText.width(line) > columns else {
                out.append(line)
                continue
            }
            let indent = line.hasPrefix("  ") ? 18 : 2
            let head = String(line.prefix(indent))
            let pieces = TerminalText.wrap(String(line.dropFirst(indent)), columns: columns - indent)
            for (index, piece) in pieces.enumerated() {
                out.append((index == 0 ? head : String(repeating: " ", count: indent)) + piece)
            }
        }
        return out
    }

    package static func helpLines() -> [String] {
        var lines: [String] = []
        for context in KeyContext.allCases {
            let own = bindings.filter { $0.context == context }
            guard !own.isEmpty else { continue }
            if !lines.isEmpty { lines.append("") }
            lines.append(context.title)
            for binding in own {
                let keys = binding.keys.map(\.label).joined(separator: " ")
                let padded = keys.count < 16 ? keys + String(repeating: " ", count: 16 - keys.count) : keys + " "
                lines.append("  " + padded + binding.help)
            }
        }
        lines += CourseKeys.helpLines()
        lines += [
            "", "Mouse",
            "  click           focus a pane; select a knob, link or step (--no-mouse turns it off)",
            "  wheel           scroll the pane or list under the pointer",
            "", "TERM=dumb (one line of keys, then Enter)",
            "  :esc :enter :tab :up :down :pgup :pgdn   a key that cannot be typed on the line",
            "  :quit           quit at once, from any mode",
        ]
        return lines
    }
}
