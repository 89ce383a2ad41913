import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the learner's editor on the terminal, as git and system(3) do: in linksim's own process
/// group (the terminal's foreground group, so the editor may read the keyboard; Foundation's
/// `Process` puts a child in a group of its own, where vi exits at once and a shell's `read` gets
/// nothing), with SIGINT and SIGQUIT ignored by linksim meanwhile (Ctrl-C belongs to the editor)
/// and set back to the defaults in the editor.
enum EditorProcess {
    enum Outcome: Equatable {
        case exited(Int32)
        case signalled(Int32)
        case notStarted(String)
    }

    /// `/bin/sh -c COMMAND` with `arguments` as `$0`, `$1`, …; returns when the shell has ended.
    static func run(shellCommand command: String, arguments: [String]) -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // No POSIX_SPAWN_SETPGROUP: the editor stays in the terminal's foreground group.
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = (["/bin/sh", "-c", command] + arguments).map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }

        let saved = ignoreInterrupts()
        defer { restore(saved) }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
        guard spawned == 0 else { return .notStarted(String(cString: strerror(spawned))) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .notStarted("waitpid: \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, spelled out (the C macros are not imported).
        if status & 0x7F == 0 { return .exited((status >> 8) & 0xFF) }
        return .signalled(status & 0x7F)
    }

    private typealias SavedActions = (interrupt: sigaction, quit: sigaction)

    private static func ignoreInterrupts() -> SavedActions {
        var ignore = sigaction()
        #if canImport(Glibc)
            ignore.__sigaction_handler.sa_handler = SIG_IGN
        #else
            ignore.__sigaction_u.__sa_handler = SIG_IGN
        #endif
        sigemptyset(&ignore.sa_mask)
        var saved = SavedActions(sigaction(), sigaction())
        sigaction(SIGINT, &ignore, &saved.interrupt)
        sigaction(SIGQUIT, &ignore, &saved.quit)
        return saved
    }

    private static func restore(_ saved: SavedActions) {
        var saved = saved
        sigaction(SIGINT, &saved.interrupt, nil)
        sigaction(SIGQUIT, &saved.quit, nil)
    }
}
