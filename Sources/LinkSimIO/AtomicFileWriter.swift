#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file could not be written. The previous file, if there was one, is always left as it was.
public enum FileWriteError: Error, Equatable, CustomStringConvertible {
    /// The target exists and the caller asked not to replace it.
    case exists(path: String)
    /// The target is a folder: linksim never replaces a folder with a file.
    case isDirectory(path: String)
    /// The target is a device, a pipe or a socket: not a file linksim may replace.
    case notRegularFile(path: String, kind: String)
    /// A system call failed; `step` says which part of the write, `reason` is the system's message.
    case system(path: String, step: String, reason: String)

    public var description: String {
        switch self {
        case .exists(let path):
            return "\(path): already exists (not replaced)"
        case .isDirectory(let path):
            return "\(path): is a folder; give the path of a file to write (the folder was left untouched)"
        case .notRegularFile(let path, let kind):
            return "\(path): is a \(kind), not a regular file; refusing to replace it"
        case .system(let path, let step, let reason):
            return "\(path): cannot \(step): \(reason) (any previous file was left untouched)"
        }
    }
}

/// The one way linksim writes a file (reports, saved scenarios, exports, progress): the bytes go to
/// a new temporary file in the target's folder, are flushed to disk (fsync), and then take the
/// target's place with rename(2), so a reader — or a crash — sees the old file or the new one,
/// never half of one, and two writers at once leave one whole file. A symlink is written through
/// (the link stays, the file it points at is replaced). Folders, devices, pipes and sockets are
/// refused and left untouched.
public enum AtomicFileWriter {
    public enum Mode: Sendable {
        /// Replace an existing file.
        case replace
        /// Fail with `.exists` when the target exists (no race: link(2) fails instead of replacing).
        case createNew
    }

    public static func write(_ text: String, to path: String, mode: Mode = .replace) throws(FileWriteError) {
        try write(bytes: Array(text.utf8), to: path, mode: mode)
    }

    public static func write(bytes: [UInt8], to path: String, mode: Mode = .replace) throws(FileWriteError) {
        guard !path.isEmpty else { throw .system(path: path, step: "write", reason: "empty path") }
        let target = try resolveTarget(path)
        let folder = directory(of: target)
        var existingMode: mode_t? = nil
        var info = stat()
        if stat(target, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR { throw .isDirectory(path: path) }
            if type != S_IFREG { throw .notRegularFile(path: path, kind: kindName(type)) }
            if mode == .createNew { throw .exists(path: path) }
            existingMode = info.st_mode & 0o7777
        } else if errno != ENOENT {
            throw .system(path: path, step: "inspect the target", reason: errorText(errno))
        } else {
            var folderInfo = stat()
            if stat(folder, &folderInfo) != 0 {
                throw .system(path: path, step: "use folder \(folder)", reason: errorText(errno))
            }
            if folderInfo.st_mode & S_IFMT != S_IFDIR {
                throw .system(path: path, step: "use folder \(folder)", reason: "not a folder")
            }
        }

        let temporary = try createTemporary(in: folder, for: target, path: path)
        let descriptor = temporary.descriptor
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + written, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                let reason = errorText(errno)
                close(descriptor)
                unlink(temporary.path)
                throw .system(path: path, step: "write", reason: reason)
            }
            written += result
        }
        if let existingMode { fchmod(descriptor, existingMode) }
        if fsync(descriptor) != 0, errno != EINVAL, errno != EROFS {
            let reason = errorText(errno)
            close(descriptor)
            unlink(temporary.path)
            throw .system(path: path, step: "flush to disk", reason: reason)
        }
        if close(descriptor) != 0 {
            let reason = errorText(errno)
            unlink(temporary.path)
            throw .system(path: path, step: "write", reason: reason)
        }

        switch mode {
        case .replace:
            guard rename(temporary.path, target) == 0 else {
                let reason = errorText(errno)
                unlink(temporary.path)
                throw .system(path: path, step: "replace the file", reason: reason)
            }
        case .createNew:
            if link(temporary.path, target) == 0 {
                unlink(temporary.path)
            } else {
                let linkError = errno
                if linkError == EEXIST {
                    unlink(temporary.path)
                    throw .exists(path: path)
                }
                // Some file systems have no hard links: check, then rename (never a torn file).
                if access(target, F_OK) == 0 {
                    unlink(temporary.path)
                    throw .exists(path: path)
                }
                guard rename(temporary.path, target) == 0 else {
                    let reason = errorText(errno)
                    unlink(temporary.path)
                    throw .system(path: path, step: "create the file", reason: reason)
                }
            }
        }
        syncDirectory(folder)
    }

    // MARK: - Steps

    /// Follows symlinks so the link survives and the file it names is replaced. A dangling link
    /// names the file to create.
    private static func resolveTarget(_ path: String) throws(FileWriteError) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else {
                throw .system(path: path, step: "follow the symlink", reason: errorText(errno))
            }
            let destination = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : directory(of: current) + "/" + destination
        }
        throw .system(path: path, step: "follow the symlink", reason: "too many levels of symbolic links")
    }

    private static func createTemporary(
        in folder: String, for target: String, path: String
    )
        throws(FileWriteError) -> (path: String, descriptor: Int32)
    {
        let base = baseName(of: target)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<16 {
            let suffix = String(generator.next() & 0xFFFF_FFFF, radix: 36)
            let candidate = folder + "/." + base + "." + String(getpid()) + "." + suffix + ".tmp"
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (candidate, descriptor) }
            if errno != EEXIST {
                throw .system(path: path, step: "create a temporary file in \(folder)", reason: errorText(errno))
            }
        }
        throw .system(path: path, step: "create a temporary file in \(folder)", reason: "no free name")
    }

    private static func syncDirectory(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    private static func kindName(_ type: mode_t) -> String {
        switch type {
        case S_IFCHR: return "character device"
        case S_IFBLK: return "block device"
        case S_IFIFO: return "named pipe"
        case S_IFSOCK: return "socket"
        default: return "special file"
        }
    }
}

func errorText(_ code: Int32) -> String {
    guard let message = strerror(code) else { return "error \(code)" }
    return String(cString: message)
}

@inline(__always)
func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc) || canImport(Musl)
        return Glibc.write(descriptor, pointer, count)
    #else
        return Darwin.write(descriptor, pointer, count)
    #endif
}
