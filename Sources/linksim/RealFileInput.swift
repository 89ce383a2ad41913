import Foundation
import LinkSimCore

/// Reads a team's own Android files for the one-file commands: manifests (merged when several),
/// `res/` folders and APKs. Problems come back as located lines for stderr (exit 65).
enum RealFileInput {
    struct Failure: Error {
        var lines: [String]
    }

    static func read(_ path: String) throws(Failure) -> [UInt8] {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw Failure(lines: [Diagnostic(file: path, location: nil, message: "is a folder; give the file").description])
        }
        do {
            return try LocalFiles().read(path)
        } catch let tooLarge as FileTooLarge {
            throw Failure(lines: [
                Diagnostic(
                    file: path, location: SourceLocation(file: path, line: 1, column: 1),
                    message: tooLarge.description
                ).description
            ])
        } catch {
            throw Failure(lines: [Diagnostic(file: path, location: nil, message: "cannot read the file").description])
        }
    }

    /// `read` for a command: its problem (a folder, a missing file, over the 16 MiB limit) on stderr, exit 65.
    static func readForCommand(_ path: String) throws -> [UInt8] {
        do {
            return try read(path)
        } catch {
            for line in error.lines { Console.error(line) }
            throw ExitStatus.badInput
        }
    }

    static func resources(_ folders: [String]) throws(Failure) -> AndroidResources {
        var resources = AndroidResources()
        for folder in folders {
            do throws(InputError) {
                try ResourceFolder.load(folder, into: &resources, reader: LocalFiles())
            } catch {
                throw Failure(lines: error.diagnostics.map(\.description))
            }
        }
        return resources
    }

    /// The manifest `android match` works on: one file, several merged, or an APK's.
    static func manifest(
        paths: [String], apk: String?, res: [String], appID: String?,
        placeholders: [String: String], api: Int
    ) throws(Failure) -> ParsedManifest {
        var options = ManifestOptions(applicationID: appID, placeholders: placeholders, resources: try resources(res), api: api)
        if let apk {
            let package = try APKReader.read(apk)
            do throws(InputError) {
                var parsed = try ManifestParser.parse(
                    binary: package.manifest, resourceTable: package.resourceTable,
                    file: "\(apk)!/AndroidManifest.xml", tableFile: "\(apk)!/resources.arsc",
                    options: options)
                if package.resourceTable == nil {
                    parsed.warnings.insert(
                        Diagnostic(file: apk, location: nil, message: "the APK has no resources.arsc; resource references stay unresolved", isWarning: true),
                        at: 0)
                }
                return parsed
            } catch {
                throw Failure(lines: error.diagnostics.map(\.description))
            }
        }
        var files: [(bytes: [UInt8], file: String)] = []
        for path in paths { files.append((try read(path), path)) }
        if options.applicationID == nil, let first = files.first,
            let package = try? ManifestParser.parse(first.bytes, file: first.file, options: ManifestOptions()).manifest.package
        {
            // Without --app-id, the manifest's package is the best guess for ${applicationId}.
            options.applicationID = package
        }
        do throws(InputError) {
            return try ManifestParser.parse(files: files, options: options)
        } catch {
            throw Failure(lines: error.diagnostics.map(\.description))
        }
    }
}
