import Foundation

/// Reads files from the local disk.
package struct LocalFiles: FileReader {
    package init() {}
    /// No file linksim reads (a scenario or a file it refers to) may be larger than this, so memory
    /// stays bounded whatever a folder holds.
    package static let sizeLimit = 16 * 1024 * 1024

    /// Reads at most one byte more than the limit (asking the file's size only when it is over:
    /// `attributesOfItem` was a tenth of reading a small scenario), so memory stays bounded even
    /// for files whose size the file system does not know.
    ///
    ///
    /// The file is read with open(2) and read(2) straight into an array of its size (FileHandle,
    /// `Data` and the copy out of it were most of reading a small scenario).
    package func read(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CocoaError(.fileReadNoSuchFile) }
        defer { close(descriptor) }
        var info = stat()
        let size = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
        // One byte more than the size, to see the end (or that the file grew); at most the limit + 1.
        let first = min(size, Self.sizeLimit) + 1
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: first) { buffer, count in
            count = 0
            while count < buffer.count {
                let got = Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if got < 0, errno == EINTR { continue }
                if got < 0 { failed = true }
                if got <= 0 { return }
                count += got
            }
        }
        if bytes.count == first {
            // Longer than its size said (or a file without one): read on, in chunks, up to the limit + 1.
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while !failed, bytes.count <= Self.sizeLimit {
                let want = min(chunk.count, Self.sizeLimit + 1 - bytes.count)
                let got = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, want) }
                if got < 0, errno == EINTR { continue }
                if got < 0 { failed = true }
                if got <= 0 { break }
                bytes += chunk[0..<got]
            }
        }
        if failed { throw CocoaError(.fileReadUnknown) }
        if bytes.count > Self.sizeLimit {
            let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber
            throw FileTooLarge(bytes: max(size?.intValue ?? 0, bytes.count))
        }
        return bytes
    }
    package func exists(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
    package func list(_ directory: String) -> [String]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        return (try? FileManager.default.contentsOfDirectory(atPath: directory))?.sorted()
    }
}

/// A file over `LocalFiles.sizeLimit`.
package struct FileTooLarge: Error, CustomStringConvertible {
    package var bytes: Int
    package var description: String {
        // A file whose size is not known (a device, a pipe) was read to one byte past the limit: "over", not "is 16 MiB".
        let mib = bytes / 1024 / 1024
        let limit = LocalFiles.sizeLimit / 1024 / 1024
        return mib > limit
            ? "the file is \(mib) MiB; linksim reads files of at most \(limit) MiB"
            : "the file is over \(limit) MiB; linksim reads files of at most \(limit) MiB"
    }
}

/// Turns scenario YAML into a validated `Scenario`, or an `InputError` that points at every problem.
package enum ScenarioLoader {
    /// Loads a scenario file; files it refers to are resolved relative to its folder.
    /// `frontEnd` chooses who reads the YAML (the same tree either way; `.yams` is the old, slower path).
    package static func load(
        path: String, reader: any FileReader = LocalFiles(), frontEnd: YAMLFrontEnd = .subset
    ) throws(InputError) -> Scenario {
        let (text, base) = try readText(path, reader: reader)
        return try parse(text, file: path, baseDirectory: base, reader: reader, frontEnd: frontEnd)
    }

    /// Reads a YAML file a user wrote (a scenario or a lesson) as text: the size limit, a UTF-8 byte-order mark
    /// dropped, located errors for bytes that are not UTF-8 text. Returns the text and the folder its
    /// `file:` references are relative to.
    static func readText(_ path: String, reader: any FileReader) throws(InputError) -> (text: String, base: String) {
        var bytes: [UInt8]
        do {
            // Read first, ask why only when that fails: a check before every read was a stat per file.
            bytes = try reader.read(path)
        } catch let tooLarge as FileTooLarge {
            throw InputError(file: path, location: SourceLocation(file: path, line: 1, column: 1), tooLarge.description)
        } catch {
            if reader.list(path) != nil {
                throw InputError(file: path, "is a folder, not a scenario file (replay and validate take folders)")
            }
            guard reader.exists(path) else { throw InputError(file: path, "no such file") }
            throw InputError(file: path, "cannot read the file")
        }
        // A UTF-8 byte-order mark (as some Windows editors write) is not part of the text.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if let problem = TextCheck.problem(in: bytes, file: path) { throw problem }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw InputError(file: path, "not a text file (it is not valid UTF-8)")
        }
        let base = folder(of: path)
        return (text, base.isEmpty ? "." : base)
    }

    /// `NSString.deletingLastPathComponent`, without bridging for the usual `folder/file.yaml`
    /// (a fifth of reading a small file went there): paths with `//`, a trailing `/` or no folder
    /// still ask NSString.
    static func folder(of path: String) -> String {
        let fast = path.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")), slash != 0, slash + 1 != bytes.count else { return nil }
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == UInt8(ascii: "/"), previous == UInt8(ascii: "/") { return nil }
                previous = byte
            }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[..<slash]), as: UTF8.self)
        }
        if let fast, let folder = fast { return folder }
        return (path as NSString).deletingLastPathComponent
    }

    /// Parses scenario text. `file` names it in messages; `baseDirectory` resolves `file:` references.
    package static func parse(
        _ text: String, file: String, baseDirectory: String?,
        reader: any FileReader = LocalFiles(), frontEnd: YAMLFrontEnd = .subset
    ) throws(InputError) -> Scenario {
        guard let root = try YAMLNode.parse(text, file: file, frontEnd: frontEnd) else {
            throw InputError(
                file: file, location: SourceLocation(file: file, line: 1, column: 1),
                "the file is empty; a scenario starts with `linksim: 1`")
        }
        let context = DecodingContext(file: file, baseDirectory: baseDirectory, reader: reader)
        let decoded = ScenarioDecoder(context: context).decode(root)
        if !context.diagnostics.isEmpty {
            throw InputError(
                context.diagnostics.sorted { a, b in
                    let la = a.location
                    let lb = b.location
                    return (la?.line ?? 0, la?.column ?? 0) < (lb?.line ?? 0, lb?.column ?? 0)
                })
        }
        // Moved, not copied: a copy of a scenario retains each of its fields.
        guard var scenario = consume decoded else { throw InputError(file: file, "the scenario could not be read") }
        scenario.warnings = context.warnings.sorted { a, b in
            (a.location?.line ?? 0, a.location?.column ?? 0) < (b.location?.line ?? 0, b.location?.column ?? 0)
        }
        return scenario
    }
}
