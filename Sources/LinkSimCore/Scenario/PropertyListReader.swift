/// Reads the few keys linksim needs from real Info.plist and .entitlements files.
///
/// XML property lists only, through linksim's own `XMLReader` (bounded, never expands entities).
/// Binary (`bplist00`) and OpenStep/JSON property lists are refused with a message saying how to
/// convert them. Problems are reported in the plist itself (file:line:column).
enum PropertyListReader {
    /// A property-list value and where it was written.
    indirect enum Value {
        case dictionary([(key: String, value: Value)], SourceLocation)
        case array([Value], SourceLocation)
        case string(String, SourceLocation)
        case integer(SourceLocation)
        case real(SourceLocation)
        case boolean(Bool, SourceLocation)
        case data(SourceLocation)
        case date(SourceLocation)

        var location: SourceLocation {
            switch self {
            case .dictionary(_, let l), .array(_, let l), .string(_, let l), .integer(let l), .real(let l),
                .boolean(_, let l), .data(let l), .date(let l):
                return l
            }
        }

        /// The last value for `key` (as CoreFoundation keeps the last of duplicate keys).
        subscript(key: String) -> Value? {
            guard case .dictionary(let entries, _) = self else { return nil }
            return entries.last { $0.key == key }?.value
        }

        var kindName: String {
            switch self {
            case .dictionary: return "a dictionary"
            case .array: return "an array"
            case .string: return "a string"
            case .integer: return "an integer"
            case .real: return "a real number"
            case .boolean: return "a boolean"
            case .data: return "data"
            case .date: return "a date"
            }
        }
    }

