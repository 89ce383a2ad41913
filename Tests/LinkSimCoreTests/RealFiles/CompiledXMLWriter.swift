/// Writes small compiled-XML manifests and resource tables in the layout of AOSP ResourceTypes.h,
/// so the tests can give `BinaryXML` real-shaped input without shipping an APK.
enum CompiledXMLWriter {
    static func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
    static func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16((v >> 16) & 0xFFFF) }

    /// A UTF-16 string pool chunk.
    static func stringPool(_ strings: [String]) -> [UInt8] {
        var data: [UInt8] = []
        var offsets: [Int] = []
        for s in strings {
            offsets.append(data.count)
            let units = Array(s.utf16)
            data += u16(units.count)
            for unit in units { data += u16(Int(unit)) }
            data += u16(0)
        }
        while data.count % 4 != 0 { data.append(0) }
        let headerSize = 28
        let stringsStart = headerSize + offsets.count * 4
        let size = stringsStart + data.count
        return u16(0x0001) + u16(headerSize) + u32(size) + u32(strings.count) + u32(0) + u32(0) + u32(stringsStart) + u32(0)
            + offsets.flatMap(u32) + data
    }

    enum Value {
        case string(String)
        case bool(Bool)
        case int(Int)
        case reference(Int)
    }

    struct Element {
        var name: String
        var attributes: [(name: String, value: Value)] = []
        var children: [Element] = []
        var line = 1
    }

    static let android = "http://schemas.android.com/apk/res/android"

    /// A compiled manifest: every attribute but `package` is in the android namespace.
    static func manifest(_ root: Element) -> [UInt8] {
        var strings: [String] = ["android", android]
        func index(_ s: String) -> Int {
            if let i = strings.firstIndex(of: s) { return i }
            strings.append(s)
            return strings.count - 1
        }
        func collect(_ e: Element) {
            _ = index(e.name)
            for a in e.attributes {
                _ = index(a.name)
                if case .string(let s) = a.value { _ = index(s) }
            }
            e.children.forEach(collect)
        }
        collect(root)
        var body: [UInt8] = []
        body += u16(0x0100) + u16(16) + u32(24) + u32(1) + u32(0xFFFF_FFFF) + u32(0) + u32(1)
        func emit(_ e: Element) {
            var attributes: [UInt8] = []
            for a in e.attributes {
                let ns = a.name == "package" ? 0xFFFF_FFFF : 1
                var raw = 0xFFFF_FFFF
                var type = 0x10
                var data = 0
                switch a.value {
                case .string(let s):
                    raw = index(s)
                    type = 0x03
                    data = index(s)
                case .bool(let b):
                    type = 0x12
                    data = b ? 0xFFFF_FFFF : 0
                case .int(let i):
                    type = 0x10
                    data = i
                case .reference(let id):
                    type = 0x01
                    data = id
                }
                attributes += u32(ns) + u32(index(a.name)) + u32(raw) + u16(8) + [0, UInt8(type)] + u32(data)
            }
            let size = 16 + 20 + attributes.count
            body +=
                u16(0x0102) + u16(16) + u32(size) + u32(e.line) + u32(0xFFFF_FFFF)
                + u32(0xFFFF_FFFF) + u32(index(e.name)) + u16(20) + u16(20) + u16(e.attributes.count) + u16(0) + u16(0) + u16(0)
                + attributes
            e.children.forEach(emit)
            body += u16(0x0103) + u16(16) + u32(24) + u32(e.line) + u32(0xFFFF_FFFF) + u32(0xFFFF_FFFF) + u32(index(e.name))
        }
        emit(root)
        let pool = stringPool(strings)
        let total = 8 + pool.count + body.count
        return u16(0x0003) + u16(8) + u32(total) + pool + body
    }

    /// A resource table with one package (0x7f) and `types` in order (type id = position + 1);
    /// each entry is (name, value) in the default configuration, plus optional `-vN` values.
    static func table(types: [(name: String, entries: [(name: String, value: Value)])], v31: [String: [(index: Int, value: Value)]] = [:]) -> [UInt8] {
        var globalStrings: [String] = []
        func global(_ s: String) -> Int {
            if let i = globalStrings.firstIndex(of: s) { return i }
            globalStrings.append(s)
            return globalStrings.count - 1
        }
        var keys: [String] = []
        func key(_ s: String) -> Int {
            if let i = keys.firstIndex(of: s) { return i }
            keys.append(s)
            return keys.count - 1
        }
        func valueBytes(_ v: Value) -> [UInt8] {
            switch v {
            case .string(let s): return u16(8) + [0, 0x03] + u32(global(s))
            case .bool(let b): return u16(8) + [0, 0x12] + u32(b ? 0xFFFF_FFFF : 0)
            case .int(let i): return u16(8) + [0, 0x10] + u32(i)
            case .reference(let id): return u16(8) + [0, 0x01] + u32(id)
            }
        }
        func typeChunk(id: Int, entries: [(name: String, value: Value)?], sdk: Int) -> [UInt8] {
            var config = [UInt8](repeating: 0, count: 64)
            config[0] = 64
            config[24] = UInt8(sdk & 0xFF)
            let headerSize = 20 + 64
            var offsets: [UInt8] = []
            var data: [UInt8] = []
            for entry in entries {
                guard let entry else {
                    offsets += u32(0xFFFF_FFFF)
                    continue
                }
                offsets += u32(data.count)
                data += u16(8) + u16(0) + u32(key(entry.name)) + valueBytes(entry.value)
            }
            let entriesStart = headerSize + offsets.count
            return u16(0x0201) + u16(headerSize) + u32(entriesStart + data.count) + [UInt8(id), 0] + u16(0)
                + u32(entries.count) + u32(entriesStart) + config + offsets + data
        }
        var chunks: [UInt8] = []
        for (i, type) in types.enumerated() {
            chunks += typeChunk(id: i + 1, entries: type.entries.map { Optional($0) }, sdk: 0)
            if let overrides = v31[type.name] {
                var list: [(name: String, value: Value)?] = Array(repeating: nil, count: type.entries.count)
                for o in overrides { list[o.index] = (type.entries[o.index].name, o.value) }
                chunks += typeChunk(id: i + 1, entries: list, sdk: 31)
            }
        }
        let typePool = stringPool(types.map(\.name))
        let keyPool = stringPool(keys)
        let headerSize = 288
        var name = [UInt8](repeating: 0, count: 256)
        for (i, unit) in Array("com.example.shop".utf16).enumerated() { name[i * 2] = UInt8(unit & 0xFF) }
        let typeStrings = headerSize
        let keyStrings = typeStrings + typePool.count
        let packageSize = headerSize + typePool.count + keyPool.count + chunks.count
        let package =
            u16(0x0200) + u16(headerSize) + u32(packageSize) + u32(0x7F) + name
            + u32(typeStrings) + u32(0) + u32(keyStrings) + u32(0) + u32(0) + keyPool.prefix(0) + typePool + keyPool + chunks
        let valuePool = stringPool(globalStrings)
        return u16(0x0002) + u16(12) + u32(12 + valuePool.count + package.count) + u32(1) + valuePool + package
    }
}
