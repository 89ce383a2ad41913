/// A JSON value with ordered object keys: what every JSON linksim prints is rendered from, so the output
/// matches the contract's key order byte for byte and is deterministic. Contract shapes are `Encodable`
/// types turned into a `JSONValue` by `JSONValueEncoder`.
package indirect enum JSONValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }

    /// Compact text with `", "` and `": "` separators; strings quoted by `JSONText` (controls, bidi and
    /// invisible characters escaped).
    package func render() -> String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .string(let s): out += JSONText.quote(s)
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? (d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)) : "null"
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
                out += JSONText.quote(key) + ": "
                value.write(into: &out)
            }
            out += "}"
        }
    }

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.render() == rhs.render() }
}

extension JSONValue: Encodable {
    /// A `JSONValue` inside an `Encodable` shape is written as it is.
    package func encode(to encoder: any Encoder) throws {
        if let encoder = encoder as? JSONValueEncoder.Node {
            encoder.set(self)
            return
        }
        var container = encoder.singleValueContainer()
        try container.encode(render())
    }
}
