import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads a real `AndroidManifest.xml` (source form, as in a project) into an `AndroidManifest`.
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
        let root = try XMLTreeReader.read(bytes, file: file)
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

// MARK: - XML to a small tree

/// One attribute, its namespace resolved from the `xmlns:` declarations in scope.
struct XMLAttributeNode {
    var namespace: String?
    var localName: String
    /// As written (`android:host`), for messages.
    var qualifiedName: String
    var value: String
    var location: SourceLocation
}

struct XMLElementNode {
    var name: String
    var attributes: [XMLAttributeNode]
    var children: [XMLElementNode]
    var location: SourceLocation

    func attribute(_ namespace: String?, _ localName: String) -> XMLAttributeNode? {
        attributes.first { $0.namespace == namespace && $0.localName == localName }
    }
}

/// Runs Foundation's XMLParser (libxml2) and builds the element tree. Positions come from a small
/// lexer over the raw bytes (the n-th start tag it finds is the n-th element XMLParser reports),
/// because XMLParser only knows where a tag ends.
enum XMLTreeReader {
    static func read(_ bytes: [UInt8], file: String) throws(InputError) -> XMLElementNode {
        let positions = StartTagLexer(bytes: bytes, file: file)
        let delegate = TreeBuildingDelegate(positions: positions)
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = delegate
        let finished = parser.parse()
        if let error = delegate.firstError {
            throw InputError([Diagnostic(file: file, location: error.location, message: error.message)])
        }
        if !finished {
            throw InputError(file: file, location: SourceLocation(file: file, line: parser.lineNumber, column: parser.columnNumber),
                             "malformed XML")
        }
        guard let root = delegate.root else {
            throw InputError(file: file, "the file has no XML element; expected <manifest>")
        }
        if !delegate.undeclaredPrefixes.isEmpty {
            throw InputError(delegate.undeclaredPrefixes)
        }
        return root
    }

    private final class TreeBuildingDelegate: NSObject, XMLParserDelegate {
        let positions: StartTagLexer
        var stack: [XMLElementNode] = []
        var namespaceScopes: [[String: String]] = [["xml": "http://www.w3.org/XML/1998/namespace"]]
        var root: XMLElementNode?
        var startTagCount = 0
        var firstError: (location: SourceLocation, message: String)?
        var undeclaredPrefixes: [Diagnostic] = []

        init(positions: StartTagLexer) { self.positions = positions }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            let tag = positions.tag(startTagCount)
            startTagCount += 1
            let fallback = SourceLocation(file: positions.file, line: parser.lineNumber, column: parser.columnNumber)
            var scope = namespaceScopes.last ?? [:]
            for (name, value) in attributeDict where name.hasPrefix("xmlns:") {
                scope[String(name.dropFirst(6))] = value
            }
            namespaceScopes.append(scope)
            var attributes: [XMLAttributeNode] = []
            for (name, value) in attributeDict where name != "xmlns" && !name.hasPrefix("xmlns:") {
                let location = tag?.attributes[name] ?? tag?.location ?? fallback
                var namespace: String?
                var localName = name
                if let colon = name.firstIndex(of: ":") {
                    let prefix = String(name[..<colon])
                    localName = String(name[name.index(after: colon)...])
                    namespace = scope[prefix]
                    if namespace == nil {
                        undeclaredPrefixes.append(Diagnostic(
                            file: positions.file, location: location,
                            message: "\(name) in <\(elementName)>: namespace prefix \"\(prefix)\" is not declared (add xmlns:\(prefix)=\"...\" to <manifest>)"))
                    }
                }
                attributes.append(XMLAttributeNode(namespace: namespace, localName: localName, qualifiedName: name,
                                                   value: value, location: location))
            }
            attributes.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
            stack.append(XMLElementNode(name: elementName, attributes: attributes, children: [],
                                        location: tag?.location ?? fallback))
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            namespaceScopes.removeLast()
            guard let element = stack.popLast() else { return }
            if stack.isEmpty {
                if root == nil { root = element }
            } else {
                stack[stack.count - 1].children.append(element)
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            guard firstError == nil else { return }
            let code = (parseError as NSError).code
            var message = "malformed XML: " + Self.describe(code)
            // Namespace errors (201-203) are reported by linksim itself, with the attribute's position.
            if (200...210).contains(code) { return }
            if code == 76, let open = stack.last {
                message += " (the open element is <\(open.name)> from line \(open.location.line))"
            }
            firstError = (SourceLocation(file: positions.file, line: parser.lineNumber, column: parser.columnNumber), message)
        }

