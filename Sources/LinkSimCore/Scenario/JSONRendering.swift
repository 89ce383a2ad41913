/// Renders a YAML subtree as JSON text (for `json:` association files written inline).
///
/// The text is written as UTF-8 bytes into one buffer (the served body is bytes): building it
/// from joined `String`s was a fifth of decoding a scenario's web resources. Scalars of printable
/// ASCII without `"` or `\` are copied as they are; any other text goes through `JSONText.quote`,
/// so the bytes are those of the string rendering (`JSONRenderingTests` compares the two).
enum JSONRendering {
    static func bytes(_ node: YAMLNode) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(node, into: &out)
        return out
    }

    static func render(_ node: YAMLNode) -> String { String(decoding: bytes(node), as: UTF8.self) }

    static func write(_ node: YAMLNode, into out: inout [UInt8]) {
        switch node {
        case .scalar(let text, let plain, _):
            if plain {
                if YAMLNode.isNull(text) {
                    out.append(contentsOf: "null".utf8)
                    return
                }
                if let b = YAMLNode.bool(text) {
                    out.append(contentsOf: (b ? "true" : "false").utf8)
                    return
                }
                if Int(text) != nil || Double(text) != nil {
                    out.append(contentsOf: text.utf8)
                    return
                }
            }
            quote(text, into: &out)
        case .sequence(let items, _):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .mapping(let entries, _):
            out.append(UInt8(ascii: "{"))
            for (i, entry) in entries.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                quote(entry.key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(entry.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// `JSONText.quote(text)` as bytes.
    static func quote(_ text: String, into out: inout [UInt8]) {
        let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        guard plain else {
            out.append(contentsOf: JSONText.quote(text).utf8)
            return
        }
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: text.utf8)
        out.append(UInt8(ascii: "\""))
    }
}
