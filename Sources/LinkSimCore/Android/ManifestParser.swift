import Foundation

/// What a manifest's values are filled from: the app's ID for `${applicationId}`, other Gradle
/// placeholders (`manifestPlaceholders`, `--define KEY=VALUE`) and the app's `res/values*/`.
package struct ManifestOptions: Sendable, Equatable {
    /// The application ID (Gradle `applicationId`): fills `${applicationId}`.
    package var applicationID: String?
    /// Other placeholders, `KEY` → value.
    package var placeholders: [String: String]
    package var resources: AndroidResources
    /// The device's API level, which chooses among `values-vN` folders.
    package var api: Int

    package init(
        applicationID: String? = nil, placeholders: [String: String] = [:],
        resources: AndroidResources = AndroidResources(), api: Int = AndroidVersions.latestAPI
    ) {
        self.applicationID = applicationID
        self.placeholders = placeholders
        self.resources = resources
        self.api = api
    }
}

/// A manifest read from a file, with the warnings about values linksim could not resolve on
/// attributes that do not take part in link matching.
package struct ParsedManifest: Sendable, Equatable {
    package var manifest: AndroidManifest
    package var warnings: [Diagnostic]
}

/// Reads a real `AndroidManifest.xml` (source form, as in a project, or merged by the build) into
/// an `AndroidManifest`, through linksim's own `XMLReader` (bounded, never expands entities; see
/// XML/XMLReader.swift).
///
/// Only what link handling needs is read: `package`, `<uses-sdk>`, `<activity>`/`<activity-alias>`
/// under `<application>`, their intent filters and `<uri-relative-filter-group>`s. Attributes are
/// looked up by namespace URI, so any prefix works. Values are unescaped like the build tools do.
/// `${applicationId}`, other placeholders and `@string/`, `@bool/`, `@integer/`
/// references are filled from `ManifestOptions`; a value that stays unresolved is a warning on an
/// attribute that does not take part in link matching, and makes the filter unknown when it does
/// (rule `android.manifest.unresolved-value`). The file is refused only when it is not a manifest
/// or a value is malformed (a launch mode or boolean that does not exist).
package enum ManifestParser {
    package static let androidNamespace = "http://schemas.android.com/apk/res/android"
    package static let toolsNamespace = "http://schemas.android.com/tools"

    package static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> AndroidManifest {
        try parse(bytes, file: file, options: ManifestOptions()).manifest
    }

    package static func parse(_ bytes: [UInt8], file: String, options: ManifestOptions) throws(InputError) -> ParsedManifest {
        let root = try readTree(bytes, file: file)
        return try build(root, file: file, options: options)
    }

    /// Several manifests merged as the build does (the first is the app's, then its libraries in
    /// priority order; see `ManifestMerger`). Each filter records the file and line it came from.
    package static func parse(files: [(bytes: [UInt8], file: String)], options: ManifestOptions) throws(InputError) -> ParsedManifest {
        guard files.count > 1, let first = files.first else {
            return try parse(files.first?.bytes ?? [], file: files.first?.file ?? "AndroidManifest.xml", options: options)
        }
        var roots: [XMLElementNode] = []
        var problems: [Diagnostic] = []
        for entry in files {
            do throws(InputError) {
                roots.append(try readTree(entry.bytes, file: entry.file))
            } catch {
                problems += error.diagnostics
            }
        }
        if !problems.isEmpty { throw InputError(problems) }
        var builder = ManifestBuilder(file: first.file, options: options)
        builder.recordSources = true
        let manifest = builder.build(ManifestMerger.merge(roots))
        if !builder.diagnostics.isEmpty { throw InputError(builder.diagnostics + builder.warnings) }
        return ParsedManifest(manifest: manifest, warnings: builder.warnings)
    }

    /// The checked element tree of one manifest file (for merging several before building).
    static func readTree(_ bytes: [UInt8], file: String) throws(InputError) -> XMLElementNode {
        // A compiled manifest from an APK starts with the binary XML chunk header 0x0003, size 8.
        if bytes.starts(with: [0x03, 0x00, 0x08, 0x00]) {
            throw InputError(
                file: file, location: SourceLocation(file: file, line: 1, column: 1),
                "this is a compiled (binary) AndroidManifest.xml, as found in an APK; give the APK itself with --apk (or the source manifest)")
        }
        let document = try XMLReader.read(bytes, file: file, expectedRoot: "manifest")
        if !document.undeclaredPrefixes.isEmpty {
            throw InputError(
                document.undeclaredPrefixes.map { undeclared in
                    let subject = undeclared.attribute.map { "\($0) in <\(undeclared.element)>" } ?? "<\(undeclared.element)>"
                    return Diagnostic(
                        file: file, location: undeclared.location,
                        message: "\(subject): namespace prefix \"\(undeclared.prefix)\" is not declared (add xmlns:\(undeclared.prefix)=\"...\" to <manifest>)")
                })
        }
        return document.root
    }

    /// Builds the model from a (possibly merged) element tree.
    static func build(_ root: XMLElementNode, file: String, options: ManifestOptions) throws(InputError) -> ParsedManifest {
        var builder = ManifestBuilder(file: file, options: options)
        let manifest = builder.build(root)
        if !builder.diagnostics.isEmpty { throw InputError(builder.diagnostics + builder.warnings) }
        return ParsedManifest(manifest: manifest, warnings: builder.warnings)
    }

    /// What the build tools do to an attribute string: `\\` → `\`, `\n`, `\t`, `\uXXXX`, and the
    /// backslash of any other escape is dropped (`\*` → `*`).
    package static func unescape(_ value: String) -> String {
        guard value.contains("\\") else { return value }
        var output = ""
        var iterator = Array(value.unicodeScalars)[...]
        while let scalar = iterator.popFirst() {
            guard scalar == "\\", let next = iterator.popFirst() else {
                output.unicodeScalars.append(scalar)
                continue
            }
            switch next {
            case "n": output.append("\n")
            case "t": output.append("\t")
            case "u":
                let hex = String(String.UnicodeScalarView(iterator.prefix(4)))
                if hex.count == 4, let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) {
                    output.unicodeScalars.append(decoded)
                    iterator = iterator.dropFirst(4)
                } else {
                    output.append("u")
                }
            default: output.unicodeScalars.append(next)
            }
        }
        return output
    }
}

