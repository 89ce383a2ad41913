import LinkSimCore

/// A key as the TUI understands it, independent of ncurses codes.
package enum Key: Hashable, Sendable {
    case char(Character)
    case ctrl(Character)
    case enter, escape, tab, backTab, backspace, delete
    case up, down, left, right, home, end, pageUp, pageDown

    /// How the help screen writes the key.
    package var label: String {
        switch self {
        case .char(" "): return "Space"
        case .char(let c): return String(c)
        case .ctrl(let c): return "Ctrl-\(String(c).uppercased())"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        }
    }
}

/// Everything that can happen to the TUI: input, time, and the answers to effects.
package enum Event: Sendable, Equatable {
    case key(Key)
    case resize(Size)
    case mouseClick(x: Int, y: Int)
    /// The mouse wheel over (x, y): `up` scrolls towards the top.
    case mouseWheel(x: Int, y: Int, up: Bool)
    /// Text the terminal pasted as a whole (bracketed paste): it goes into the open text field, never to the
    /// keymap, so a pasted line cannot act as commands.
    case paste(String)
    /// About four times a second while idle: lets change marks fade.
    case tick
    case scenarioWritten(path: String)
    case scenarioExists(path: String)
    case scenarioWriteFailed(path: String, message: String)
    case scenarioList(directory: String, files: [String])
    case scenarioLoaded(Scenario, path: String)
    case scenarioLoadFailed(path: String, message: String)
    case exportWritten(path: String)
    case exportFailed(path: String, message: String)
    case clipboardCopied(characters: Int)
    case clipboardUnavailable(reason: String)
    // The course (`linksim learn`).
    case progressSaved(path: String)
    case progressSaveFailed(path: String, message: String)
    case fileEdited(path: String)
    case fileEditFailed(path: String, message: String)
    /// `world`: the step's world with the learner's file, for the main screen (nil when it cannot be read).
    case fixChecked(LessonChecker.FixOutcome, path: String, world: Scenario? = nil)
    case fixFileLoaded(path: String, text: String)
}

/// What `update` asks the outside world to do. The runtime performs it and may answer with an event.
package enum Effect: Sendable, Equatable {
    case quit
    /// Atomic write (temp file in the same folder, then rename). Without `overwrite`, an existing
    /// file is left alone and answered with `.scenarioExists`.
    case writeScenario(path: String, text: String, overwrite: Bool)
    case listScenarios(directory: String)
    case loadScenario(path: String)
    /// Writes an export (trace as Markdown or Mermaid) atomically, replacing an existing file.
    case writeExport(path: String, text: String)
    /// Puts text on the terminal's clipboard with OSC 52 (the runtime knows whether it can).
    case copyToClipboard(text: String)
    /// The course's progress, written atomically (the folder is created when missing).
    case saveProgress(path: String, text: String)
    /// Suspends the screen and runs `$VISUAL`/`$EDITOR` on `path` (a copy of `seedFrom` when it does
    /// not exist yet); answered with `.fileEdited`.
    case editFile(path: String, seedFrom: String)
    /// Checks the learner's copy of a fix step's file with the simulator; answered with `.fixChecked`.
    case checkFix(step: LessonStep, path: String)
    /// Reads the learner's copy (made from `seedFrom` when missing) for the inline editor: `.fixFileLoaded`.
    case loadFixFile(path: String, seedFrom: String)
    /// Writes the inline editor's text atomically; answered with `.fileEdited` (which checks it).
    case writeFixFile(path: String, text: String)
}