    /// Parses an XML property list whose top level is a dictionary.
    static func parse(_ bytes: [UInt8], file: String) throws(InputError) -> Value {
        if bytes.starts(with: Array("bplist".utf8)) {
            throw InputError(
                file: file, location: SourceLocation(file: file, line: 1, column: 1),
                "this is a binary property list; linksim reads XML property lists: convert it with `plutil -convert xml1 \(file)`")
        }
        let firstSignificant = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }.first
        if let first = firstSignificant, first == UInt8(ascii: "{") || first == UInt8(ascii: "(") {
            throw InputError(
                file: file, location: SourceLocation(file: file, line: 1, column: 1),
                "this looks like an OpenStep or JSON property list; linksim reads XML property lists: convert it with `plutil -convert xml1 \(file)`")
        }
        let document = try XMLReader.read(bytes, file: file, expectedRoot: "plist")
        var top = document.root
        if top.name == "plist" {
            let values = top.children
            guard values.count == 1 else {
                throw InputError(
                    file: file, location: top.location,
                    "<plist> must hold exactly one value (here a <dict>), found \(values.count)")
            }
            top = values[0]
        }
        let value = try convert(top, file: file)
        guard case .dictionary = value else {
            throw InputError(file: file, location: value.location, "the top level of the property list is \(value.kindName); expected a <dict>")
        }
        return value
    }

    /// Element tree to values. Recursion is bounded by `XMLReader.maxDepth`.
    private static func convert(_ element: XMLElementNode, file: String) throws(InputError) -> Value {
        func fail(_ message: String, at location: SourceLocation? = nil) -> InputError {
            InputError(file: file, location: location ?? element.location, message)
        }
        func noChildren() throws(InputError) {
            if let child = element.children.first {
                throw fail("<\(element.name)> holds text, not elements; found <\(child.name)>", at: child.location)
            }
        }
        let text = element.text
        let trimmed = text.trimmingXMLSpace
        switch element.name {
        case "dict":
            try requireNoText(element, file: file)
            var entries: [(key: String, value: Value)] = []
            var children = element.children[...]
            while let keyElement = children.popFirst() {
                guard keyElement.name == "key" else {
                    throw InputError(
                        file: file, location: keyElement.location,
                        "expected <key> in <dict>, found <\(keyElement.name)> (a <dict> alternates <key> and a value)")
                }
                if let child = keyElement.children.first {
                    throw InputError(file: file, location: child.location, "<key> holds text, not elements; found <\(child.name)>")
                }
                guard let valueElement = children.popFirst() else {
                    throw InputError(file: file, location: keyElement.location, "<key>\(keyElement.text)</key> has no value after it")
                }
                entries.append((keyElement.text, try convert(valueElement, file: file)))
            }
            return .dictionary(entries, element.location)
        case "array":
            try requireNoText(element, file: file)
            var items: [Value] = []
            for child in element.children { items.append(try convert(child, file: file)) }
            return .array(items, element.location)
        case "string":
            try noChildren()
            return .string(text, element.location)
        case "integer":
            try noChildren()
            let digits = trimmed.hasPrefix("-") || trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed
            let isHex = digits.lowercased().hasPrefix("0x")
            let body = isHex ? digits.dropFirst(2) : Substring(digits)
            guard !body.isEmpty, body.allSatisfy({ isHex ? $0.isHexDigit : $0.isASCII && $0.isNumber }) else {
                throw fail("<integer>\(trimmed)</integer> is not a whole number")
            }
            return .integer(element.location)
        case "real":
            try noChildren()
            guard Double(trimmed) != nil || ["nan", "inf", "+inf", "-inf", "infinity", "-infinity"].contains(trimmed.lowercased()) else {
                throw fail("<real>\(trimmed)</real> is not a number")
            }
            return .real(element.location)
        case "true", "false":
            try noChildren()
            guard trimmed.isEmpty else { throw fail("<\(element.name)/> takes no text") }
            return .boolean(element.name == "true", element.location)
        case "data":
            try noChildren()
            let base64 = text.unicodeScalars.filter { !($0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r") }
            guard base64.allSatisfy({ ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "+" || $0 == "/" || $0 == "=" }) else {
                throw fail("<data> must hold base64 text")
            }
            return .data(element.location)
        case "date":
            try noChildren()
            // ISO 8601 as plists write it: 2026-01-15T09:00:00Z.
            let shape = trimmed.unicodeScalars.map { ("0"..."9").contains($0) ? "9" : String($0) }.joined()
            guard shape == "9999-99-99T99:99:99Z" else {
                throw fail("<date>\(trimmed)</date> is not a date such as 2026-01-15T09:00:00Z")
            }
            return .date(element.location)
        default:
            throw fail("unknown property-list element <\(element.name)>; expected dict, array, string, integer, real, true, false, data or date")
        }
    }

    private static func requireNoText(_ element: XMLElementNode, file: String) throws(InputError) {
        if !element.text.trimmingXMLSpace.isEmpty {
            throw InputError(
                file: file, location: element.location,
                "<\(element.name)> holds elements, not text; found \"\(element.text.trimmingXMLSpace.prefix(40))\"")
        }
    }

    /// Parses the plist, reporting its problems (located in the plist) into `context`.
    private static func root(_ bytes: [UInt8], file: String, context: DecodingContext) -> Value? {
        do {
            return try parse(bytes, file: context.resolve(file))
        } catch {
            for diagnostic in error.diagnostics { context.report(diagnostic) }
            return nil
        }
    }

    private static func report(_ context: DecodingContext, _ file: String, _ location: SourceLocation, _ message: String) {
        context.report(Diagnostic(file: context.resolve(file), location: location, message: message))
    }

    /// `CFBundleURLTypes[*].CFBundleURLSchemes` from an Info.plist.
    static func urlSchemes(_ bytes: [UInt8], file: String, at location: SourceLocation, context: DecodingContext) -> [String] {
        guard let root = root(bytes, file: file, context: context) else { return [] }
        if let misplaced = root["com.apple.developer.associated-domains"] {
            context.report(
                Diagnostic(
                    file: context.resolve(file), location: misplaced.location,
                    message:
                        "com.apple.developer.associated-domains is an entitlement: in Info.plist iOS ignores it. Put it in the app's .entitlements file (`entitlements:`)",
                    isWarning: true))
        }
        guard let types = root["CFBundleURLTypes"] else { return [] }
        guard case .array(let list, _) = types else {
            report(context, file, types.location, "CFBundleURLTypes must be an array of dictionaries, found \(types.kindName)")
            return []
        }
        var schemes: [String] = []
        for entry in list {
            guard case .dictionary = entry else {
                report(context, file, entry.location, "each CFBundleURLTypes entry must be a dictionary, found \(entry.kindName)")
                continue
            }
            guard let names = entry["CFBundleURLSchemes"], let strings = stringArray(names) else {
                report(
                    context, file, entry["CFBundleURLSchemes"]?.location ?? entry.location,
                    "each CFBundleURLTypes entry needs a CFBundleURLSchemes array of strings")
                continue
            }
            schemes += strings
        }
        return schemes
    }

    /// `com.apple.developer.associated-domains` from an .entitlements file.
    static func associatedDomains(_ bytes: [UInt8], file: String, at location: SourceLocation, context: DecodingContext) -> [String] {
        guard let root = root(bytes, file: file, context: context) else { return [] }
        guard let value = root["com.apple.developer.associated-domains"] else { return [] }
        guard let domains = stringArray(value) else {
            report(context, file, value.location, "com.apple.developer.associated-domains must be an array of strings")
            return []
        }
        return domains
    }

    private static func stringArray(_ value: Value) -> [String]? {
        guard case .array(let items, _) = value else { return nil }
        var strings: [String] = []
        for item in items {
            guard case .string(let text, _) = item else { return nil }
            strings.append(text)
        }
        return strings
    }
}

extension String {
    /// Without leading and trailing XML white space (space, tab, CR, LF).
    var trimmingXMLSpace: String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(scalars[first...last])
    }
}
