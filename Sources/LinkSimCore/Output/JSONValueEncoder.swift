/// Encodes an `Encodable` value to a `JSONValue`, keeping object keys in the order the value encodes them
/// (declaration order for synthesized conformances). `nil` optionals are written as `null` — the contract
/// names every key; a shape that leaves a key out when it has no value says so in its own `encode(to:)`.
package enum JSONValueEncoder {
    package static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let node = Node(codingPath: [])
        try value.encode(to: node)
        return node.value
    }

    /// `encode(value).render()`; a shape that cannot encode (never, for linksim's own types) gives `null`.
    package static func render<T: Encodable>(_ value: T) -> String {
        ((try? encode(value)) ?? .null).render()
    }

    /// One value being built; containers write into it.
    final class Node: Encoder {
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        private var storage: Storage = .empty

        enum Storage {
            case empty
            case value(JSONValue)
            case object([(String, Node)])
            case array([Node])
        }

        init(codingPath: [any CodingKey]) { self.codingPath = codingPath }

        var value: JSONValue {
            switch storage {
            case .empty: return .null
            case .value(let v): return v
            case .object(let pairs): return .object(pairs.map { ($0.0, $0.1.value) })
            case .array(let items): return .array(items.map(\.value))
            }
        }

        func set(_ value: JSONValue) { storage = .value(value) }

        func child(for key: String, path: [any CodingKey]) -> Node {
            let node = Node(codingPath: path)
            var pairs: [(String, Node)] = []
            if case .object(let existing) = storage { pairs = existing }
            if let index = pairs.firstIndex(where: { $0.0 == key }) { pairs[index].1 = node } else { pairs.append((key, node)) }
            storage = .object(pairs)
            return node
        }

        func appended(path: [any CodingKey]) -> Node {
            let node = Node(codingPath: path)
            var items: [Node] = []
            if case .array(let existing) = storage { items = existing }
            items.append(node)
            storage = .array(items)
            return node
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .object = storage {} else { storage = .object([]) }
            return KeyedEncodingContainer(Keyed<Key>(node: self))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .array = storage {} else { storage = .array([]) }
            return Unkeyed(node: self)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: self) }

        var itemCount: Int { if case .array(let items) = storage { return items.count } else { return 0 } }
    }

    struct IndexKey: CodingKey {
        var intValue: Int?
        var stringValue: String
        init(_ index: Int) {
            intValue = index
            stringValue = String(index)
        }
        init?(stringValue: String) {
            self.stringValue = stringValue
            intValue = nil
        }
        init?(intValue: Int) { self.init(intValue) }
    }

    /// Scalars first, so `String`, `Int`, `Bool` and `JSONValue` never go through a nested encoder.
    static func encodeValue<T: Encodable>(_ value: T, into node: Node) throws {
        switch value {
        case let v as JSONValue: node.set(v)
        case let v as String: node.set(.string(v))
        case let v as Bool: node.set(.bool(v))
        case let v as Int: node.set(.int(v))
        case let v as Double: node.set(.double(v))
        default: try value.encode(to: node)
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [any CodingKey] { node.codingPath }

        private func child(_ key: Key) -> Node { node.child(for: key.stringValue, path: codingPath + [key]) }

        mutating func encodeNil(forKey key: Key) throws { child(key).set(.null) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { child(key).set(.bool(value)) }
        mutating func encode(_ value: String, forKey key: Key) throws { child(key).set(.string(value)) }
        mutating func encode(_ value: Double, forKey key: Key) throws { child(key).set(.double(value)) }
        mutating func encode(_ value: Float, forKey key: Key) throws { child(key).set(.double(Double(value))) }
        mutating func encode(_ value: Int, forKey key: Key) throws { child(key).set(.int(value)) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { child(key).set(.int(Int(value))) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { child(key).set(.int(Int(value))) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { child(key).set(.int(Int(value))) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { child(key).set(.int(Int(value))) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { child(key).set(.int(Int(value))) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { child(key).set(.int(Int(value))) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { child(key).set(.int(Int(value))) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { child(key).set(.int(Int(value))) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { child(key).set(.int(Int(value))) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try JSONValueEncoder.encodeValue(value, into: child(key))
        }
        // Optionals: `null`, not a missing key (the contract names every key).
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        )
            -> KeyedEncodingContainer<NestedKey>
        {
            child(key).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            child(key).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { node.child(for: "super", path: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { child(key) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { node.codingPath }
        var count: Int { node.itemCount }

        private func next() -> Node { node.appended(path: codingPath + [IndexKey(count)]) }

        mutating func encodeNil() throws { next().set(.null) }
        mutating func encode(_ value: Bool) throws { next().set(.bool(value)) }
        mutating func encode(_ value: String) throws { next().set(.string(value)) }
        mutating func encode(_ value: Double) throws { next().set(.double(value)) }
        mutating func encode(_ value: Int) throws { next().set(.int(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws { try JSONValueEncoder.encodeValue(value, into: next()) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            next().container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { next() }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey] { node.codingPath }
        mutating func encodeNil() throws { node.set(.null) }
        mutating func encode(_ value: Bool) throws { node.set(.bool(value)) }
        mutating func encode(_ value: String) throws { node.set(.string(value)) }
        mutating func encode(_ value: Double) throws { node.set(.double(value)) }
        mutating func encode(_ value: Float) throws { node.set(.double(Double(value))) }
        mutating func encode(_ value: Int) throws { node.set(.int(value)) }
        mutating func encode(_ value: Int8) throws { node.set(.int(Int(value))) }
        mutating func encode(_ value: Int16) throws { node.set(.int(Int(value))) }
        mutating func encode(_ value: Int32) throws { node.set(.int(Int(value))) }
        mutating func encode(_ value: Int64) throws { node.set(.int(Int(value))) }
        mutating func encode(_ value: UInt) throws { node.set(.int(Int(value))) }
        mutating func encode(_ value: UInt8) throws { node.set(.int(Int(value))) }
        mutating func encode(_ value: UInt16) throws { node.set(.int(Int(value))) }
        mutating func encode(_ value: UInt32) throws { node.set(.int(Int(value))) }
        mutating func encode(_ value: UInt64) throws { node.set(.int(Int(value))) }
        mutating func encode<T: Encodable>(_ value: T) throws { try JSONValueEncoder.encodeValue(value, into: node) }
    }
}
