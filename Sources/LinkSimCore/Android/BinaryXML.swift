/// Android's compiled XML (the `AndroidManifest.xml` inside an APK) and resource table
/// (`resources.arsc`), read from bytes: the chunk layout of AOSP `ResourceTypes.h`
/// (ResChunk_header, ResStringPool_header, ResXMLTree_node/attrExt/attribute, Res_value,
/// ResTable_package/type/entry, ResTable_config). Written for hostile input: every offset is
/// checked against the chunk it belongs to, and loops are bounded by the byte count.
///
/// What is resolved: attribute values of type string, boolean, integer and references to the
/// app's own `string`, `bool` and `integer` resources (by the table's names, then its values in the
/// default configuration and `-vN` configurations). Not resolved: framework references
/// (`@android:...`), other resource types, and resources in other configurations (locale, night...).
package enum BinaryXML {
    struct Reader {
        let bytes: [UInt8]
        func u8(_ at: Int) -> UInt8? { at >= 0 && at < bytes.count ? bytes[at] : nil }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8
        }
        func u32(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
    }

    struct Malformed: Error { var message: String }

    /// A string pool chunk starting at `start`.
    static func stringPool(_ r: Reader, at start: Int) throws(Malformed) -> [String] {
        guard let headerSize = r.u16(start + 2), let size = r.u32(start + 4), let count = r.u32(start + 8),
            let flags = r.u32(start + 16), let stringsStart = r.u32(start + 20), start + size <= r.bytes.count,
            count <= size / 4
        else { throw Malformed(message: "a string pool is cut short") }
        let utf8 = flags & 0x100 != 0
        var strings: [String] = []
        strings.reserveCapacity(count)
        for index in 0..<count {
            guard let offset = r.u32(start + headerSize + index * 4) else { throw Malformed(message: "a string offset is outside the pool") }
            var at = start + stringsStart + offset
            guard at < start + size else { throw Malformed(message: "a string is outside its pool") }
            if utf8 {
                // UTF-16 length, then UTF-8 length, each 1 or 2 bytes.
                for _ in 0..<1 {
                    guard let b = r.u8(at) else { throw Malformed(message: "a string is cut short") }
                    at += b & 0x80 != 0 ? 2 : 1
                }
                guard let b0 = r.u8(at) else { throw Malformed(message: "a string is cut short") }
                var length = Int(b0)
                if b0 & 0x80 != 0 {
                    guard let b1 = r.u8(at + 1) else { throw Malformed(message: "a string is cut short") }
                    length = Int(b0 & 0x7F) << 8 | Int(b1)
                    at += 2
                } else {
                    at += 1
                }
                guard at + length <= start + size else { throw Malformed(message: "a string runs past its pool") }
                strings.append(String(decoding: r.bytes[at..<(at + length)], as: UTF8.self))
            } else {
                guard let first = r.u16(at) else { throw Malformed(message: "a string is cut short") }
                var length = first
                at += 2
                if first & 0x8000 != 0 {
                    guard let second = r.u16(at) else { throw Malformed(message: "a string is cut short") }
                    length = (first & 0x7FFF) << 16 | second
                    at += 2
                }
                guard at + length * 2 <= start + size else { throw Malformed(message: "a string runs past its pool") }
                var units: [UInt16] = []
                units.reserveCapacity(length)
                for i in 0..<length { units.append(UInt16(r.u16(at + i * 2) ?? 0)) }
                strings.append(String(decoding: units, as: UTF16.self))
            }
        }
        return strings
    }

    // MARK: resources.arsc

    /// The app's resource table: resource ID → `@type/name`, and the string/bool/integer values.
    package struct ResourceTable: Sendable, Equatable {
        package var names: [Int: String] = [:]
        package var resources = AndroidResources()
        /// Values in configurations linksim does not model (locale, night...), skipped.
        package var skippedConfigurations = 0
    }

    package static func resourceTable(_ bytes: [UInt8], file: String) throws(InputError) -> ResourceTable {
        do throws(Malformed) {
            return try table(Reader(bytes: bytes), file: file)
        } catch {
            throw InputError(file: file, "resources.arsc is not a valid resource table: \(error.message)")
        }
    }

    private static func table(_ r: Reader, file: String) throws(Malformed) -> ResourceTable {
        guard r.u16(0) == 0x0002, let headerSize = r.u16(2), let total = r.u32(4), total <= r.bytes.count else {
            throw Malformed(message: "it does not start with a RES_TABLE_TYPE chunk")
        }
        var result = ResourceTable()
        var values: [String] = []
        var at = headerSize
        // Value entries to resolve after the global pool and all names are known.
        var pending: [(type: String, name: String, dataType: Int, data: Int, api: Int?)] = []
        while at + 8 <= total {
            guard let type = r.u16(at), let size = r.u32(at + 4), size >= 8, at + size <= total else {
                throw Malformed(message: "a chunk at byte \(at) has a bad size")
            }
            if type == 0x0001 {
                values = try stringPool(r, at: at)
            } else if type == 0x0200 {
                try package(r, at: at, size: size, names: &result.names, pending: &pending, skipped: &result.skippedConfigurations)
            }
            at += size
        }
        for entry in pending {
            let value: String?
            switch entry.dataType {
            case 0x03: value = values.indices.contains(entry.data) ? values[entry.data] : nil
            case 0x12: value = entry.data != 0 ? "true" : "false"
            case 0x10: value = String(Int32(truncatingIfNeeded: entry.data))
            case 0x11: value = "0x" + String(entry.data, radix: 16)
            case 0x01: value = result.names[entry.data] ?? hex32(entry.data)
            default: value = nil
            }
            if let value {
                result.resources.addValue(type: entry.type, name: entry.name, value: value, minAPI: entry.api, file: file)
            }
        }
        return result
    }

    private static func package(
        _ r: Reader, at start: Int, size: Int, names: inout [Int: String],
        pending: inout [(type: String, name: String, dataType: Int, data: Int, api: Int?)],
        skipped: inout Int
    ) throws(Malformed) {
        guard let headerSize = r.u16(start + 2), let id = r.u32(start + 8), let typeStringsOffset = r.u32(start + 8 + 4 + 256),
            let keyStringsOffset = r.u32(start + 8 + 4 + 256 + 8)
        else { throw Malformed(message: "a package header is cut short") }
        let typeIdOffset = headerSize >= 288 ? (r.u32(start + 284) ?? 0) : 0
        let typeNames = try stringPool(r, at: start + typeStringsOffset)
        let keys = try stringPool(r, at: start + keyStringsOffset)
        var at = start + headerSize
        while at + 8 <= start + size {
            guard let type = r.u16(at), let chunkHeader = r.u16(at + 2), let chunkSize = r.u32(at + 4), chunkSize >= 8,
                at + chunkSize <= start + size
            else { throw Malformed(message: "a chunk at byte \(at) has a bad size") }
            if type == 0x0201, let typeID = r.u8(at + 8), let flags = r.u8(at + 9), let entryCount = r.u32(at + 12),
                let entriesStart = r.u32(at + 16), entryCount <= chunkSize
            {
                let typeIndex = Int(typeID) - 1 - typeIdOffset
                let typeName = typeNames.indices.contains(typeIndex) ? typeNames[typeIndex] : "type\(typeID)"
                let config = at + 20
                let configSize = r.u32(config) ?? 0
                // Only the default configuration and -vN ones: every other field must be zero.
                var otherQualifiers = false
                let configEnd = max(4, min(configSize, chunkHeader - 20))
                for offset in 4..<configEnd where offset < 24 || offset >= 28 {
                    if (r.u8(config + offset) ?? 0) != 0 {
                        otherQualifiers = true
                        break
                    }
                }
                let sdk = r.u16(config + 24) ?? 0
                let sparse = flags & 0x01 != 0
                let offset16 = flags & 0x02 != 0
                var slots: [(index: Int, offset: Int)] = []
                for i in 0..<entryCount {
                    if sparse {
                        guard let index = r.u16(at + chunkHeader + i * 4), let offset = r.u16(at + chunkHeader + i * 4 + 2) else { break }
                        slots.append((index, offset * 4))
                    } else if offset16 {
                        guard let offset = r.u16(at + chunkHeader + i * 2) else { break }
                        if offset != 0xFFFF { slots.append((i, offset * 4)) }
                    } else {
                        guard let offset = r.u32(at + chunkHeader + i * 4) else { break }
                        if offset != 0xFFFF_FFFF { slots.append((i, offset)) }
                    }
                }
                for slot in slots {
                    let entry = at + entriesStart + slot.offset
                    guard let entrySize = r.u16(entry), let entryFlags = r.u16(entry + 2) else { continue }
                    let keyIndex: Int
                    var dataType = -1
                    var data = 0
                    if entryFlags & 0x0008 != 0 {
                        // Compact entry: key (u16), flags with the data type in the high byte, data.
                        keyIndex = entrySize
                        dataType = entryFlags >> 8
                        data = r.u32(entry + 4) ?? 0
                    } else {
                        keyIndex = r.u32(entry + 4) ?? -1
                        if entryFlags & 0x0001 == 0, let valueType = r.u8(entry + entrySize + 3), let valueData = r.u32(entry + entrySize + 4) {
                            dataType = Int(valueType)
                            data = valueData
                        }
                    }
                    guard keys.indices.contains(keyIndex) else { continue }
                    let resourceID = (id << 24) | (Int(typeID) << 16) | slot.index
                    names[resourceID] = "@\(typeName)/\(keys[keyIndex])"
                    guard AndroidResources.resolvedTypes.contains(typeName), dataType >= 0 else { continue }
                    if otherQualifiers {
                        skipped += 1
                        continue
                    }
                    pending.append((typeName, keys[keyIndex], dataType, data, sdk == 0 ? nil : sdk))
                }
            }
            at += chunkSize
        }
    }

    // MARK: Compiled XML

    /// The compiled manifest as an element tree, values rendered as text the manifest reader
    /// understands (references as `@type/name` from `table`, else `@0x7f…`).
    static func document(_ bytes: [UInt8], file: String, table: ResourceTable?) throws(InputError) -> XMLElementNode {
        do throws(Malformed) {
            return try tree(Reader(bytes: bytes), file: file, table: table)
        } catch {
            throw InputError(file: file, "not a valid compiled XML file: \(error.message)")
        }
    }

    private static func tree(_ r: Reader, file: String, table: ResourceTable?) throws(Malformed) -> XMLElementNode {
        guard r.u16(0) == 0x0003, let headerSize = r.u16(2), let total = r.u32(4), total <= r.bytes.count else {
            throw Malformed(message: "it does not start with a RES_XML_TYPE chunk")
        }
        var strings: [String] = []
        var namespaces: [String: String] = [:]  // uri → prefix
        var stack: [XMLElementNode] = []
        var root: XMLElementNode?
        var at = headerSize
        func string(_ index: Int?) -> String? {
            guard let index, index != 0xFFFF_FFFF, strings.indices.contains(index) else { return nil }
            return strings[index]
        }
        while at + 8 <= total {
            guard let type = r.u16(at), let chunkHeader = r.u16(at + 2), let size = r.u32(at + 4), size >= 8, at + size <= total else {
                throw Malformed(message: "a chunk at byte \(at) has a bad size")
            }
            let line = r.u32(at + 8) ?? 0
            let location = SourceLocation(file: file, line: max(line, 1), column: 1)
            switch type {
            case 0x0001:
                strings = try stringPool(r, at: at)
            case 0x0100:
                if let prefix = string(r.u32(at + chunkHeader)), let uri = string(r.u32(at + chunkHeader + 4)) { namespaces[uri] = prefix }
            case 0x0102:
                guard stack.count < XMLReader.maxDepth else { throw Malformed(message: "elements nest too deep") }
                let ext = at + chunkHeader
                guard let name = string(r.u32(ext + 4)), let attributeStart = r.u16(ext + 8), let attributeSize = r.u16(ext + 10),
                    let count = r.u16(ext + 12), attributeSize >= 20
                else { throw Malformed(message: "an element at byte \(at) is cut short") }
                var attributes: [XMLAttributeNode] = []
                for i in 0..<count {
                    let a = ext + attributeStart + i * attributeSize
                    guard a + 20 <= at + size else { throw Malformed(message: "an attribute runs past its element") }
                    let uri = string(r.u32(a))
                    let localName = string(r.u32(a + 4)) ?? ""
                    let raw = string(r.u32(a + 8))
                    let dataType = Int(r.u8(a + 15) ?? 0)
                    let data = r.u32(a + 16) ?? 0
                    let value = raw ?? render(dataType: dataType, data: data, strings: strings, table: table, attribute: localName)
                    let prefix = uri.flatMap { namespaces[$0] }
                    attributes.append(
                        XMLAttributeNode(
                            namespace: uri, localName: localName,
                            qualifiedName: prefix.map { "\($0):\(localName)" } ?? localName,
                            value: value, location: location))
                }
                stack.append(
                    XMLElementNode(
                        name: name, namespace: string(r.u32(ext)), attributes: attributes, children: [], text: "",
                        location: location))
            case 0x0103:
                guard let element = stack.popLast() else { throw Malformed(message: "an element ends that never started") }
                if stack.isEmpty {
                    if root == nil { root = element }
                } else {
                    stack[stack.count - 1].children.append(element)
                }
            default:
                break
            }
            at += size
        }
        guard let root else { throw Malformed(message: "it has no element") }
        return root
    }

    /// Android's `launchMode` enum values, in the order `attrs_manifest.xml` declares them.
    static let launchModes = ["standard", "singleTop", "singleTask", "singleInstance", "singleInstancePerTask"]

    static func render(dataType: Int, data: Int, strings: [String], table: ResourceTable?, attribute: String) -> String {
        switch dataType {
        case 0x03: return strings.indices.contains(data) ? strings[data] : ""
        case 0x12: return data != 0 ? "true" : "false"
        case 0x10:
            if attribute == "launchMode", launchModes.indices.contains(data) { return launchModes[data] }
            return String(Int32(truncatingIfNeeded: data))
        case 0x11: return "0x" + String(data, radix: 16)
        case 0x01:
            if let name = table?.names[data] { return name }
            // The framework's package is 0x01: not the app's resources.
            return data >> 24 == 0x01 ? "@android:\(hex32(data))" : "@\(hex32(data))"
        case 0x02: return "?\(hex32(data))"
        default: return String(data)
        }
    }
}

func hex32(_ value: Int) -> String {
    let hex = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: max(0, 8 - hex.count)) + hex
}

extension ManifestParser {
    /// The compiled `AndroidManifest.xml` of an APK, with `resources.arsc` (when given) naming and
    /// resolving the references. `file` names the manifest in messages (`app.apk!/AndroidManifest.xml`).
    package static func parse(
        binary: [UInt8], resourceTable: [UInt8]?, file: String, tableFile: String,
        options: ManifestOptions
    ) throws(InputError) -> ParsedManifest {
        var options = options
        var table: BinaryXML.ResourceTable?
        if let resourceTable {
            let decoded = try BinaryXML.resourceTable(resourceTable, file: tableFile)
            table = decoded
            options.resources = decoded.resources
        }
        let root = try BinaryXML.document(binary, file: file, table: table)
        return try build(root, file: file, options: options)
    }
}
