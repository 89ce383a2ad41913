/// AASA glob matching (`*` any run of characters, `?` exactly one character, everything else
/// literal) on UTF-8 bytes, with no allocation and no backtracking explosion.
///
/// The pattern is split at its stars: the part before the first star must match at the start of the
/// text, the part after the last star at its end, and every part between is placed at its leftmost
/// occurrence after the previous one (leftmost placement is optimal, so nothing is ever retried).
/// A part without `?` is searched with Knuth–Morris–Pratt when the naive search could be slow, so a
/// pattern of literals and stars costs O(pattern + text); a part with `?` is searched naively,
/// O(part × text) at worst. "Character" means Unicode scalar, as in `PatternGlob`: `?` takes a whole
/// scalar, and positions never fall inside one (a UTF-8 lead byte never equals a continuation byte).
///
/// Returns nil when it cannot decide the same way `PatternGlob` would: matching without regard to
/// case with non-ASCII bytes in the pattern or the text (Unicode case folding is `PatternGlob`'s job).
enum ByteGlob {
    static func matches(_ pattern: String, _ text: String, caseSensitive: Bool) -> Bool? {
        var pattern = pattern
        var text = text
        return pattern.withUTF8 { p in
            text.withUTF8 { t in
                if !caseSensitive, !isASCII(p) || !isASCII(t) { return nil }
                return matches(p, t, fold: !caseSensitive)
            }
        }
    }

    static func matches(_ p: UnsafeBufferPointer<UInt8>, _ t: UnsafeBufferPointer<UInt8>, fold: Bool) -> Bool {
        let star = UInt8(ascii: "*")
        guard let firstStar = p.firstIndex(of: star) else {
            return matchForward(p, 0..<p.count, t, at: 0, limit: t.count, fold: fold) == t.count
        }
        let lastStar = p.lastIndex(of: star) ?? firstStar
        guard let afterPrefix = matchForward(p, 0..<firstStar, t, at: 0, limit: t.count, fold: fold),
            let beforeSuffix = matchBackward(p, (lastStar + 1)..<p.count, t, endingAt: t.count, fold: fold),
            beforeSuffix >= afterPrefix
        else { return false }
        var position = afterPrefix
        var partStart = firstStar + 1
        while partStart < lastStar {
            var partEnd = partStart
            while partEnd < lastStar, p[partEnd] != star { partEnd += 1 }
            if partEnd > partStart {
                guard let end = search(p, partStart..<partEnd, t, from: position, limit: beforeSuffix, fold: fold) else {
                    return false
                }
                position = end
            }
            partStart = partEnd + 1
        }
        return true
    }

    /// How a path matched under `PathCheck`'s normalisation: not at all, as a whole, or as the parent of a pattern
    /// ending in "/*".
    enum PathMatch { case miss, whole, parent }

    /// `PathCheck`'s rule on bytes, without building the normalised strings: trailing slashes of
    /// the path and of the pattern are dropped, the pattern's leading run of slashes becomes one, and
    /// a pattern ending in "/*" also matches its parent path.
    static func matchesNormalisedPath(
        pattern p: UnsafeBufferPointer<UInt8>, path t: UnsafeBufferPointer<UInt8>,
        fold: Bool
    ) -> Bool {
        normalisedPathMatch(pattern: p, path: t, fold: fold) != .miss
    }

    /// `matchesNormalisedPath`, saying whether the whole pattern or its "/*" parent matched.
    static func normalisedPathMatch(
        pattern p: UnsafeBufferPointer<UInt8>, path t: UnsafeBufferPointer<UInt8>,
        fold: Bool
    ) -> PathMatch {
        let slash = UInt8(ascii: "/")
        var textEnd = t.count
        while textEnd > 0, t[textEnd - 1] == slash { textEnd -= 1 }
        var start = 0
        while start < p.count, p[start] == slash { start += 1 }
        var end = p.count
        while end > start, p[end - 1] == slash { end -= 1 }
        let text = UnsafeBufferPointer(rebasing: t[0..<textEnd])
        // The normalised pattern is "/" + p[start..<end], or "" when that part is empty.
        func matchesSlashed(_ partEnd: Int) -> Bool {
            if partEnd == start { return textEnd == 0 }
            guard textEnd > 0, text[0] == slash else { return false }
            return matches(UnsafeBufferPointer(rebasing: p[start..<partEnd]), UnsafeBufferPointer(rebasing: text[1...]), fold: fold)
        }
        if matchesSlashed(end) { return .whole }
        // "/*" at the end: the parent, with its own trailing slashes dropped.
        let endsInSlashStar = end - start >= 1 && p[end - 1] == UInt8(ascii: "*") && (end - start == 1 || p[end - 2] == slash)
        guard endsInSlashStar else { return .miss }
        var parentEnd = max(start, end - 2)
        while parentEnd > start, p[parentEnd - 1] == slash { parentEnd -= 1 }
        return matchesSlashed(parentEnd) ? .parent : .miss
    }

    /// The literal every path matching `p` under `normalisedPathMatch` starts with, after its leading "/": the
    /// normalised pattern up to its first wildcard (`*` or `?`), without trailing slashes, so that the parent of a
    /// pattern ending in "/*" starts with it too. Empty (nothing required) when the pattern starts with a wildcard.
    /// Found once per pattern; `missesPrefix` then rejects most paths in a comparison or two (issue #14).
    static func requiredPrefix(_ p: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let slash = UInt8(ascii: "/")
        var start = 0
        while start < p.count, p[start] == slash { start += 1 }
        var end = start
        while end < p.count, p[end] != UInt8(ascii: "*"), p[end] != UInt8(ascii: "?") { end += 1 }
        while end > start, p[end - 1] == slash { end -= 1 }
        return start..<end
    }

