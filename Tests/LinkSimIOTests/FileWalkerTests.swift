import Foundation
import LinkSimIO
import Testing

@Suite struct FileWalkerTests {
    @Test func walksSortedSkipsHiddenAndTakesFilesDirectly() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("walker-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for path in ["b.yaml", "a/c.yml", "a/d.lesson", ".git/x.yaml", "a/.e.yaml", "f.txt"] {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        #expect(FileWalker.files(under: root, extensions: FileWalker.scenarioExtensions) == [root + "/a/c.yml", root + "/b.yaml"])
        #expect(FileWalker.files(under: root + "/", extensions: ["lesson"]) == [root + "/a/d.lesson"])
        #expect(FileWalker.files(under: root + "/b.yaml", extensions: ["yaml"]) == [root + "/b.yaml"])
        #expect(FileWalker.files(under: root + "/f.txt", extensions: ["yaml"]).isEmpty)
        #expect(FileWalker.files(under: root + "/missing", extensions: ["yaml"]).isEmpty)
    }

    /// The walk before it read folders with `readdir` (issue #14): Foundation's enumerator.
    static func referenceFiles(under path: String, extensions: [String]) -> [String] {
        let suffixes = extensions.map { "." + $0 }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        if !isDirectory.boolValue { return suffixes.contains(where: path.hasSuffix) ? [path] : [] }
        guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
        var found: [String] = []
        for case let relative as String in walker where suffixes.contains(where: relative.hasSuffix) {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            let full = path.hasSuffix("/") ? path + relative : path + "/" + relative
            // Files only (a link followed; one that leads nowhere kept): not folders, pipes, sockets or devices.
            var info = stat()
            if stat(full, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG { continue }
            found.append(full)
        }
        return found.sorted()
    }

    @Test func listsWhatFoundationsEnumeratorListed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("walker-ref-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = [
            "z.yaml", "a/b/c/deep.yml", "a/b/notes.txt", "caf\u{E9}/\u{1F600}.yaml", "sp ace/x.yaml", ".hidden/in.yaml", "a/.h.yml",
            "a/..dots.yaml", "folder.yaml/inner.yaml", "a/b/upper.YAML", "a/yaml", "empty/.keep",
        ]
        for path in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        // Symbolic links: to a file, to a folder (listed, not walked into), dangling, and to a hidden folder.
        try FileManager.default.createSymbolicLink(atPath: root + "/link.yaml", withDestinationPath: root + "/z.yaml")
        try FileManager.default.createSymbolicLink(atPath: root + "/linked-folder", withDestinationPath: root + "/a")
        try FileManager.default.createSymbolicLink(atPath: root + "/linked.yaml", withDestinationPath: root + "/a/b")
        try FileManager.default.createSymbolicLink(atPath: root + "/dangling.yml", withDestinationPath: root + "/nowhere")
        // A named pipe whose name fits: reading it would block until a writer comes, so it is no scenario.
        #expect(mkfifo(root + "/pipe.yaml", 0o600) == 0)
        for under in [root, root + "/", root + "/a", root + "/a/b/c/deep.yml", root + "/missing"] {
            for extensions in [FileWalker.scenarioExtensions, ["lesson"], ["txt", "yml"]] {
                #expect(
                    FileWalker.files(under: under, extensions: extensions) == Self.referenceFiles(under: under, extensions: extensions),
                    "\(under) \(extensions)")
            }
        }
        let listed = FileWalker.files(under: root, extensions: FileWalker.scenarioExtensions)
        #expect(listed.count >= 6)
        for skipped in ["/pipe.yaml", "/folder.yaml", "/linked.yaml"] { #expect(!listed.contains(root + skipped), "\(skipped)") }
        #expect(listed.contains(root + "/dangling.yml") && listed.contains(root + "/link.yaml"))
        // One difference, on purpose: a folder given as a symbolic link is walked (Foundation's
        // enumerator listed nothing under it, so `replay link` found no scenarios).
        #expect(Self.referenceFiles(under: root + "/linked-folder", extensions: ["yml"]).isEmpty)
        #expect(FileWalker.files(under: root + "/linked-folder", extensions: ["yml"]) == [root + "/linked-folder/b/c/deep.yml"])
    }
}