// MARK: - Tree to AndroidManifest

struct ManifestBuilder {
    let file: String
    let options: ManifestOptions
    var diagnostics: [Diagnostic] = []
    var warnings: [Diagnostic] = []
    /// Several files were merged: each filter says where it came from.
    var recordSources = false
    /// Where an attribute being read sits, for link matching.
    var scope: (UnresolvedAttribute.Scope, Int?)? = nil
    /// Unresolved values collected for the element being built (filter or activity).
    var collected: [UnresolvedAttribute] = []

    init(file: String, options: ManifestOptions) {
        self.file = file
        self.options = options
    }

    mutating func build(_ root: XMLElementNode) -> AndroidManifest {
        var manifest = AndroidManifest()
        guard root.name == "manifest" else {
            error(at: root.location, "the root element is <\(root.name)>; an AndroidManifest.xml starts with <manifest>")
            return manifest
        }
        if let package = root.attribute(nil, "package") {
            switch resolve(package.value) {
            case .value(let value): manifest.package = value.trimmingCharacters(in: .whitespaces)
            case .unresolved(let reason):
                warn(at: package.location, "package=\"\(package.value)\" in <manifest>: \(reason); relative activity names stay unqualified")
            }
        }
        for child in root.children {
            switch child.name {
            case "uses-sdk":
                let target = integer(child, "targetSdkVersion", what: "an API level number")
                let minimum = integer(child, "minSdkVersion", what: "an API level number")
                // Android defaults targetSdkVersion to minSdkVersion.
                manifest.targetSDK = target ?? minimum ?? manifest.targetSDK
            case "application":
                for component in child.children where component.name == "activity" || component.name == "activity-alias" {
                    if let activity = activity(component) { manifest.activities.append(activity) }
                }
            default:
                continue
            }
        }
        return manifest
    }

