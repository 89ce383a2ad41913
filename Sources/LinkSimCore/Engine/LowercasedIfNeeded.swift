extension String {
    /// `lowercased()`, without its allocation and Unicode tables when nothing changes: text made of
    /// ASCII bytes none of which is `A`–`Z` is its own lowercase and is returned as it is; anything
    /// else goes to `lowercased()`. Hosts and schemes are looked up this way on every tap
    /// (`LowercasedIfNeededTests` compares it with `lowercased()`).
    var lowercasedIfNeeded: String {
        // On the contiguous bytes (every native string, small ones on the stack): the generic view's
        // iteration checked its index on every byte and cost more than the lookups it served.
        let needs =
            utf8.withContiguousStorageIfAvailable { bytes in
                bytes.contains { $0 >= UInt8(ascii: "A") && ($0 <= UInt8(ascii: "Z") || $0 >= 0x80) }
            } ?? utf8.contains { $0 >= UInt8(ascii: "A") && ($0 <= UInt8(ascii: "Z") || $0 >= 0x80) }
        return needs ? lowercased() : self
    }
}
