extension String {
    /// `lowercased()`, without its allocation and Unicode tables when nothing changes: text made of
    /// ASCII bytes none of which is `A`–`Z` is its own lowercase and is returned as it is; anything
    /// else goes to `lowercased()`. Hosts and schemes are looked up this way on every tap
    /// (`LowercasedIfNeededTests` compares it with `lowercased()`).
    var lowercasedIfNeeded: String {
        for byte in utf8 where byte >= UInt8(ascii: "A") && (byte <= UInt8(ascii: "Z") || byte >= 0x80) {
            return lowercased()
        }
        return self
    }
}
