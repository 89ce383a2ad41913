import Foundation
import LinkSimCore
import ZIPFoundation

/// Takes the two files linksim needs out of an APK (a zip): the compiled AndroidManifest.xml and
/// resources.arsc. Decoding them is LinkSimCore's (`BinaryXML`), which works on bytes.
enum APKReader {
    struct Contents {
        var manifest: [UInt8]
        var resourceTable: [UInt8]?
    }

    /// Entries larger than this are refused (a real manifest is a few KiB, a table a few MiB).
    static let entryLimit = 64 * 1024 * 1024

    static func read(_ path: String) throws(RealFileInput.Failure) -> Contents {
        func fail(_ message: String) -> RealFileInput.Failure {
            RealFileInput.Failure(lines: [Diagnostic(file: path, location: nil, message: message).description])
        }
        guard FileManager.default.isReadableFile(atPath: path) else { throw fail("cannot read the file") }
        let archive: Archive
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw fail("is not an APK (not a zip archive)")
        }
        func extract(_ name: String) throws(RealFileInput.Failure) -> [UInt8]? {
            guard let entry = archive[name] else { return nil }
            guard entry.uncompressedSize <= entryLimit else { throw fail("\(name) is larger than \(entryLimit / 1024 / 1024) MiB") }
            var bytes: [UInt8] = []
            do {
                _ = try archive.extract(entry, skipCRC32: false) { chunk in
                    bytes.append(contentsOf: chunk)
                    if bytes.count > entryLimit { throw CocoaError(.fileReadTooLarge) }
                }
            } catch {
                throw fail("\(name) cannot be extracted from the APK")
            }
            return bytes
        }
        guard let manifest = try extract("AndroidManifest.xml") else {
            throw fail(
                "has no AndroidManifest.xml at its root; is it an APK? (an .aab keeps it under base/manifest/ in protobuf form, which linksim does not read)")
        }
        return Contents(manifest: manifest, resourceTable: try extract("resources.arsc"))
    }
}