    /// True when `path` cannot match a pattern whose `requiredPrefix` is `prefix`: it does not start with "/" and
    /// then the prefix, within its first `trimmed` bytes (the path without trailing slashes, as
    /// `normalisedPathMatch` reads it). False says nothing: the path must still be matched.
    @inline(__always)
    static func missesPrefix(
        _ prefix: UnsafeBufferPointer<UInt8>, path t: UnsafeBufferPointer<UInt8>, trimmed: Int, fold: Bool
    ) -> Bool {
        guard !prefix.isEmpty else { return false }
        guard trimmed > prefix.count, t[0] == UInt8(ascii: "/") else { return true }
        for k in 0..<prefix.count {
            let pb = prefix[k]
            let tb = t[k + 1]
            if tb != pb, !(fold && lower(tb) == lower(pb)) { return true }
        }
        return false
    }

    /// The number of bytes of `path` before its trailing slashes.
    static func trimmedCount(_ t: UnsafeBufferPointer<UInt8>) -> Int {
        var end = t.count
        while end > 0, t[end - 1] == UInt8(ascii: "/") { end -= 1 }
        return end
    }

    /// Whether the bytes contain "$(".
    static func mentionsVariable(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == UInt8(ascii: "$") && byte == UInt8(ascii: "(") { return true }
            previous = byte
        }
        return false
    }

    // MARK: Pieces

    @inline(__always)
    static func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }

    @inline(__always)
    static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var any: UInt8 = 0
        for b in bytes { any |= b }
        return any < 0x80
    }

    /// Matches `part` (no stars) starting at `start`; returns where it ends, or nil. Never reads at or past `limit`.
    @inline(__always)
    static func matchForward(
        _ p: UnsafeBufferPointer<UInt8>, _ part: Range<Int>, _ t: UnsafeBufferPointer<UInt8>,
        at start: Int, limit: Int, fold: Bool
    ) -> Int? {
        var i = start
        for k in part {
            let pb = p[k]
            if pb == UInt8(ascii: "?") {
                guard i < limit else { return nil }
                i += 1
                while i < limit, isContinuation(t[i]) { i += 1 }
            } else {
                guard i < limit else { return nil }
                let tb = t[i]
                if tb != pb, !(fold && lower(tb) == lower(pb)) { return nil }
                i += 1
            }
        }
        // A `?` that stopped at the limit inside a scalar cannot happen: the limit is a scalar boundary.
        return i
    }

    /// Matches `part` so that it ends exactly at `end`; returns where it starts, or nil.
    static func matchBackward(
        _ p: UnsafeBufferPointer<UInt8>, _ part: Range<Int>, _ t: UnsafeBufferPointer<UInt8>,
        endingAt end: Int, fold: Bool
    ) -> Int? {
        var i = end
        for k in part.reversed() {
            let pb = p[k]
            guard i > 0 else { return nil }
            if pb == UInt8(ascii: "?") {
                i -= 1
                while i > 0, isContinuation(t[i]) { i -= 1 }
            } else {
                let tb = t[i - 1]
                if tb != pb, !(fold && lower(tb) == lower(pb)) { return nil }
                i -= 1
            }
        }
        return i
    }

    /// The end of the leftmost occurrence of `part` starting at or after `from` and ending by `limit`.
    static func search(
        _ p: UnsafeBufferPointer<UInt8>, _ part: Range<Int>, _ t: UnsafeBufferPointer<UInt8>,
        from: Int, limit: Int, fold: Bool
    ) -> Int? {
        let hasAnyOne = p[part].contains(UInt8(ascii: "?"))
        // Naive search costs at most (limit - from) × part.count comparisons; past a small budget,
        // a literal part switches to KMP so the cost stays linear.
        if !hasAnyOne, (limit - from) > 64, part.count > 8 {
            return kmpSearch(p, part, t, from: from, limit: limit, fold: fold)
        }
        var start = from
        // A part that starts with a literal byte can only begin where the text has that byte: positions without it
        // are passed over by a plain scan (an ASCII or lead byte never equals a continuation byte, so every
        // position found starts a scalar).
        let first = part.isEmpty ? UInt8(ascii: "?") : p[part.lowerBound]
        let skips = first != UInt8(ascii: "?")
        let firstLower = lower(first)
        while start < limit || (start == limit && part.isEmpty) {
            if skips {
                while start < limit, t[start] != first, !(fold && lower(t[start]) == firstLower) { start += 1 }
                if start == limit { return nil }
            }
            if let end = matchForward(p, part, t, at: start, limit: limit, fold: fold) { return end }
            start += 1
            while start < limit, isContinuation(t[start]) { start += 1 }
        }
        return nil
    }

    /// Knuth–Morris–Pratt over bytes (the part is literal): O(part + text).
    static func kmpSearch(
        _ p: UnsafeBufferPointer<UInt8>, _ part: Range<Int>, _ t: UnsafeBufferPointer<UInt8>,
        from: Int, limit: Int, fold: Bool
    ) -> Int? {
        let m = part.count
        @inline(__always) func pb(_ k: Int) -> UInt8 { fold ? lower(p[part.lowerBound + k]) : p[part.lowerBound + k] }
        var failure = [Int](repeating: 0, count: m)
        var k = 0
        for q in 1..<m {
            while k > 0, pb(k) != pb(q) { k = failure[k - 1] }
            if pb(k) == pb(q) { k += 1 }
            failure[q] = k
        }
        var matched = 0
        var i = from
        while i < limit {
            let tb = fold ? lower(t[i]) : t[i]
            while matched > 0, pb(matched) != tb { matched = failure[matched - 1] }
            if pb(matched) == tb { matched += 1 }
            i += 1
            if matched == m { return i }
        }
        return nil
    }
}
