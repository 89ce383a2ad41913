import Foundation

/// Runs the built `linksim` binary as a user would and captures what it prints.
struct BinaryRunner {
    struct Output {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The package root (two levels above this file's folder).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder holding the built products (next to the test bundle).
    static var productsDirectory: URL {
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
    }

    static var binary: URL { productsDirectory.appendingPathComponent("linksim") }

    /// Runs `linksim ARGS` in `directory` (default: the package root) with stdin from `/dev/null`.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        // Read both pipes before waiting so a large output cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            status: process.terminationStatus)
    }
}

/// The temporary folders these tests write files into: each under one folder per test process, removed
/// when the process exits, so a test run leaves nothing behind in the system's temporary folder.
enum Scratch {
    static let root: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("linksim-tests-\(getpid())", isDirectory: true)
        atexit { try? FileManager.default.removeItem(at: Scratch.root) }
        return root
    }()

    /// A new folder's URL (not yet made) under the process's root, its name starting with `prefix`.
    static func folder(_ prefix: String) -> URL {
        root.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    }
}
