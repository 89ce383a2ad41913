import Foundation
import Testing

/// Replays the broken-input corpus (BrokenInputs/cases.txt) through the real binary: every input,
/// through every command that reads it, must end with the expected exit code (65 for a bad file)
/// and a `file:line:column: error:` message pointing into the file, within a time limit: never a
/// crash, a hang or a message without a position.
@Suite struct BrokenInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var kind: String
        var path: String
        var exit: Int32
        var check: String
        var known: String?
        var testDescription: String { path }
    }

    static let folder = BinaryRunner.packageRoot.appendingPathComponent("Tests/LinkSimCLITests/BrokenInputs")

    static let cases: [Case] = {
        guard let text = try? String(contentsOf: folder.appendingPathComponent("cases.txt"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line -> Case? in
            if line.hasPrefix("#") || line.isEmpty { return nil }
            var known: String?
            var fields = line
            if let range = line.range(of: " known: ") {
                known = String(line[range.upperBound...])
                fields = line[..<range.lowerBound]
            }
            let parts = fields.split(separator: " ").map(String.init)
            guard parts.count == 4, let exit = Int32(parts[2]) else { return nil }
            return Case(kind: parts[0], path: parts[1], exit: exit, check: parts[3], known: known)
        }
    }()

    @Test func corpusIsLargeAndComplete() throws {
        #expect(Self.cases.count >= 100)
        // Every file in the folder is listed, so none is silently left out.
        let listed = Set(Self.cases.map(\.path))
        let enumerator = FileManager.default.enumerator(at: Self.folder, includingPropertiesForKeys: nil)
        var onDisk: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            if !isDirectory.boolValue && url.lastPathComponent != "cases.txt" {
                onDisk.append(String(url.path.dropFirst(Self.folder.path.count + 1)))
            }
        }
        #expect(Set(onDisk).subtracting(listed).sorted() == [])
        #expect(listed.subtracting(onDisk).sorted() == [])
    }

    @Test(arguments: cases)
    func brokenInput(_ testCase: Case) throws {
        if let known = testCase.known {
            try withKnownIssue("known: \(known)", isIntermittent: true) { try Self.replay(testCase) }
        } else {
            try Self.replay(testCase)
        }
    }

    /// Inputs too large to check in: written to a temporary folder, then replayed the same way.
    @Test(arguments: ["manifest", "plist", "assetlinks"])
    func hugeFile(_ kind: String) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("huge.\(kind == "assetlinks" ? "json" : "xml")")
        var bytes: [UInt8]
        switch kind {
        case "assetlinks": bytes = Array("[".utf8) + Array(repeating: 0x20, count: 2 * 1024 * 1024) + Array("]".utf8)
        default: bytes = Array("<manifest>".utf8) + Array(repeating: 0x20, count: 9 * 1024 * 1024) + Array("</manifest>".utf8)
        }
        try Data(bytes).write(to: file)
        let check = kind == "assetlinks" ? "trace:1026" : "located"
        try Self.replay(Case(kind: kind, path: file.path, exit: kind == "assetlinks" ? 0 : 65, check: check))
    }

    // MARK: Replaying one case

    static func replay(_ testCase: Case) throws {
        let input = testCase.path.hasPrefix("/") ? URL(fileURLWithPath: testCase.path) : folder.appendingPathComponent(testCase.path)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for arguments in try commands(testCase.kind, input: input.path, directory: directory) {
            let output = try run(arguments)
            let shown = "linksim \(arguments.joined(separator: " "))\nexit \(output.status)\nstderr: \(output.stderr.prefix(2000))"
            #expect(output.status == testCase.exit, "\(shown)")
            if testCase.check.hasPrefix("trace:") {
                #expect(output.stdout.contains(String(testCase.check.dropFirst(6))), "\(shown)\nstdout: \(output.stdout.prefix(2000))")
            } else {
                let target = testCase.check.hasPrefix("located:") ? String(testCase.check.dropFirst(8)) : testCase.path
                // `aasa validate` prints its findings as its report, on standard output.
                let messages = arguments.starts(with: ["aasa", "validate"]) ? output.stdout + output.stderr : output.stderr
                #expect(hasLocatedError(messages, in: target), "no \(target):LINE:COLUMN: error: message\n\(shown)\nstdout: \(output.stdout.prefix(2000))")
            }
        }
    }

    /// A line `…PATH:LINE:COLUMN: error: …` whose path ends with `target`.
    static func hasLocatedError(_ stderr: String, in target: String) -> Bool {
        stderr.split(separator: "\n").contains { line in
            guard let range = line.range(of: target + ":") else { return false }
            let rest = line[range.upperBound...]
            let parts = rest.split(separator: ":", maxSplits: 2)
            return parts.count == 3 && Int(parts[0]) != nil && Int(parts[1]) != nil && parts[2].hasPrefix(" error:")
        }
    }

    /// The commands that read an input of this kind; scenarios that refer to it are written to `directory`.
    static func commands(_ kind: String, input: String, directory: URL) throws -> [[String]] {
        func scenario(_ text: String) throws -> String {
            let file = directory.appendingPathComponent("scenario.yaml")
            try text.write(to: file, atomically: true, encoding: .utf8)
            return file.path
        }
        let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
        switch kind {
        case "manifest":
            let wrapper = try scenario(
                """
                linksim: 1
                name: broken manifest
                device: {platform: android, os: "14"}
                apps:
                  - id: com.example.shop
                    manifest: \(input)
                tap: https://shop.example.com/product/1
                """)
            return [["android", "match", "--manifest", input, "--url", "https://shop.example.com/product/1"], ["validate", wrapper]]
        case "plist", "entitlements":
            let key = kind == "plist" ? "info_plist" : "entitlements"
            let wrapper = try scenario(
                """
                linksim: 1
                name: broken \(kind)
                device: {platform: ios, os: "17.4"}
                apps:
                  - id: com.example.shop
                    team_id: ABCDE12345
                    \(key): \(input)
                tap: shopapp://product/1
                """)
            return [["validate", wrapper], ["run", wrapper]]
        case "scenario":
            return [["validate", input], ["run", input]]
        case "aasa-validate":
            // Valid JSON that iOS reads but ignores in part: only the validator calls it an error.
            return [["aasa", "validate", "--file", input]]
        case "aasa":
            return [
                ["aasa", "validate", "--file", input],
                ["aasa", "match", "--file", input, "--app-id", "ABCDE12345.com.example.shop", "--url", "https://shop.example.com/product/1"],
            ]
        case "assetlinks":
            let wrapper = try scenario(
                """
                linksim: 1
                name: broken assetlinks
                device: {platform: android, os: "14"}
                apps:
                  - id: com.example.shop
                    signing_sha256: ["\(fingerprint)"]
                    activities:
                      - name: .MainActivity
                        exported: true
                        intent_filters:
                          - {auto_verify: true, actions: [VIEW], categories: [DEFAULT, BROWSABLE], data: [{scheme: https, host: shop.example.com}]}
                web:
                  shop.example.com:
                    assetlinks: {file: \(input)}
                tap: https://shop.example.com/product/1
                """)
            return [["run", wrapper]]
        default:
            throw InputKindError(kind: kind)
        }
    }

    struct InputKindError: Error { var kind: String }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linksim-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs the binary like `BinaryRunner.run`, but with at most 3 GiB of memory and killed after
    /// `limit` seconds: a runaway input is a failed case, not a stuck test run or a swapping machine.
    static func run(_ arguments: [String], limit: Double = 30) throws -> BinaryRunner.Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -v 3145728 2>/dev/null; exec \"$0\" \"$@\"", BinaryRunner.binary.path] + arguments
        process.currentDirectoryURL = BinaryRunner.packageRoot
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        let pid = process.processIdentifier
        // SIGKILL: linksim handles SIGTERM (to restore the terminal), and a runaway process may not get to it.
        let watchdog = DispatchWorkItem { if process.isRunning { kill(pid, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
        // Both pipes are drained concurrently so a large output on either cannot block the child.
        let errorData = LockedData()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errorData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        watchdog.cancel()
        return BinaryRunner.Output(
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errorData.get(), as: UTF8.self),
            status: process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus)
    }

    final class LockedData: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func set(_ value: Data) {
            lock.lock()
            data = value
            lock.unlock()
        }
        func get() -> Data {
            lock.lock()
            defer { lock.unlock() }
            return data
        }
    }
}
