import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one walk over a folder for the files a user keeps there (scenarios, lessons): every file whose name ends in
/// one of the extensions, hidden files and folders (editor backups, `.git`) skipped, sorted by path.
public enum FileWalker {
    public static let scenarioExtensions = ["yaml", "yml"]

    /// The files under `path` (a file given directly is taken when its extension fits), as paths that start with
    /// `path`, sorted. A path that does not exist gives none.
    ///
    /// The folder is read with `opendir`/`readdir` (issue #14: Foundation's directory enumerator cost
    /// 100,000 instructions a file, a sixteenth of replaying it). It lists what the enumerator listed:
    /// every entry whose name fits, folders included, symbolic links listed but not followed into,
    /// and nothing under a hidden folder (`FileWalkerTests` compares the two on the same tree).
    public static func files(under path: String, extensions: [String]) -> [String] {
        let suffixes = extensions.map { "." + $0 }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        if !isDirectory.boolValue { return suffixes.contains(where: path.hasSuffix) ? [path] : [] }
        var found: [String] = []
        walk(path.hasSuffix("/") ? String(path.dropLast()) : path, suffixes: suffixes, into: &found)
        return found.sorted()
    }

    /// Appends `folder/name` for every entry that fits, and walks the subfolders (not hidden, not links).
    private static func walk(_ folder: String, suffixes: [String], into found: inout [String]) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        var subfolders: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix(".") { continue }  // `.`, `..` and hidden entries
            let full = folder + "/" + name
            if suffixes.contains(where: name.hasSuffix) { found.append(full) }
            var type = entry.pointee.d_type
            if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                guard lstat(full, &info) == 0 else { continue }
                type = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
            }
            if type == UInt8(DT_DIR) { subfolders.append(full) }
        }
        for subfolder in subfolders { walk(subfolder, suffixes: suffixes, into: &found) }
    }
}
