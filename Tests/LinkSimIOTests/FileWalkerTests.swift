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
}
