extension String {
    /// `lowercased()`, without its allocation and Unicode tables when nothing changes: text made of
    /// ASCII bytes none of which is `A`–`Z` is its own lowercase and is returned as it is; anything
    /// else goes to `lowercased()`. Hosts and schemes are looked up this way on every tap
    /// (`LowercasedIfNeededTests` compares it with `lowercased()`).
    var lowercasedIfNeeded: String {
        // On the contiguous bytes (every native string, small ones on the stack): the generic view's
        // iteration checked its index on every byte and cost more than the lookups it served.
        let needs =
            utf8.withContiguousStorageIfAvailable(Self.needsLowercasing)
            ?? utf8.contains { $0 >= UInt8(ascii: "A") && ($0 <= UInt8(ascii: "Z") || $0 >= 0x80) }
        return needs ? lowercased() : self
    }

    /// Whether any byte is `A`–`Z` or not ASCII. Eight bytes at a time: a host is looked up several
    /// times per tap, and a byte at a time cost some 200 instructions per lookup.
    static func needsLowercasing(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        let high: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while i + 8 <= count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            if word & high != 0 { return true }
            // Every byte is below 0x80 here, so neither sum carries into the next byte: the first sets a
            // byte's high bit when the byte is at least `A` (0x41), the second when it is past `Z` (0x5B).
            let atLeastA = word &+ 0x3F3F_3F3F_3F3F_3F3F
            let pastZ = word &+ 0x2525_2525_2525_2525
            if atLeastA & ~pastZ & high != 0 { return true }
            i += 8
        }
        while i < count {
            let byte = base[i]
            if byte >= UInt8(ascii: "A") && (byte <= UInt8(ascii: "Z") || byte >= 0x80) { return true }
            i += 1
        }
        return false
    }
}
