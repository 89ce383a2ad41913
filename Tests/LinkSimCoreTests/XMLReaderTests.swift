import Testing

@testable import LinkSimCore

@Suite struct XMLReaderTests {
    static func read(_ bytes: [UInt8]) throws(InputError) -> ParsedXML {
        try XMLReader.read(bytes, file: "f.xml", expectedRoot: "root")
    }

    static func read(_ text: String) throws(InputError) -> ParsedXML { try read(Array(text.utf8)) }

    /// The one diagnostic a bad document gives (or "ok").
    static func error(_ bytes: [UInt8]) -> String {
        do {
            _ = try read(bytes)
            return "ok"
        } catch {
            return error.diagnostics.map(\.description).joined(separator: "\n")
        }
    }

    static func error(_ text: String) -> String { error(Array(text.utf8)) }

    @Test func elementsAttributesTextAndPositions() throws {
        let document = try Self.read(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <!-- comment -->
            <root a="1" b='two'>
              <child x="&lt;&amp;&gt;&quot;&apos;&#65;&#x42;"/>
              text <![CDATA[<raw & data>]]> more<?pi here?>
              <é k="v">é</é>
            </root>
            """)
        let root = document.root
        #expect(root.name == "root")
        #expect(root.location == SourceLocation(file: "f.xml", line: 3, column: 1))
        #expect(root.attributes.map(\.value) == ["1", "two"])
        #expect(root.attributes[1].location == SourceLocation(file: "f.xml", line: 3, column: 13))
        #expect(root.children.count == 2)
        #expect(root.children[0].attributes[0].value == "<&>\"'AB")
        #expect(root.text.contains("text <raw & data> more"))
        // Columns count characters, not bytes.
        #expect(root.children[1].name == "é")
        #expect(root.children[1].attributes[0].location == SourceLocation(file: "f.xml", line: 6, column: 6))
        #expect(root.children[1].text == "é")
    }

    @Test func namespacesResolveByURIAndUndeclaredPrefixesAreListed() throws {
        let document = try Self.read(
            """
            <root xmlns:a="urn:a" xmlns="urn:default"><a:x a:k="1" k="2" b:z="3"/><y xmlns:a="urn:other" a:k="4"/></root>
            """)
        let x = document.root.children[0]
        #expect(document.root.namespace == "urn:default")
        #expect(x.namespace == "urn:a")
        #expect(x.attribute("urn:a", "k")?.value == "1")
        #expect(x.attribute(nil, "k")?.value == "2")
        #expect(document.root.children[1].attribute("urn:other", "k")?.value == "4")
        #expect(
            document.undeclaredPrefixes == [
                XMLUndeclaredPrefix(prefix: "b", attribute: "b:z", element: "a:x", location: SourceLocation(file: "f.xml", line: 1, column: 62))
            ])
    }

    @Test func byteOrderMarkAndCRLF() throws {
        let document = try Self.read([0xEF, 0xBB, 0xBF] + Array("<root>\r\n  <a v=\"x\r\ny\"/>\r\n\r\n  <b/>\r</root>\r\n".utf8))
        #expect(document.root.location == SourceLocation(file: "f.xml", line: 1, column: 1))
        #expect(document.root.children[0].location == SourceLocation(file: "f.xml", line: 2, column: 3))
        // Attribute-value normalisation: one line break is one space.
        #expect(document.root.children[0].attributes[0].value == "x y")
        #expect(document.root.children[1].location == SourceLocation(file: "f.xml", line: 5, column: 3))
        #expect(document.root.text == "\n  \n\n  \n")
        #expect(
            Self.error("<root>\r\n<a></b>")
                == "f.xml:2:4: error: malformed XML: end tag does not match the open element (the open element is <a> from line 2); expected </a>, found </b>")
    }

    @Test func bareDoctypeIsIgnoredInternalSubsetRefused() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict/></plist>
            """
        #expect(try Self.read(plist).root.name == "plist")
        #expect(try Self.read("<!DOCTYPE root><root/>").root.name == "root")
        #expect(try Self.read("<!DOCTYPE root SYSTEM 'file:///etc/passwd'><root/>").root.name == "root")
        let xxe = #"<!DOCTYPE root [<!ENTITY x SYSTEM "file:///etc/passwd">]><root>&x;</root>"#
        #expect(
            Self.error(xxe)
                == "f.xml:1:16: error: the DOCTYPE has an internal subset `[...]` (entity or element declarations); linksim refuses it and never expands entities or reads other files: remove the `[...]` part"
        )
        let laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n <!ENTITY lol2 \"&lol;&lol;&lol;\">\n]>\n<lolz>&lol2;</lolz>"
        #expect(Self.error(laughs).hasPrefix("f.xml:2:16: error: the DOCTYPE has an internal subset"))
        #expect(
            Self.error("<root>&lol;</root>")
                == "f.xml:1:7: error: malformed XML: unknown entity &lol; (XML predefines only &amp; &lt; &gt; &quot; &apos;, and linksim never reads entity declarations; write &amp; for a literal &)"
        )
    }

    @Test func inputsThatCrashedFoundationXMLParser() {
        // A 9-byte `<` + invalid UTF-8 (SIGILL in XMLParser) and the 5-byte `<?a?>` (segfault).
        #expect(
            Self.error([0x3C, 0xFF, 0xFE, 0x80, 0x80, 0xC3, 0x28, 0xA0, 0xA1])
                == "f.xml:1:2: error: invalid UTF-8: the byte 0xFF cannot start a character; linksim reads UTF-8, save the file as UTF-8")
        #expect(Self.error("<?a?>") == "f.xml:1:6: error: the file has no XML element; expected <root>")
        #expect(Self.error("") == "f.xml:1:1: error: the file has no XML element; expected <root>")
    }

    @Test func encodingProblemsAreLocated() {
        #expect(
            Self.error(Array("<root>\n  x".utf8) + [0xC3])
                == "f.xml:2:4: error: invalid UTF-8: a 2-byte character is cut short by the end of the file; linksim reads UTF-8, save the file as UTF-8")
        #expect(
            Self.error(Array("<root>".utf8) + [0xED, 0xA0, 0x80])
                == "f.xml:1:7: error: invalid UTF-8: a 3-byte character is cut short by the byte 0xA0; linksim reads UTF-8, save the file as UTF-8")
        #expect(Self.error(Array("<root>".utf8) + [0xC0, 0xAF]).contains("0xC0 cannot start a character"))
        #expect(Self.error(Array("<r>a".utf8) + [0] + Array("</r>".utf8)) == "f.xml:1:5: error: a NUL byte is not allowed in XML (is this a binary file?)")
        #expect(Self.error([0xFF, 0xFE, 0x3C, 0x00]).contains("UTF-16"))
        #expect(
            Self.error("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><root/>")
                == "f.xml:1:30: error: the XML declaration says encoding \"ISO-8859-1\"; linksim reads UTF-8 only: save the file as UTF-8")
        #expect(Self.error("<root>&#0;</root>").contains("not a character XML allows"))
        #expect(Self.error("<root>&#99999999999999999999;</root>").contains("not a character XML allows"))
    }

    @Test func limits() {
        let deep = String(repeating: "<a>", count: XMLReader.maxDepth + 1)
        #expect(Self.error(deep) == "f.xml:1:769: error: elements are nested more than 256 levels deep; linksim reads up to 256")
        let fine = String(repeating: "<a>", count: XMLReader.maxDepth) + String(repeating: "</a>", count: XMLReader.maxDepth)
        #expect(Self.error(fine) == "ok")
        let huge = [UInt8](repeating: 0x20, count: XMLReader.maxBytes + 1)
        #expect(Self.error(huge) == "f.xml:1:1: error: the file is 8388609 bytes; linksim reads XML files up to 8 MiB")
    }

    @Test func syntaxErrorsSayWhatWasExpected() {
        let cases: [(String, String)] = [
            ("<root", "f.xml:1:6: error: malformed XML: the tag <root> (from line 1) is not closed with `>`"),
            ("<root><a>", "f.xml:1:10: error: malformed XML: the file ends before all elements are closed (<a> from line 1 is still open)"),
            ("<root a=1/>", "f.xml:1:9: error: malformed XML: the value of attribute a in <root> must be quoted"),
            ("<root a/>", "f.xml:1:8: error: malformed XML: attribute a in <root> has no value; expected `=` and a quoted value"),
            ("<root a='1' a='2'/>", "f.xml:1:13: error: malformed XML: attribute a is written twice on <root>"),
            ("<root a='<'/>", "f.xml:1:10: error: malformed XML: '<' inside the value of attribute a (write &lt;)"),
            ("<root a='1'b='2'/>", "f.xml:1:12: error: malformed XML: unexpected character in the tag <root>; expected an attribute name, `>` or `/>`"),
            ("<root>a & b</root>", "f.xml:1:9: error: malformed XML: `&` must start a reference such as &amp; (write &amp; for a literal &)"),
            ("<root/><root/>", "f.xml:1:8: error: malformed XML: content after the root element <root> (from line 1); a document has one root element"),
            ("text<root/>", "f.xml:1:1: error: malformed XML: text before the root element; expected <root>"),
            ("<root><!-- x</root>", "f.xml:1:7: error: malformed XML: the comment is not closed with `-->`"),
            ("<root><![CDATA[x</root>", "f.xml:1:7: error: malformed XML: the CDATA section is not closed with `]]>`"),
            ("<root><? ?></root>", "f.xml:1:7: error: malformed XML: a processing instruction `<?` must start with a name"),
            (
                " <?xml version='1.0'?><root/>",
                "f.xml:1:2: error: malformed XML: the XML declaration `<?xml ...?>` is only allowed at the very start of the file"
            ),
            ("<?xml?><root/>", "f.xml:1:1: error: malformed XML: the XML declaration has no version; write <?xml version=\"1.0\"?>"),
            (
                "<root></root >x</root>",
                "f.xml:1:15: error: malformed XML: content after the root element <root> (from line 1); a document has one root element"
            ),
            ("< root/>", "f.xml:1:1: error: malformed XML: expected an element name after `<` (write &lt; for a literal <)"),
            ("<root><!DOCTYPE x></root>", "f.xml:1:7: error: malformed XML: unexpected `<!` inside <root>; expected a comment or a CDATA section"),
            ("<!DOCTYPE root><!DOCTYPE root><root/>", "f.xml:1:16: error: malformed XML: a second DOCTYPE; a document has at most one"),
            ("<root></root", "f.xml:1:13: error: malformed XML: the end tag </root> is not closed with `>`"),
        ]
        for (input, expected) in cases {
            #expect(Self.error(input) == expected, "\(input)")
        }
    }

    @Test func timeIsLinearInTheSize() {
        // Many attributes on one line, many siblings, long text: all in one pass.
        let attributes = (0..<20_000).map { "a\($0)=\"v\"" }.joined(separator: " ")
        let siblings = String(repeating: "<b x='1'/>", count: 50_000)
        let text = "<root \(attributes)>\(siblings)\(String(repeating: "&amp;", count: 50_000))</root>"
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(Self.error(text) == "ok") }
        #expect(elapsed < .seconds(20))
    }
}
