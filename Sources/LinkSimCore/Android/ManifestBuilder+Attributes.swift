import Foundation

extension ManifestBuilder {
    // MARK: Attribute values

    mutating func requiredName(_ element: XMLElementNode) -> String? {
        if element.attribute(ManifestParser.androidNamespace, "name") == nil {
            error(at: element.location, "<\(element.name)> has no android:name")
            return nil
        }
        return string(element, "name")
    }

    /// The unescaped value of an `android:` attribute, or nil (with a diagnostic, a warning or an
    /// unresolved-value record when it cannot be used). `orAsWritten`: an unresolved value is kept
    /// as written (names, which only label the result).
    mutating func string(_ element: XMLElementNode, _ localName: String, orAsWritten: Bool = false) -> String? {
        guard let attribute = element.attribute(ManifestParser.androidNamespace, localName) else { return nil }
        if orAsWritten, scope == nil, case .unresolved(let reason) = resolve(attribute.value) {
            warn(
                at: attribute.location,
                "\(attribute.qualifiedName)=\"\(attribute.value)\" in <\(element.name)>: \(reason); shown as written (it names the component and does not decide which link matches)"
            )
            return ManifestParser.unescape(attribute.value)
        }
        return checked(attribute, in: element).map(ManifestParser.unescape)
    }

    enum Resolution {
        case value(String)
        case unresolved(String)
    }

    /// Fills `${...}` placeholders, then a resource reference, from the options.
    func resolve(_ raw: String) -> Resolution {
        var value = raw
        if value.contains("${") {
            var output = ""
            var rest = Substring(value)
            while let open = rest.range(of: "${") {
                output += rest[..<open.lowerBound]
                guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
                    return .unresolved("the placeholder starting at `${` is not closed")
                }
                let key = String(rest[open.upperBound..<close])
                if key == "applicationId" {
                    guard let id = options.applicationID else {
                        return .unresolved("`${applicationId}` is the app's ID, which was not given (pass --app-id, or give the scenario app its id)")
                    }
                    output += id
                } else if let filled = options.placeholders[key] {
                    output += filled
                } else {
                    return .unresolved(
                        "no value for the manifest placeholder `${\(key)}` (pass --define \(key)=<value>, or `manifest_placeholders` in a scenario)")
                }
                rest = rest[rest.index(after: close)...]
            }
            value = output + rest
        }
        if value.hasPrefix("?") {
            return .unresolved("`\(value)` is a theme attribute, which linksim does not resolve")
        }
        if value.hasPrefix("@") {
            guard let (type, _) = AndroidResources.split(reference: value) else {
                return .unresolved("`\(value)` is a framework or library resource, which linksim does not resolve")
            }
            guard AndroidResources.resolvedTypes.contains(type) else {
                return .unresolved("`\(value)` is a @\(type) resource; linksim resolves @string, @bool and @integer")
            }
            guard let resolved = options.resources.resolve(value, api: options.api) else {
                return .unresolved(
                    options.resources.isEmpty
                        ? "`\(value)` is a resource reference (pass --res with the module's res/ folder, or `res` in a scenario)"
                        : "`\(value)` is not declared in the given res/values*/ folders for API \(options.api)")
            }
            return .value(resolved)
        }
        return .value(value)
    }

    /// The resolved value, or nil. An unresolved value on an attribute that takes part in link
    /// matching is recorded for the filter (which becomes unknown); elsewhere it is a warning.
    mutating func checked(_ attribute: XMLAttributeNode, in element: XMLElementNode) -> String? {
        switch resolve(attribute.value) {
        case .value(let value):
            return value
        case .unresolved(let reason):
            if let (kind, dataIndex) = scope {
                collected.append(
                    UnresolvedAttribute(
                        scope: kind, attribute: attribute.localName, dataIndex: dataIndex,
                        value: attribute.value, location: attribute.location.description, reason: reason))
            } else {
                warn(
                    at: attribute.location,
                    "\(attribute.qualifiedName)=\"\(attribute.value)\" in <\(element.name)>: \(reason); it does not take part in link matching, so linksim uses the default"
                )
            }
            return nil
        }
    }

    mutating func bool(_ element: XMLElementNode, _ localName: String) -> Bool? {
        guard let attribute = element.attribute(ManifestParser.androidNamespace, localName),
            let value = checked(attribute, in: element)
        else { return nil }
        switch value.lowercased() {
        case "true": return true
        case "false": return false
        default:
            error(at: attribute.location, "\(attribute.qualifiedName)=\"\(value)\" in <\(element.name)>: expected true or false")
            return nil
        }
    }

    mutating func integer(_ element: XMLElementNode, _ localName: String, what: String) -> Int? {
        guard let attribute = element.attribute(ManifestParser.androidNamespace, localName),
            let value = checked(attribute, in: element)
        else { return nil }
        guard let number = Int(value.trimmedWhitespace) else {
            // A codename preview SDK ("VanillaIceCream") is not a number: a warning, not a refusal.
            warn(at: attribute.location, "\(attribute.qualifiedName)=\"\(value)\" in <\(element.name)>: expected \(what); ignored")
            return nil
        }
        return number
    }

    /// An advanced pattern AOSP's PatternMatcher would reject is reported here, not silently never matched.
    mutating func advancedPattern(_ element: XMLElementNode, _ localName: String) -> String? {
        guard let value = string(element, localName),
            let attribute = element.attribute(ManifestParser.androidNamespace, localName)
        else { return nil }
        if let problem = PatternMatcher(value, kind: .advancedGlob).parseError {
            error(
                at: attribute.location,
                "\(attribute.qualifiedName)=\"\(attribute.value)\" in <\(element.name)>: invalid advanced pattern (\(problem)); Android's PatternMatcher rejects it"
            )
            return nil
        }
        return value
    }

    mutating func error(at location: SourceLocation, _ message: String) {
        diagnostics.append(Diagnostic(file: location.file, location: location, message: message))
    }

    mutating func warn(at location: SourceLocation, _ message: String) {
        warnings.append(Diagnostic(file: location.file, location: location, message: message, isWarning: true))
    }
}