    mutating func activity(_ element: XMLElementNode) -> Activity? {
        let isAlias = element.name == "activity-alias"
        if element.attribute(ManifestParser.androidNamespace, "name") == nil {
            error(at: element.location, "<\(element.name)> has no android:name")
        }
        // Without a usable name the activity is dropped, but the rest is still checked so that
        // every problem is reported at once. An unresolved name is kept as written (a warning).
        let name = string(element, "name", orAsWritten: true)
        var activity = Activity(name: name ?? "")
        scope = (.activity, nil)
        collected = []
        activity.exported = bool(element, "exported")
        activity.enabled = bool(element, "enabled") ?? true
        let activityUnresolved = collected
        scope = nil
        if isAlias {
            activity.targetActivity = string(element, "targetActivity", orAsWritten: true)
            if element.attribute(ManifestParser.androidNamespace, "targetActivity") == nil {
                error(at: element.location, "<activity-alias> \(name ?? "") has no android:targetActivity")
            }
        } else if let mode = element.attribute(ManifestParser.androidNamespace, "launchMode"), let text = checked(mode, in: element) {
            // An enum attribute also takes its integer value (what a resource or a compiled manifest holds).
            let named = Int(text).flatMap { BinaryXML.launchModes.indices.contains($0) ? BinaryXML.launchModes[$0] : nil } ?? text
            if let launchMode = LaunchMode(rawValue: named) {
                activity.launchMode = launchMode
            } else {
                error(
                    at: mode.location,
                    "\(mode.qualifiedName)=\"\(mode.value)\" in <\(element.name)>: unknown launch mode; valid values are "
                        + LaunchMode.allCases.map(\.rawValue).joined(separator: ", "))
            }
        }
        activity.intentFilters = element.children.filter { $0.name == "intent-filter" }.map { intentFilter($0) }
        if !activityUnresolved.isEmpty {
            // exported/enabled decide whether any of the activity's filters can be a match.
            for index in activity.intentFilters.indices {
                activity.intentFilters[index].unresolved = activityUnresolved + activity.intentFilters[index].unresolved
            }
        }
        return name == nil ? nil : activity
    }

    mutating func intentFilter(_ element: XMLElementNode) -> IntentFilter {
        var filter = IntentFilter()
        collected = []
        scope = (.filter, nil)
        filter.autoVerify = bool(element, "autoVerify") ?? false
        var dataIndex = 0
        for child in element.children {
            switch child.name {
            case "action":
                scope = (.filter, nil)
                if let name = requiredName(child) { filter.actions.append(name) }
            case "category":
                scope = (.filter, nil)
                if let name = requiredName(child) { filter.categories.append(name) }
            case "data":
                scope = (.data, dataIndex)
                filter.data.append(data(child))
                dataIndex += 1
            case "uri-relative-filter-group":
                scope = (.relativeGroup, nil)
                var group = UriRelativeFilterGroup(allow: bool(child, "allow") ?? true)
                group.data = child.children.filter { $0.name == "data" }.map { relativeData($0) }
                filter.uriRelativeFilterGroups.append(group)
            default:
                continue
            }
        }
        scope = nil
        filter.unresolved = collected
        collected = []
        if recordSources { filter.source = "\(element.location.file):\(element.location.line)" }
        return filter
    }

    mutating func data(_ element: XMLElementNode) -> IntentFilterData {
        var data = IntentFilterData()
        data.scheme = string(element, "scheme")
        data.host = string(element, "host")
        if let port = element.attribute(ManifestParser.androidNamespace, "port"), let text = checked(port, in: element) {
            if Int32(text) != nil {
                data.port = text
            } else {
                error(at: port.location, "\(port.qualifiedName)=\"\(port.value)\" in <data>: expected a port number")
            }
        }
        data.path = string(element, "path")
        data.pathPrefix = string(element, "pathPrefix")
        data.pathPattern = string(element, "pathPattern")
        data.pathAdvancedPattern = advancedPattern(element, "pathAdvancedPattern")
        data.pathSuffix = string(element, "pathSuffix")
        data.ssp = string(element, "ssp")
        data.sspPrefix = string(element, "sspPrefix")
        data.sspPattern = string(element, "sspPattern")
        data.sspAdvancedPattern = advancedPattern(element, "sspAdvancedPattern")
        data.sspSuffix = string(element, "sspSuffix")
        data.mimeType = string(element, "mimeType")
        return data
    }

    mutating func relativeData(_ element: XMLElementNode) -> RelativeFilterData {
        var data = RelativeFilterData()
        data.path = string(element, "path")
        data.pathPrefix = string(element, "pathPrefix")
        data.pathPattern = string(element, "pathPattern")
        data.pathAdvancedPattern = advancedPattern(element, "pathAdvancedPattern")
        data.pathSuffix = string(element, "pathSuffix")
        data.query = string(element, "query")
        data.queryPrefix = string(element, "queryPrefix")
        data.queryPattern = string(element, "queryPattern")
        data.queryAdvancedPattern = advancedPattern(element, "queryAdvancedPattern")
        data.querySuffix = string(element, "querySuffix")
        data.fragment = string(element, "fragment")
        data.fragmentPrefix = string(element, "fragmentPrefix")
        data.fragmentPattern = string(element, "fragmentPattern")
        data.fragmentAdvancedPattern = advancedPattern(element, "fragmentAdvancedPattern")
        data.fragmentSuffix = string(element, "fragmentSuffix")
        return data
    }
}
