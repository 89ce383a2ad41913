import Foundation

/// Reads a real `AndroidManifest.xml` (source form, as in a project) into an `AndroidManifest`,
/// through linksim's own `XMLReader` (bounded, never expands entities; see XML/XMLReader.swift).
///
/// Only what link handling needs is read: `package`, `<uses-sdk>`, `<activity>`/`<activity-alias>`
/// under `<application>`, their intent filters and `<uri-relative-filter-group>`s. Attributes are
/// looked up by namespace URI, so any prefix works; the `tools:` namespace is ignored. Values are
/// unescaped like the build tools do (android.md §1.1). Values linksim cannot know — resource
/// references (`@string/x`) and Gradle placeholders (`${x}`) — are errors, because guessing would
/// silently change what matches.
public enum ManifestParser {
    public static let androidNamespace = "http://schemas.android.com/apk/res/android"
    public static let toolsNamespace = "http://schemas.android.com/tools"

    public static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> AndroidManifest {
        // A compiled manifest from an APK starts with the binary XML chunk header 0x0003, size 8.
        if bytes.starts(with: [0x03, 0x00, 0x08, 0x00]) {
            throw InputError(file: file, location: SourceLocation(file: file, line: 1, column: 1),
                             "this is a compiled (binary) AndroidManifest.xml, as found in an APK; linksim reads the source manifest (app/src/main/AndroidManifest.xml, or decode the APK with apktool)")
        }
        let document = try XMLReader.read(bytes, file: file, expectedRoot: "manifest")
        if !document.undeclaredPrefixes.isEmpty {
            throw InputError(document.undeclaredPrefixes.map { undeclared in
                let subject = undeclared.attribute.map { "\($0) in <\(undeclared.element)>" } ?? "<\(undeclared.element)>"
                return Diagnostic(file: file, location: undeclared.location,
                                  message: "\(subject): namespace prefix \"\(undeclared.prefix)\" is not declared (add xmlns:\(undeclared.prefix)=\"...\" to <manifest>)")
            })
        }
        let root = document.root
        var builder = ManifestBuilder(file: file)
        let manifest = builder.build(root)
        if !builder.diagnostics.isEmpty { throw InputError(builder.diagnostics) }
        return manifest
    }

