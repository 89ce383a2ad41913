/// One `applinks:` entry of the associated-domains entitlement.
package struct AppLinksEntry: Sendable, Equatable {
    package enum Mode: String, Sendable, Equatable {
        case developer, managed
        case developerManaged = "developer+managed"
    }
    /// As written, e.g. `applinks:*.example.com?mode=developer`.
    package var raw: String
    /// The host without wildcard prefix, lowercased (`example.com` for `*.example.com`).
    package var domain: String
    package var isWildcard: Bool
    package var mode: Mode?
    /// Why iOS ignores this entry, if it does (a port, a path, an unknown mode).
    package var invalidReason: String?

    /// Parses an entitlement string; nil for other services (`webcredentials:`...).
    package init?(_ raw: String) {
        // An ASCII entry (every real one) is read on its bytes, where `Character` and byte semantics
        // agree: the universal-link engine reads the entitlements on every tap.
        if let entry = Self.parseASCII(raw) {
            guard let entry = entry else { return nil }
            self = entry
            return
        }
        guard raw.hasPrefix("applinks:") else { return nil }
        self.raw = raw
        var rest = Substring(raw.dropFirst("applinks:".count))
        mode = nil
        invalidReason = nil
        if let q = rest.firstIndex(of: "?") {
            let query = rest[rest.index(after: q)...]
            rest = rest[..<q]
            if query.hasPrefix("mode="), let m = Mode(rawValue: String(query.dropFirst(5))) {
                mode = m
            } else {
                invalidReason = "unknown alternate mode `\(query)` (valid: mode=developer, mode=managed, mode=developer+managed)"
            }
        }
        isWildcard = rest.hasPrefix("*.")
        if isWildcard { rest = rest.dropFirst(2) }
        if rest.contains("/") {
            invalidReason = "an applinks entry is a host only: no path or trailing slash"
            rest = rest[..<(rest.firstIndex(of: "/") ?? rest.endIndex)]
        }
        if let colon = rest.lastIndex(of: ":") {
            invalidReason = "applinks domains can't contain a port number (`\(rest[rest.index(after: colon)...])`)"
            rest = rest[..<colon]
        }
        domain = rest.lowercased()
    }

    private init(raw: String, domain: String, isWildcard: Bool, mode: Mode?, invalidReason: String?) {
        self.raw = raw
        self.domain = domain
        self.isWildcard = isWildcard
        self.mode = mode
        self.invalidReason = invalidReason
    }

    /// `init?(_:)` for an all-ASCII entry: nil when `raw` is not ASCII (the `Character` path reads it),
    /// `.some(nil)` when it is not an `applinks:` entry.
    private static func parseASCII(_ raw: String) -> AppLinksEntry?? {
        var copy = raw
        return copy.withUTF8 { bytes -> AppLinksEntry?? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            func text(_ from: Int, _ to: Int) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
            }
            let prefix = "applinks:".utf8
            guard bytes.count >= prefix.count, bytes.prefix(prefix.count).elementsEqual(prefix) else { return .some(nil) }
            var start = prefix.count
            var end = bytes.count
            var mode: Mode?
            var invalidReason: String?
            if let q = bytes[start..<end].firstIndex(of: UInt8(ascii: "?")) {
                let query = text(q + 1, end)
                end = q
                if query.utf8.starts(with: "mode=".utf8), let m = Mode(rawValue: String(query.utf8.dropFirst(5)) ?? "") {
                    mode = m
                } else {
                    invalidReason = "unknown alternate mode `\(query)` (valid: mode=developer, mode=managed, mode=developer+managed)"
                }
            }
            let isWildcard = end - start >= 2 && bytes[start] == UInt8(ascii: "*") && bytes[start + 1] == UInt8(ascii: ".")
            if isWildcard { start += 2 }
            if let slash = bytes[start..<end].firstIndex(of: UInt8(ascii: "/")) {
                invalidReason = "an applinks entry is a host only: no path or trailing slash"
                end = slash
            }
            if let colon = bytes[start..<end].lastIndex(of: UInt8(ascii: ":")) {
                invalidReason = "applinks domains can't contain a port number (`\(text(colon + 1, end))`)"
                end = colon
            }
            return .some(
                AppLinksEntry(
                    raw: raw, domain: text(start, end).lowercasedIfNeeded, isWildcard: isWildcard, mode: mode,
                    invalidReason: invalidReason))
        }
    }

    /// Whether this entry covers `host`: the exact host, or any subdomain for a wildcard (never the apex).
    package func covers(_ host: String) -> Bool {
        let h = host.lowercasedIfNeeded
        return isWildcard ? h.hasSuffix("." + domain) : h == domain
    }

    /// The host whose association file iOS reads: the apex for a wildcard entry.
    package var fileHost: String { domain }
}

package enum AssociatedDomains {
    /// The entry that decides for `host`: the longest matching entry wins (`*.users.example.com`
    /// beats `*.example.com`; an exact entry beats a wildcard). Invalid entries are skipped.
    package static func entry(for host: String, in entitlements: [String]) -> (entry: AppLinksEntry?, ignored: [AppLinksEntry]) {
        entry(for: host, in: entitlements.compactMap(AppLinksEntry.init))
    }

    /// As `entry(for:in:)` on entitlements already read (`App.associatedDomainEntries`).
    static func entry(for host: String, in entries: [AppLinksEntry]) -> (entry: AppLinksEntry?, ignored: [AppLinksEntry]) {
        // One pass (asked on every universal-link tap, for each app): the first entry of the greatest rank wins,
        // as `max(by:)` chose, and each covering entry's rank is counted once.
        var ignored: [AppLinksEntry] = []
        var best: AppLinksEntry?
        var bestRank = (0, 0)
        for entry in entries where entry.covers(host) {
            if entry.invalidReason != nil {
                ignored.append(entry)
                continue
            }
            // exact beats wildcard; otherwise the longer domain is more specific
            let rank = (entry.isWildcard ? 0 : 1, entry.domain.count)
            if best == nil || bestRank < rank {
                best = entry
                bestRank = rank
            }
        }
        return (best, ignored)
    }
}
