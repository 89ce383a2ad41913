import CNcurses

/// Puts the terminal back as it was, whatever way the program ends. The termios is saved before
/// initscr; signal and crash handlers written in C (shim.h) restore it with async-signal-safe calls
/// only. This is the only Swift file that calls the shim's guard functions, because their state
/// lives in `static` C variables that each calling object file would otherwise get a copy of.
enum TerminalGuard {
    /// Saves the terminal state and installs the restoring handlers (SIGINT, SIGTERM, SIGHUP,
    /// SIGQUIT and the crash signals). Call before initscr.
    static func arm() {
        _ = linksim_save_terminal()
        linksim_install_terminal_restorers()
    }

    /// Restores the saved termios after endwin, so the shell is never left in raw mode. Screen
    /// sequences are endwin's job on this path; the signal handlers send their own.
    static func restore() {
        linksim_restore_termios()
    }
}
