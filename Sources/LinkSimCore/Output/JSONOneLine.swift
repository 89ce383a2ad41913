extension JSONNode {
    /// The value written back as compact JSON on one line (`{"a":[1,true]}`), the way the scenario
    /// writer inlines a served file: keys in the order the file has them (with duplicate keys, the last
    /// one, which is the one every JSON reader here keeps), numbers exactly as written, `/` not escaped, strings escaped as
    /// `JSONText.quote` does (control, line-separator and invisible characters as `\u` escapes, which YAML
    /// keeps as written inside the flow mapping).
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
                JSONRendering.quote(member.key, into: &out)
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
        case .string(let text): JSONRendering.quote(text, into: &out)
        case .number(let written): out.append(contentsOf: written.utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "null".utf8)
        }
    }
}
