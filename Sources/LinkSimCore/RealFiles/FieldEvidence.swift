import Foundation

/// Evidence from a real device or server, turned into scenario state: the output of
/// `adb shell pm get-app-links [--user 0]`, and a redirect chain from a `curl -sIL URL` transcript
/// or a HAR file exported from a browser's network panel.
package enum FieldEvidence {
    /// One package's section of `pm get-app-links`.
    package struct AppLinksState: Sendable, Equatable {
        package var package: String
        /// Host → state as printed (`verified`, `none`, `approved`, `1024`...).
        package var domainStates: [String: String] = [:]
        /// From a `User N:` section (`--user 0`), when present.
        package var linkHandlingAllowed: Bool?
        package var enabledDomains: [String]?
    }

    /// Parses the whole output; sections are keyed by package. Lines linksim does not use (ID,
    /// Signatures, Invalid autoVerify domains) are skipped.
    package static func appLinks(_ text: String, file: String) throws(InputError) -> [String: AppLinksState] {
        var result: [String: AppLinksState] = [:]
        var current: AppLinksState?
        var section = ""
        var problems: [Diagnostic] = []
        func finish() { if let current { result[current.package] = current } }
        for (number, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            // Only a line that starts or ends with a carriage return has one to trim (a set made per line was slow).
            let line = raw.utf8.first == 0x0D || raw.utf8.last == 0x0D ? raw.trimmingCharacters(in: CharacterSet(charactersIn: "\r")) : String(raw)
            let trimmed = line.trimmedWhitespace
            if trimmed.isEmpty { continue }
            let indent = line.prefix { $0 == " " }.count
            if trimmed.hasSuffix(":"), indent <= 2, !trimmed.contains(" ") {
                finish()
                current = AppLinksState(package: String(trimmed.dropLast()))
                section = ""
                continue
            }
            guard current != nil else {
                problems.append(
                    Diagnostic(
                        file: file, location: SourceLocation(file: file, line: number + 1, column: 1),
                        message: "expected a package line such as `  com.example.shop:` (the output of `adb shell pm get-app-links`)"))
                break
            }
            switch trimmed {
            case "Domain verification state:":
                section = "states"
                continue
            case "Selection state:":
                section = "selection"
                continue
            case "Enabled:", "Disabled:":
                section = trimmed == "Enabled:" ? "enabled" : "disabled"
                if current?.enabledDomains == nil { current?.enabledDomains = [] }
                continue
            case "Invalid autoVerify domains:":
                section = "invalid"
                continue
            default: break
            }
            if trimmed.hasPrefix("User ") && trimmed.hasSuffix(":") {
                section = "user"
                continue
            }
            if trimmed.hasPrefix("ID:") || trimmed.hasPrefix("Signatures:") {
                section = ""
                continue
            }
            if trimmed.hasPrefix("Verification link handling allowed:") {
                current?.linkHandlingAllowed = trimmed.hasSuffix("true")
                continue
            }
            switch section {
            case "states":
                let parts = trimmed.split(separator: ":", maxSplits: 1).map { $0.trimmedWhitespace }
                if parts.count == 2 { current?.domainStates[parts[0].lowercased()] = parts[1] }
            case "enabled":
                current?.enabledDomains?.append(trimmed.lowercased())
            default:
                continue
            }
        }
        finish()
        if !problems.isEmpty { throw InputError(problems) }
        if result.isEmpty { throw InputError(file: file, "no package found; expected the output of `adb shell pm get-app-links [--user 0]`") }
        return result
    }

    /// One hop of a redirect chain.
    package struct Hop: Sendable, Equatable {
        package var url: String
        package var status: Int
        /// Absolute Location, for a 3xx.
        package var location: String?
    }

    /// A `curl -sIL URL` transcript (header blocks, optionally preceded by the `curl` command line)
    /// or a HAR file. `url`: the first URL, when the transcript does not name it.
    package static func redirectChain(_ bytes: [UInt8], file: String, url: String?) throws(InputError) -> [Hop] {
        let text = String(decoding: bytes, as: UTF8.self)
        if text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("{") { return try har(bytes, file: file) }
        var current = url
        var hops: [Hop] = []
        var status: Int?
        var location: String?
        func close() throws(InputError) {
            guard let code = status else { return }
            guard let here = current else {
                throw InputError(file: file, "the transcript does not say which URL was fetched; start it with the `curl -sIL URL` line, or give the URL")
            }
            let absolute = location.map { resolve($0, against: here) }
            hops.append(Hop(url: here, status: code, location: (300..<400).contains(code) ? absolute : nil))
            if (300..<400).contains(code), let absolute { current = absolute }
            status = nil
            location = nil
        }
        for (number, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmedWhitespaceAndNewlines
            if line.hasPrefix("$ curl") || line.hasPrefix("curl ") {
                if let last = line.split(separator: " ").last(where: { $0.hasPrefix("http") }) {
                    current = String(last).trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
                }
                continue
            }
            if line.hasPrefix("HTTP/") {
                try close()
                let parts = line.split(separator: " ")
                guard parts.count >= 2, let code = Int(parts[1]) else {
                    throw InputError(
                        file: file, location: SourceLocation(file: file, line: number + 1, column: 1),
                        "expected a status line such as `HTTP/2 301`")
                }
                status = code
                continue
            }
            if line.lowercased().hasPrefix("location:") {
                location = line.dropFirst("location:".count).trimmedWhitespace
            }
        }
        try close()
        if hops.isEmpty { throw InputError(file: file, "no HTTP status line found; expected the output of `curl -sIL URL` or a HAR file") }
        return hops
    }

    static func har(_ bytes: [UInt8], file: String) throws(InputError) -> [Hop] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let log = object["log"] as? [String: Any], let entries = log["entries"] as? [[String: Any]]
        else {
            throw InputError(file: file, "not a HAR file: expected {\"log\": {\"entries\": [...]}}")
        }
        var hops: [Hop] = []
        for entry in entries {
            guard let request = entry["request"] as? [String: Any], let url = request["url"] as? String,
                let response = entry["response"] as? [String: Any], let status = response["status"] as? Int
            else { continue }
            var location = (response["redirectURL"] as? String).flatMap { $0.isEmpty ? nil : $0 }
            if location == nil, let headers = response["headers"] as? [[String: Any]] {
                location = headers.first { ($0["name"] as? String)?.lowercased() == "location" }?["value"] as? String
            }
            hops.append(Hop(url: url, status: status, location: (300..<400).contains(status) ? location.map { resolve($0, against: url) } : nil))
        }
        // Only the chain that starts with the first request: follow Locations from it.
        guard let first = hops.first else { throw InputError(file: file, "the HAR file has no entries") }
        var chain = [first]
        while let next = chain.last?.location, let hop = hops.first(where: { $0.url == next }), chain.count < 32 {
            chain.append(hop)
        }
        return chain
    }

    /// A Location relative to the URL it came from, made absolute (`/x`, `//host/x`, `x`).
    static func resolve(_ location: String, against base: String) -> String {
        if location.contains("://") { return location }
        guard let parts = URLParts(base) else { return location }
        let origin = "\(parts.scheme)://\(parts.host ?? "")"
        if location.hasPrefix("//") { return "\(parts.scheme):\(location)" }
        if location.hasPrefix("/") { return origin + location }
        let directory = parts.path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return origin + directory + "/" + location
    }

    /// The chain as server redirect rules (host → rules), one exact rule per 3xx hop.
    package static func redirectRules(_ hops: [Hop]) -> [(host: String, rule: RedirectRule)] {
        hops.compactMap { hop in
            guard let location = hop.location, let parts = URLParts(hop.url), let host = parts.host else { return nil }
            let path = (parts.path.isEmpty ? "/" : parts.path) + (parts.query.map { "?\($0)" } ?? "")
            return (host.lowercased(), RedirectRule(pattern: path, target: location, status: hop.status))
        }
    }
}
