/// Elements: start and end tags, attributes, namespaces, text, with an explicit stack.
extension XMLScanner {
    // MARK: Elements

    /// The root element and everything in it, with an explicit stack instead of recursion.
    mutating func rootElement() throws(InputError) -> XMLElementNode {
        var stack: [OpenElement] = []
        switch try startTag(depth: 0) {
        case .closed(let root): return root
        case .open(let root): stack.append(root)
        }
        // No binding of `stack.last` here: a live copy would make every append below copy the
        // element's children and text (quadratic time).
        while !stack.isEmpty {
            guard let b = peek else {
                let open = stack[stack.count - 1].node
                throw malformed("the file ends before all elements are closed (<\(open.name)> from line \(open.location.line) is still open)")
            }
            if b == XMLByte.lt {
                if starts("</") {
                    let closed = try endTag(stack.removeLast())
                    if stack.isEmpty { return closed }
                    stack[stack.count - 1].node.children.append(closed)
                } else if starts("<!--") {
                    try comment()
                } else if starts("<![CDATA[") {
                    let location = here
                    advance(9)
                    while !atEnd && !starts("]]>") { appendText(&stack[stack.count - 1].text) }
                    if atEnd { throw malformed("the CDATA section is not closed with `]]>`", at: location) }
                    advance(3)
                } else if starts("<?") {
                    try processingInstruction()
                } else if starts("<!") {
                    throw malformed("unexpected `<!` inside <\(stack[stack.count - 1].node.name)>; expected a comment or a CDATA section")
                } else {
                    switch try startTag(depth: stack.count) {
                    case .closed(let child): stack[stack.count - 1].node.children.append(child)
                    case .open(let child): stack.append(child)
                    }
                }
            } else if b == XMLByte.amp {
                try reference(into: &stack[stack.count - 1].text)
            } else {
                appendText(&stack[stack.count - 1].text)
            }
        }
        throw malformed("no root element")  // Unreachable: the loop returns when the root closes.
    }

    /// One byte of character data, with CR LF and lone CR turned into LF (XML 1.0 §2.11).
    mutating func appendText(_ buffer: inout [UInt8]) {
        let b = bytes[i]
        if b == XMLByte.cr {
            buffer.append(XMLByte.lf)
            advance()
            if peek == XMLByte.lf { advance() }
        } else {
            buffer.append(b)
            advance()
        }
    }

    enum StartTag {
        case closed(XMLElementNode)
        case open(OpenElement)
    }

