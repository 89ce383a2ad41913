/// The element tree `XMLReader` produces: only what linksim's manifest and property-list readers
/// need. Every element and attribute knows where it was written.

/// One attribute, its namespace resolved from the `xmlns:` declarations in scope.
struct XMLAttributeNode: Sendable, Equatable {
    /// The namespace URI of the prefix, or nil (no prefix, or an undeclared one).
    var namespace: String?
    var localName: String
    /// As written (`android:host`), for messages.
    var qualifiedName: String
    /// The value with references replaced and whitespace normalised, as XML 1.0 §3.3.3 says.
    var value: String
    var location: SourceLocation
}

struct XMLElementNode: Sendable, Equatable {
    /// As written, with its prefix (`manifest`, `android:foo`).
    var name: String
    /// The namespace URI of the element's prefix (or the default namespace), if any.
    var namespace: String?
    var attributes: [XMLAttributeNode]
    var children: [XMLElementNode]
    /// The character data directly inside this element (text and CDATA, references replaced),
    /// concatenated; comments and processing instructions are dropped.
    var text: String
    var location: SourceLocation

    func attribute(_ namespace: String?, _ localName: String) -> XMLAttributeNode? {
        attributes.first { $0.namespace == namespace && $0.localName == localName }
    }
}

/// A prefix used without an `xmlns:` declaration in scope. Not fatal for the XML reader: the
/// caller decides how to report it (the manifest reader names the element and attribute).
struct XMLUndeclaredPrefix: Sendable, Equatable {
    var prefix: String
    /// The attribute's qualified name, or nil when the element's own name has the prefix.
    var attribute: String?
    var element: String
    var location: SourceLocation
}

struct ParsedXML: Sendable, Equatable {
    var root: XMLElementNode
    var undeclaredPrefixes: [XMLUndeclaredPrefix]
}
