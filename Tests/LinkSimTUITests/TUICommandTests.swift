import Foundation
import Testing

/// posix_spawn with stdin from /dev/null, output to files, a clean signal mask and default signal
/// actions, then waitpid: no pipes to hold open, no inherited blocked signals.
enum Spawn {
    static func run(_ arguments: [String], stdoutPath: String, stderrPath: String? = nil) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if let stderrPath {
            posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD, SIGTSTP, SIGTTIN, SIGTTOU, SIGWINCH] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, &argv, &envp)
        guard spawned == 0 else {
            throw TmuxSession.Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw TmuxSession.Failure(description: "waitpid failed for \(arguments[0])") }
        }
        // WIFEXITED / WEXITSTATUS, spelled out (the C macros are not imported).
        if status & 0x7F == 0 { return (status >> 8) & 0xFF }
        return 128 + (status & 0x7F)
    }
}

/// The TUI's command-line entry points, run without a terminal (no tmux needed).
@Suite struct TUICommandTests {
    func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: Data) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("linksim-cmd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outPath = directory.appendingPathComponent("out").path
        let errPath = directory.appendingPathComponent("err").path
        let status = try Spawn.run([TmuxSession.binary.path] + arguments, stdoutPath: outPath, stderrPath: errPath)
        let stdout = String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
        return (status, stdout, FileManager.default.contents(atPath: errPath) ?? Data())
    }

    @Test func tuiWithoutATerminalIsUsageError() throws {
        let result = try run(["tui"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(String(decoding: result.stderr, as: UTF8.self).contains("needs a terminal"))
    }

    @Test func tuiOnAnUnreadableFileIsBadInput() throws {
        let result = try run(["tui", "/nonexistent/linksim/scenario.yaml"])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.contains(0x1B))
    }

    @Test func printScreenGivesPlainTextWithoutATerminal() throws {
        let result = try run(["tui", "--print-screen", "100x30"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Device ·"))
        #expect(!result.stdout.utf8.contains(0x1B))
        #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == 31)
    }
}
