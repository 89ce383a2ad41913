import LinkSimCore

/// A tiny JSON value with ordered object keys, so the output matches the contract's key order
/// byte for byte and is deterministic.
indirect enum JSONValue {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }

    func render() -> String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .string(let s): out += Self.quote(s)
        case .int(let i): out += String(i)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += ", " }
                item.write(into: &out)
            }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += ", " }
                out += Self.quote(key) + ": "
                value.write(into: &out)
            }
            out += "}"
        }
    }

    static func quote(_ s: String) -> String { JSONText.quote(s) }

}
