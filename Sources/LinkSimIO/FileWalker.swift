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
    /// 100,000 instructions a file, a sixteenth of replaying it). It lists what the enumerator listed,
    /// files only: every entry whose name fits and that is a file or a link to one (a dangling link too,
    /// so that the command reports it), symbolic links not followed into, nothing under a hidden folder.
    /// A folder, a named pipe, a socket or a device whose name fits is not a file to read (a pipe would
    /// block the reader for ever): it is passed over (`FileWalkerTests` compares with the enumerator).
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
            var type = entry.pointee.d_type
            if suffixes.contains(where: name.hasSuffix), isFile(full, type: type) { found.append(full) }
            if type == UInt8(DT_UNKNOWN) {
                var info = stat()
                guard lstat(full, &info) == 0 else { continue }
                type = (info.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
            }
            if type == UInt8(DT_DIR) { subfolders.append(full) }
        }
        for subfolder in subfolders { walk(subfolder, suffixes: suffixes, into: &found) }
    }

    /// A regular file, a link to one, or a link that leads nowhere; not a folder, pipe, socket or device.
    private static func isFile(_ path: String, type: UInt8) -> Bool {
        if type == UInt8(DT_REG) { return true }
        guard type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) else { return false }
        var info = stat()
        guard stat(path, &info) == 0 else { return true }
        return (info.st_mode & S_IFMT) == S_IFREG
    }
}
