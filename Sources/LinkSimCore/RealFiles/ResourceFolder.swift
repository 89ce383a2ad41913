/// Reads an Android module's `res/` folder (only its `values*/*.xml` files) into `AndroidResources`.
package enum ResourceFolder {
    /// At most this many values files are read from one folder, so a huge tree stays bounded.
    package static let maxFiles = 2_000

    /// `path` is a `res/` folder, or a module folder holding `src/main/res/`.
    package static func load(_ path: String, into resources: inout AndroidResources, reader: any FileReader) throws(InputError) {
        guard var folders = reader.list(path) else {
            throw InputError(file: path, "is not a folder that can be listed; --res expects the module's res/ folder (for example app/src/main/res)")
        }
        var root = path
        if !folders.contains(where: { AndroidResources.apiQualifier(folder: $0) != nil || $0.hasPrefix("values") }),
            let nested = reader.list(join(path, "src/main/res"))
        {
            root = join(path, "src/main/res")
            folders = nested
        }
        let valueFolders = folders.filter { $0 == "values" || $0.hasPrefix("values-") }
        guard !valueFolders.isEmpty else {
            throw InputError(file: path, "has no values*/ folder; --res expects the module's res/ folder (for example app/src/main/res)")
        }
        var count = 0
        var problems: [Diagnostic] = []
        for folder in valueFolders {
            let folderPath = join(root, folder)
            for name in reader.list(folderPath) ?? [] where name.hasSuffix(".xml") {
                count += 1
                guard count <= maxFiles else {
                    throw InputError(file: path, "has more than \(maxFiles) values files; give the module's own res/ folder")
                }
                let file = join(folderPath, name)
                do {
                    let bytes = try reader.read(file)
                    try resources.add(bytes, file: file, folder: folder)
                } catch let error as InputError {
                    problems += error.diagnostics
                } catch {
                    problems.append(Diagnostic(file: file, location: nil, message: "cannot read the file"))
                }
            }
        }
        if !problems.isEmpty { throw InputError(problems) }
    }

    static func join(_ base: String, _ name: String) -> String {
        base.hasSuffix("/") ? base + name : base + "/" + name
    }
}