    /// What the build tools do to an attribute string: `\\` → `\`, `\n`, `\t`, `\uXXXX`, and the
    /// backslash of any other escape is dropped (`\*` → `*`).
    public static func unescape(_ value: String) -> String {
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

private struct ManifestBuilder {
    let file: String
    var diagnostics: [Diagnostic] = []

    init(file: String) { self.file = file }

    mutating func build(_ root: XMLElementNode) -> AndroidManifest {
        var manifest = AndroidManifest()
        guard root.name == "manifest" else {
            error(at: root.location, "the root element is <\(root.name)>; an AndroidManifest.xml starts with <manifest>")
            return manifest
        }
        if let package = root.attribute(nil, "package") {
            manifest.package = package.value.trimmingCharacters(in: .whitespaces)
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

    private mutating func activity(_ element: XMLElementNode) -> Activity? {
        let isAlias = element.name == "activity-alias"
        if element.attribute(ManifestParser.androidNamespace, "name") == nil {
            error(at: element.location, "<\(element.name)> has no android:name")
        }
        // Without a usable name the activity is dropped, but the rest is still checked so that
        // every problem is reported at once.
        let name = string(element, "name")
        var activity = Activity(name: name ?? "")
        activity.exported = bool(element, "exported")
        activity.enabled = bool(element, "enabled") ?? true
        if isAlias {
            activity.targetActivity = string(element, "targetActivity")
            if element.attribute(ManifestParser.androidNamespace, "targetActivity") == nil {
                error(at: element.location, "<activity-alias> \(name ?? "") has no android:targetActivity")
            }
        } else if let mode = element.attribute(ManifestParser.androidNamespace, "launchMode"), let text = checked(mode, in: element) {
            if let launchMode = LaunchMode(rawValue: text) {
                activity.launchMode = launchMode
            } else {
                error(at: mode.location, "\(mode.qualifiedName)=\"\(mode.value)\" in <\(element.name)>: unknown launch mode; valid values are "
                      + LaunchMode.allCases.map(\.rawValue).joined(separator: ", "))
            }
        }
        activity.intentFilters = element.children.filter { $0.name == "intent-filter" }.map { intentFilter($0) }
        return name == nil ? nil : activity
    }

    private mutating func intentFilter(_ element: XMLElementNode) -> IntentFilter {
        var filter = IntentFilter()
        filter.autoVerify = bool(element, "autoVerify") ?? false
        for child in element.children {
            switch child.name {
            case "action":
                if let name = requiredName(child) { filter.actions.append(name) }
            case "category":
                if let name = requiredName(child) { filter.categories.append(name) }
            case "data":
                filter.data.append(data(child))
            case "uri-relative-filter-group":
                var group = UriRelativeFilterGroup(allow: bool(child, "allow") ?? true)
                group.data = child.children.filter { $0.name == "data" }.map { relativeData($0) }
                filter.uriRelativeFilterGroups.append(group)
            default:
                continue
            }
        }
        return filter
    }

    private mutating func data(_ element: XMLElementNode) -> IntentFilterData {
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

    private mutating func relativeData(_ element: XMLElementNode) -> RelativeFilterData {
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

    // MARK: Attribute values

    private mutating func requiredName(_ element: XMLElementNode) -> String? {
        if element.attribute(ManifestParser.androidNamespace, "name") == nil {
            error(at: element.location, "<\(element.name)> has no android:name")
            return nil
        }
        return string(element, "name")
    }

    /// The unescaped value of an `android:` attribute, or nil (with a diagnostic when it cannot be used).
    private mutating func string(_ element: XMLElementNode, _ localName: String) -> String? {
        guard let attribute = element.attribute(ManifestParser.androidNamespace, localName) else { return nil }
        return checked(attribute, in: element).map(ManifestParser.unescape)
    }

    /// Rejects what only the build could resolve: resource references and Gradle placeholders.
    private mutating func checked(_ attribute: XMLAttributeNode, in element: XMLElementNode) -> String? {
        let value = attribute.value
        let shown = "\(attribute.qualifiedName)=\"\(value)\" in <\(element.name)>"
        if value.hasPrefix("@") || value.hasPrefix("?") {
            error(at: attribute.location, "\(shown): resource references cannot be resolved; write the value")
            return nil
        }
        if value.contains("${") {
            error(at: attribute.location, "\(shown): manifest placeholders are filled in by Gradle and cannot be resolved; write the value")
            return nil
        }
        return value
    }

    private mutating func bool(_ element: XMLElementNode, _ localName: String) -> Bool? {
        guard let attribute = element.attribute(ManifestParser.androidNamespace, localName),
              let value = checked(attribute, in: element) else { return nil }
        switch value.lowercased() {
        case "true": return true
        case "false": return false
        default:
            error(at: attribute.location, "\(attribute.qualifiedName)=\"\(value)\" in <\(element.name)>: expected true or false")
            return nil
        }
    }

    private mutating func integer(_ element: XMLElementNode, _ localName: String, what: String) -> Int? {
        guard let attribute = element.attribute(ManifestParser.androidNamespace, localName),
              let value = checked(attribute, in: element) else { return nil }
        guard let number = Int(value.trimmingCharacters(in: .whitespaces)) else {
            error(at: attribute.location, "\(attribute.qualifiedName)=\"\(value)\" in <\(element.name)>: expected \(what)")
            return nil
        }
        return number
    }

    /// An advanced pattern AOSP's PatternMatcher would reject is reported here, not silently never matched.
    private mutating func advancedPattern(_ element: XMLElementNode, _ localName: String) -> String? {
        guard let value = string(element, localName),
              let attribute = element.attribute(ManifestParser.androidNamespace, localName) else { return nil }
        if let problem = PatternMatcher(value, kind: .advancedGlob).parseError {
            error(at: attribute.location,
                  "\(attribute.qualifiedName)=\"\(attribute.value)\" in <\(element.name)>: invalid advanced pattern (\(problem)); Android's PatternMatcher rejects it")
            return nil
        }
        return value
    }

    private mutating func error(at location: SourceLocation, _ message: String) {
        diagnostics.append(Diagnostic(file: file, location: location, message: message))
    }
}
