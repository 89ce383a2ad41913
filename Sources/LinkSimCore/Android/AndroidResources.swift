/// The `@string/`, `@bool/` and `@integer/` values of an app's `res/values*/` folders, chosen for a
/// device the way Android's resource selection does for the one qualifier linksim knows: the API
/// level (`values-v23` applies from API 23; the highest version not above the device wins, then
/// plain `values`). Folders with any other qualifier (`values-fr`, `values-night`, `values-sw600dp`)
/// describe a configuration linksim does not model and are skipped; the default configuration is an
/// assumption, reported by the caller when it matters.
///
/// Pure: the caller reads the files and hands over their bytes with the folder name.
package struct AndroidResources: Sendable, Equatable {
    /// One value as declared in one folder.
    package struct Entry: Sendable, Equatable {
        package var value: String
        /// The folder's `-vN` qualifier (nil for plain `values`).
        package var minAPI: Int?
        package var file: String
    }

    /// `type/name` → the values declared for it, one per folder.
    package private(set) var entries: [String: [Entry]] = [:]
    /// Folders that were skipped, with why (for notes).
    package private(set) var skippedFolders: [String] = []

    package init() {}

    /// Types linksim resolves: the ones manifests use on link-related and common attributes.
    package static let resolvedTypes: Set<String> = ["string", "bool", "integer"]

    /// The API level a `values*` folder applies from, or nil when the folder has other qualifiers
    /// (or is not a values folder). `values` → 0.
    package static func apiQualifier(folder: String) -> Int? {
        guard folder == "values" || folder.hasPrefix("values-") else { return nil }
        let qualifiers = folder.split(separator: "-").dropFirst()
        if qualifiers.isEmpty { return 0 }
        guard qualifiers.count == 1, let only = qualifiers.first, only.hasPrefix("v"),
            let api = Int(only.dropFirst()), api > 0
        else { return nil }
        return api
    }

    /// Adds one `res/<folder>/<file>.xml`. Files that are not `<resources>` are refused with a
    /// located error; folders with qualifiers other than `-vN` are recorded as skipped.
    package mutating func add(_ bytes: [UInt8], file: String, folder: String) throws(InputError) {
        guard let api = Self.apiQualifier(folder: folder) else {
            if !skippedFolders.contains(folder) { skippedFolders.append(folder) }
            return
        }
        let document = try XMLReader.read(bytes, file: file, expectedRoot: "resources")
        guard document.root.name == "resources" else {
            throw InputError(
                file: file, location: document.root.location,
                "the root element is <\(document.root.name)>; a resource values file starts with <resources>")
        }
        for element in document.root.children {
            let type: String
            switch element.name {
            case "string", "bool", "integer": type = element.name
            case "item": type = element.attribute(nil, "type")?.value ?? ""
            default: continue
            }
            guard Self.resolvedTypes.contains(type), let name = element.attribute(nil, "name")?.value else { continue }
            let value = type == "string" ? Self.stringValue(element.text) : element.text.trimmedWhitespaceAndNewlines
            entries["\(type)/\(name)", default: []].append(Entry(value: value, minAPI: api == 0 ? nil : api, file: file))
        }
    }

    /// Adds one value directly (from a compiled resource table).
    package mutating func addValue(type: String, name: String, value: String, minAPI: Int?, file: String) {
        entries["\(type)/\(name)", default: []].append(Entry(value: value, minAPI: minAPI, file: file))
    }

    /// aapt2's treatment of a `<string>`'s text: surrounding double quotes keep whitespace as is,
    /// otherwise runs of whitespace become one space and the ends are trimmed; then escapes.
    static func stringValue(_ raw: String) -> String {
        let trimmed = raw.trimmedWhitespaceAndNewlines
        if trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") {
            return ManifestParser.unescape(String(trimmed.dropFirst().dropLast()))
        }
        let collapsed = trimmed.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
        return ManifestParser.unescape(collapsed)
    }

    /// The value of `@type/name` on a device of API level `api`, following references to other
    /// resources (at most 8 deep, so a loop ends). Nil when it is not declared in an applicable folder.
    package func resolve(_ reference: String, api: Int) -> String? {
        var current = reference
        for _ in 0..<8 {
            guard let (type, name) = Self.split(reference: current) else { return nil }
            guard let candidates = entries["\(type)/\(name)"] else { return nil }
            let applicable = candidates.filter { ($0.minAPI ?? 0) <= api }
            guard let best = applicable.max(by: { ($0.minAPI ?? 0) < ($1.minAPI ?? 0) }) else { return nil }
            if best.value.hasPrefix("@"), Self.split(reference: best.value) != nil {
                current = best.value
                continue
            }
            return best.value
        }
        return nil
    }

    /// `@string/name` → ("string", "name"); `@android:string/x` and other packages are not the app's.
    package static func split(reference: String) -> (type: String, name: String)? {
        guard reference.hasPrefix("@"), !reference.contains(":") else { return nil }
        let body = reference.dropFirst()
        let parts = body.split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        return (String(parts[0]), String(parts[1]))
    }

    package var isEmpty: Bool { entries.isEmpty }
}
