extension JSONNode {
    /// The value written back as compact JSON on one line (`{"a":[1,true]}`), the way the scenario
    /// writer inlines a served file: keys in the order the file has them (with duplicate keys, the last
    /// one, which is the one every JSON reader here keeps), numbers exactly as written, `/` not escaped.
    ///
    /// Foundation's `JSONSerialization` did this before, with sorted keys; its key sort builds a
    /// `Locale`, which loads ICU's data on the first platform switch in the TUI (a megabyte of RSS).
    var oneLineText: String {
        var out: [UInt8] = []
        write(into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(into out: inout [UInt8]) {
        switch value {
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            var first = true
            for (index, member) in members.enumerated()
            where !members[(index + 1)...].contains(where: { $0.key == member.key }) {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                Self.writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                element.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .string(let text): Self.writeString(text, into: &out)
        case .number(let written): out.append(contentsOf: written.utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        }
    }

    /// JSON string escapes, plus `\uXXXX` for what YAML would not keep as written inside the flow
    /// mapping: control characters, DEL, and U+0085, U+2028, U+2029 (line breaks to YAML 1.1), U+FEFF.
    private static func writeString(_ text: String, into out: inout [UInt8]) {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case 0x5C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20, 0x7F, 0x85, 0x2028, 0x2029, 0xFEFF:
                out.append(contentsOf: Array("\\u".utf8))
                for shift in [12, 8, 4, 0] { out.append(hex[Int((scalar.value >> UInt32(shift)) & 0xF)]) }
            default: out.append(contentsOf: String(scalar).utf8)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