        /// libxml2 `xmlParserErrors` codes, which XMLParser passes through on Linux.
        static func describe(_ code: Int) -> String {
            switch code {
            case 76: return "end tag does not match the open element"
            case 5: return "the file ends before all elements are closed"
            case 4, 3: return "the file is empty or does not start with XML"
            case 42: return "an attribute is written twice on one element"
            case 23, 24, 26, 27: return "unknown or bad entity reference (write &amp; for &)"
            case 38: return "'<' inside an attribute value (write &lt;)"
            case 39, 41, 33, 34: return "attribute value must be quoted"
            case 73: return "a tag is not closed with '>'"
            case 85: return "elements are not properly nested"
            case 86: return "content after the root element"
            case 9: return "invalid character"
            default: return "XML syntax error (libxml2 error \(code))"
            }
        }
    }
}

/// Finds every start tag and its attributes' positions (line and column, 1-based, in characters).
struct StartTagLexer {
    struct Tag {
        var location: SourceLocation
        var attributes: [String: SourceLocation]
    }

    let file: String
    private(set) var tags: [Tag] = []

    init(bytes: [UInt8], file: String) {
        self.file = file
        var lineStarts: [Int] = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(index + 1) }
        func location(_ offset: Int) -> SourceLocation {
            var low = 0, high = lineStarts.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
            }
            // Columns count characters, not UTF-8 continuation bytes.
            let column = bytes[lineStarts[low]..<offset].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
            return SourceLocation(file: file, line: low + 1, column: column)
        }
        func starts(_ text: String, at index: Int) -> Bool {
            let pattern = Array(text.utf8)
            return index + pattern.count <= bytes.count && Array(bytes[index..<(index + pattern.count)]) == pattern
        }
        func skip(past terminator: String, from index: Int) -> Int {
            var i = index
            while i < bytes.count && !starts(terminator, at: i) { i += 1 }
            return min(i + terminator.utf8.count, bytes.count)
        }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            if starts("<!--", at: i) { i = skip(past: "-->", from: i + 4); continue }
            if starts("<![CDATA[", at: i) { i = skip(past: "]]>", from: i + 9); continue }
            if starts("<?", at: i) { i = skip(past: "?>", from: i + 2); continue }
            if starts("<!", at: i) || starts("</", at: i) {
                // DOCTYPE (with a possible internal subset) or an end tag.
                var depth = 0
                var j = i + 2
                while j < bytes.count {
                    let byte = bytes[j]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        j += 1
                        while j < bytes.count && bytes[j] != byte { j += 1 }
                    } else if byte == UInt8(ascii: "[") {
                        depth += 1
                    } else if byte == UInt8(ascii: "]") {
                        depth -= 1
                    } else if byte == UInt8(ascii: ">") && depth <= 0 {
                        break
                    }
                    j += 1
                }
                i = j + 1
                continue
            }
            var tag = Tag(location: location(i), attributes: [:])
            var j = i + 1
            while j < bytes.count && !isSpace(bytes[j]) && bytes[j] != UInt8(ascii: ">") && bytes[j] != UInt8(ascii: "/") { j += 1 }
            while j < bytes.count {
                while j < bytes.count && isSpace(bytes[j]) { j += 1 }
                guard j < bytes.count else { break }
                if bytes[j] == UInt8(ascii: ">") { break }
                if bytes[j] == UInt8(ascii: "/") { j += 1; continue }
                let nameStart = j
                while j < bytes.count && !isSpace(bytes[j]) && bytes[j] != UInt8(ascii: "=")
                        && bytes[j] != UInt8(ascii: ">") && bytes[j] != UInt8(ascii: "/") { j += 1 }
                let name = String(decoding: bytes[nameStart..<j], as: UTF8.self)
                if tag.attributes[name] == nil { tag.attributes[name] = location(nameStart) }
                while j < bytes.count && isSpace(bytes[j]) { j += 1 }
                guard j < bytes.count, bytes[j] == UInt8(ascii: "=") else { continue }
                j += 1
                while j < bytes.count && isSpace(bytes[j]) { j += 1 }
                guard j < bytes.count else { break }
                let quote = bytes[j]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    j += 1
                    while j < bytes.count && bytes[j] != quote { j += 1 }
                    j += 1
                }
            }
            tags.append(tag)
            i = j + 1
        }
    }

    func tag(_ index: Int) -> Tag? { index < tags.count ? tags[index] : nil }
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