    /// Reads `<name attr="value" ...>` or `<name .../>`. A self-closing element is returned whole;
    /// an open one is pushed by the caller.
    mutating func startTag(depth: Int) throws(InputError) -> StartTag {
        let location = here
        advance()
        guard let name = readName() else {
            throw malformed("expected an element name after `<` (write &lt; for a literal <)", at: location)
        }
        if depth >= XMLReader.maxDepth {
            throw error("elements are nested more than \(XMLReader.maxDepth) levels deep; linksim reads up to \(XMLReader.maxDepth)", at: location)
        }
        var raw: [(name: String, value: String, location: SourceLocation)] = []
        var seen: Set<String> = []
        var selfClosing = false
        while true {
            let spaced = skipSpace()
            if peek == XMLByte.gt {
                advance()
                break
            }
            if starts("/>") {
                advance(2)
                selfClosing = true
                break
            }
            if atEnd { throw malformed("the tag <\(name)> (from line \(location.line)) is not closed with `>`") }
            let attributeLocation = here
            guard spaced, let attributeName = readName() else {
                throw malformed("unexpected character in the tag <\(name)>; expected an attribute name, `>` or `/>`")
            }
            skipSpace()
            guard peek == XMLByte.equals else {
                throw malformed("attribute \(attributeName) in <\(name)> has no value; expected `=` and a quoted value")
            }
            advance()
            skipSpace()
            guard let quote = peek, quote == XMLByte.quote || quote == XMLByte.apostrophe else {
                throw malformed("the value of attribute \(attributeName) in <\(name)> must be quoted")
            }
            advance()
            var value: [UInt8] = []
            while true {
                guard let b = peek else {
                    throw malformed("the value of attribute \(attributeName) in <\(name)> is not closed with a quote", at: attributeLocation)
                }
                if b == quote {
                    advance()
                    break
                }
                if b == XMLByte.lt { throw malformed("'<' inside the value of attribute \(attributeName) (write &lt;)") }
                if b == XMLByte.amp {
                    try reference(into: &value)
                } else if b == XMLByte.cr || b == XMLByte.lf || b == XMLByte.tab {
                    // Attribute-value normalisation (XML 1.0 §3.3.3): each line break or tab is one space.
                    value.append(XMLByte.space)
                    advance()
                    if b == XMLByte.cr && peek == XMLByte.lf { advance() }
                } else {
                    value.append(b)
                    advance()
                }
            }
            guard seen.insert(attributeName).inserted else {
                throw malformed("attribute \(attributeName) is written twice on <\(name)>", at: attributeLocation)
            }
            raw.append((attributeName, String(decoding: value, as: UTF8.self), attributeLocation))
        }

        // Namespaces: declarations first, then resolve the element's and the attributes' prefixes.
        var declared: [String] = []
        for attribute in raw {
            if attribute.name == "xmlns" {
                bindings["", default: []].append(attribute.value)
                declared.append("")
            } else if attribute.name.hasPrefix("xmlns:") {
                let prefix = String(attribute.name.dropFirst(6))
                bindings[prefix, default: []].append(attribute.value)
                declared.append(prefix)
            }
        }
        let (elementPrefix, _) = split(name)
        var node = XMLElementNode(name: name, namespace: nil, attributes: [], children: [], text: "", location: location)
        if let elementPrefix {
            node.namespace = bindings[elementPrefix]?.last
            if node.namespace == nil {
                undeclared.append(XMLUndeclaredPrefix(prefix: elementPrefix, attribute: nil, element: name, location: location))
            }
        } else if let defaultNamespace = bindings[""]?.last, !defaultNamespace.isEmpty {
            node.namespace = defaultNamespace
        }
        for attribute in raw where attribute.name != "xmlns" && !attribute.name.hasPrefix("xmlns:") {
            let (prefix, localName) = split(attribute.name)
            var namespace: String?
            if let prefix {
                namespace = bindings[prefix]?.last
                if namespace == nil {
                    undeclared.append(
                        XMLUndeclaredPrefix(
                            prefix: prefix, attribute: attribute.name, element: name,
                            location: attribute.location))
                }
            }
            node.attributes.append(
                XMLAttributeNode(
                    namespace: namespace, localName: localName, qualifiedName: attribute.name,
                    value: attribute.value, location: attribute.location))
        }
        if selfClosing {
            undeclare(declared)
            return .closed(node)
        }
        return .open(OpenElement(node: node, declaredPrefixes: declared))
    }

    /// `</name>`, which must close the innermost open element.
    mutating func endTag(_ open: OpenElement) throws(InputError) -> XMLElementNode {
        let location = here
        advance(2)
        guard let name = readName() else { throw malformed("expected an element name after `</`", at: location) }
        skipSpace()
        guard peek == XMLByte.gt else { throw malformed("the end tag </\(name)> is not closed with `>`") }
        advance()
        guard name == open.node.name else {
            throw malformed(
                "end tag does not match the open element (the open element is <\(open.node.name)> from line \(open.node.location.line)); expected </\(open.node.name)>, found </\(name)>",
                at: location)
        }
        undeclare(open.declaredPrefixes)
        var node = open.node
        node.text = String(decoding: open.text, as: UTF8.self)
        return node
    }

    mutating func undeclare(_ prefixes: [String]) {
        for prefix in prefixes { bindings[prefix]?.removeLast() }
    }

    /// `a:b` → ("a", "b"); `b` → (nil, "b"). A name with an empty side keeps its colon in the local name.
    func split(_ name: String) -> (prefix: String?, local: String) {
        guard let colon = name.firstIndex(of: ":"), colon != name.startIndex, name.index(after: colon) != name.endIndex else {
            return (nil, name)
        }
        return (String(name[..<colon]), String(name[name.index(after: colon)...]))
    }
}
