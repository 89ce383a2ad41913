import Foundation

/// The one walk over a folder for the files a user keeps there (scenarios, lessons): every file whose name ends in
/// one of the extensions, hidden files and folders (editor backups, `.git`) skipped, sorted by path.
public enum FileWalker {
    public static let scenarioExtensions = ["yaml", "yml"]

    /// The files under `path` (a file given directly is taken when its extension fits), as paths that start with
    /// `path`, sorted. A path that does not exist gives none.
    public static func files(under path: String, extensions: [String]) -> [String] {
        let suffixes = extensions.map { "." + $0 }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        if !isDirectory.boolValue { return suffixes.contains(where: path.hasSuffix) ? [path] : [] }
        guard let walker = FileManager.default.enumerator(atPath: path) else { return [] }
        var found: [String] = []
        for case let relative as String in walker where suffixes.contains(where: relative.hasSuffix) {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            found.append(path.hasSuffix("/") ? path + relative : path + "/" + relative)
        }
        return found.sorted()
    }
}
