import Foundation
import LinkSimIO
import Testing

/// A class, so each test's folder is removed when the test ends (`deinit`).
@Suite final class AtomicFileWriterTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "linksim-io-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    func leftovers() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".tmp") }
    }

    @Test func writesTheSameTargetTwice() throws {
        let path = folder + "/report.xml"
        try AtomicFileWriter.write("one\n", to: path)
        try AtomicFileWriter.write("two\n", to: path)
        #expect(read(path) == "two\n")
        #expect(leftovers().isEmpty)
    }

    @Test func createNewRefusesAnExistingFileAndKeepsIt() throws {
        let path = folder + "/s.yaml"
        try AtomicFileWriter.write("one\n", to: path, mode: .createNew)
        #expect(throws: FileWriteError.exists(path: path)) {
            try AtomicFileWriter.write("two\n", to: path, mode: .createNew)
        }
        #expect(read(path) == "one\n")
    }

    @Test func refusesAFolderAndLeavesItsContents() throws {
        let target = folder + "/reports"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        try "keep\n".write(toFile: target + "/old.xml", atomically: false, encoding: .utf8)
        #expect(throws: FileWriteError.isDirectory(path: target)) {
            try AtomicFileWriter.write("new\n", to: target)
        }
        #expect(read(target + "/old.xml") == "keep\n")
    }

    @Test func refusesADevice() throws {
        do {
            try AtomicFileWriter.write("x", to: "/dev/null")
            Issue.record("writing over /dev/null should be refused")
        } catch {
            guard case .notRegularFile(let path, let kind) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(path == "/dev/null")
            #expect(kind == "character device")
            #expect(error.description.contains("refusing to replace it"))
        }
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func writesThroughASymlinkAndKeepsTheLink() throws {
        let real = folder + "/real.xml"
        let link = folder + "/link.xml"
        try "old\n".write(toFile: real, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.xml")
        try AtomicFileWriter.write("new\n", to: link)
        #expect(read(real) == "new\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "real.xml")
    }

    @Test func aReadOnlyFolderFailsWithAReasonAndKeepsTheOldFile() throws {
        guard getuid() != 0 else {
            // root ignores folder permissions; a read-only file system stands in for it.
            #expect(throws: FileWriteError.self) { try AtomicFileWriter.write("x", to: "/proc/linksim-test") }
            return
        }
        let locked = folder + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        try "old\n".write(toFile: locked + "/r.xml", atomically: false, encoding: .utf8)
        chmod(locked, 0o555)
        defer { chmod(locked, 0o755) }
        do {
            try AtomicFileWriter.write("new\n", to: locked + "/r.xml")
            Issue.record("write into a read-only folder should fail")
        } catch {
            #expect(error.description.contains("Permission denied"))
        }
        #expect(read(locked + "/r.xml") == "old\n")
    }

    @Test func aMissingFolderSaysSo() {
        let path = folder + "/no/such/dir/r.xml"
        do {
            try AtomicFileWriter.write("x", to: path)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("No such file or directory"))
        }
    }

    @Test func concurrentWritersLeaveOneWholeFile() async throws {
        let path = folder + "/shared.xml"
        let contents = (0..<8).map { i in String(repeating: "\(i)", count: 100_000) + "\n" }
        await withTaskGroup(of: Void.self) { group in
            for text in contents {
                group.addTask { try? AtomicFileWriter.write(text, to: path) }
            }
        }
        let result = read(path)
        #expect(result.map { contents.contains($0) } == true)
        #expect(leftovers().isEmpty)
    }

    @Test func keepsThePermissionsOfTheFileItReplaces() throws {
        let path = folder + "/script.sh"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o750)
        try AtomicFileWriter.write("new\n", to: path)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o750)
    }
}

@Suite struct StandardOutputTests {
    @Test func aClosedDescriptorIsAnErrorNotATrap() {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        close(fds[1])
        do {
            try StandardOutput.write("hello", to: fds[1])
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("Bad file descriptor"))
        }
        close(fds[0])
    }

    @Test func aFullDeviceIsAnError() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(throws: OutputWriteError.self) { try StandardOutput.write("hello", to: descriptor) }
    }
}
