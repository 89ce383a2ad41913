extension AASAMatcher {
    /// A file made ready for many verdicts for one app on one iOS version: the entries that list the
    /// app are flattened, in file order, into rules whose inherited keys (defaults) and
    /// version gates are resolved once, and whose path patterns are kept as UTF-8 bytes. Each verdict
    /// then parses the URL once and compares bytes; it gives exactly `AASAMatcher.verdict` (which is
    /// built on it), and `AASAFastPathPropertyTests` compares that with the explaining `match`.
    package struct Prepared: Sendable {
        struct Rule: Sendable {
            var detail: Int
            var position: Int
            var format: AASAFormat
            /// The path pattern as written ("*" when the component has none), "NOT " removed.
            var path: String
            var pathBytes: [UInt8]
            var pathIsASCII: Bool
            /// The pattern mentions "$(" and variables are on: the token matcher decides.
            var pathNeedsTokens: Bool
            var query: AASAQueryPattern?
            var fragment: String?
            var options: GlobOptions
            var percentEncoded: Bool
            var exclude: Bool
        }

        /// What the byte loop reads for each rule: plain values only, so walking them costs no
        /// reference counting (copying a `Rule` retained its strings and cost more than the match).
        struct Head: Sendable {
            /// The rule's path pattern in `patternBytes`.
            var start: Int
            var end: Int
            /// Bytes against bytes decides (no variables; case-insensitive only with an ASCII pattern).
            var bytesDecide: Bool
            var patternIsASCII: Bool
            var caseSensitive: Bool
            var percentEncoded: Bool
            /// A query or fragment key to check once the path matched.
            var checksRest: Bool
        }

        let rules: [Rule]
        let heads: [Head]
        let patternBytes: [UInt8]
        /// False when no URL can match: iOS before 9 or a file without "applinks".
        let active: Bool

        package init(document: AASADocument, appID: String, ios: OSVersion) {
            let fast = AASAFastVerdict(appID: appID, document: document, ios: ios)
            active = MatchRun.appLinksActive(document, ios: ios)
            var rules: [Rule] = []
            func add(
                detail: Int, position: Int, format: AASAFormat, path: String, query: AASAQueryPattern?,
                fragment: String?, options: GlobOptions, percentEncoded: Bool, exclude: Bool
            ) {
                let bytes = Array(path.utf8)
                let needsTokens = options.documentVariables != nil && PathCheck.mentionsVariable(path)
                rules.append(
                    Rule(
                        detail: detail, position: position, format: format, path: path, pathBytes: bytes,
                        pathIsASCII: bytes.allSatisfy { $0 < 0x80 }, pathNeedsTokens: needsTokens,
                        query: query, fragment: fragment, options: options,
                        percentEncoded: percentEncoded, exclude: exclude))
            }
            for (index, detail) in document.details.enumerated() where detail.appIDs(on: ios).contains(appID) {
                if fast.gates.components, let components = detail.components {
                    let appDefaults = fast.gates.defaults ? detail.defaults : nil
                    let domainDefaults = fast.gates.defaults ? document.defaults : nil
                    for (position, component) in components.enumerated() {
                        var caseSensitive = component.caseSensitive ?? appDefaults?.caseSensitive ?? domainDefaults?.caseSensitive ?? true
                        if !fast.gates.caseSensitiveKey { caseSensitive = true }
                        let options = GlobOptions(
                            caseSensitive: caseSensitive,
                            documentVariables: fast.gates.variables ? document.substitutionVariables : nil)
                        add(
                            detail: index, position: position, format: .components,
                            path: component.path ?? appDefaults?.path ?? domainDefaults?.path ?? "*",
                            query: component.query ?? appDefaults?.query ?? domainDefaults?.query,
                            fragment: component.fragment ?? appDefaults?.fragment ?? domainDefaults?.fragment,
                            options: options,
                            percentEncoded: component.percentEncoded ?? appDefaults?.percentEncoded ?? domainDefaults?.percentEncoded ?? true,
                            exclude: component.exclude ?? appDefaults?.exclude ?? domainDefaults?.exclude ?? false)
                    }
                } else if let paths = detail.paths {
                    let options = GlobOptions(caseSensitive: true, documentVariables: nil)
                    for (position, entry) in paths.enumerated() {
                        let excluding = fast.gates.notPrefix && entry.hasPrefix("NOT ")
                        add(
                            detail: index, position: position, format: .paths,
                            path: excluding ? String(entry.dropFirst(4)) : entry, query: nil, fragment: nil,
                            options: options, percentEncoded: true, exclude: excluding)
                    }
                }
            }
            self.rules = rules
            var bytes: [UInt8] = []
            heads = rules.map { rule in
                let start = bytes.count
                bytes.append(contentsOf: rule.pathBytes)
                return Head(
                    start: start, end: bytes.count, bytesDecide: !rule.pathNeedsTokens,
                    patternIsASCII: rule.pathIsASCII, caseSensitive: rule.options.caseSensitive,
                    percentEncoded: rule.percentEncoded,
                    checksRest: rule.format == .components && (rule.query != nil || rule.fragment != nil))
            }
            patternBytes = bytes
        }

        /// The verdict for `url`, as `AASAMatcher.verdict(url:appID:document:ios:domain:)` gives it.
        package func verdict(url original: String, domain: String? = nil) -> AASAVerdict {
            var text = original
            if let encoded = AASAURL.safariEncoded(original), AASAURL.parse(original) != nil { text = encoded }
            let hit: Int? = text.withUTF8 { b -> Int? in
                guard let parts = AASAURL.ranges(b), AASAURL.isWebScheme(b, parts.scheme) else { return nil }
                if let domain {
                    let host = String(decoding: UnsafeBufferPointer(rebasing: b[parts.host]), as: UTF8.self)
                    if host.lowercased() != domain.lowercased() { return nil }
                }
                guard active, !rules.isEmpty else { return nil }
                let pathBytes = UnsafeBufferPointer(rebasing: b[parts.path])
                let pathIsASCII = ByteGlob.isASCII(pathBytes)
                let pathHasPercent = pathBytes.contains(UInt8(ascii: "%"))
                // The parts as text, built only when a rule needs them (query, fragment, variables).
                var built: AASAURL?
                func url() -> AASAURL {
                    if let built { return built }
                    let made = AASAURL.make(b, parts)
                    built = made
                    return made
                }
                return heads.withUnsafeBufferPointer { heads in
                    patternBytes.withUnsafeBufferPointer { allPatterns in
                        for index in heads.indices {
                            let head = heads[index]
                            let pathMatched: Bool
                            if head.bytesDecide, head.percentEncoded || !pathHasPercent,
                                head.caseSensitive || (head.patternIsASCII && pathIsASCII)
                            {
                                // The common case: bytes against bytes, nothing built.
                                pathMatched = ByteGlob.matchesNormalisedPath(
                                    pattern: UnsafeBufferPointer(rebasing: allPatterns[head.start..<head.end]),
                                    path: pathBytes, fold: !head.caseSensitive)
                            } else {
                                let rule = rules[index]
                                let path = url().path
                                let pathText = rule.percentEncoded ? path : PercentDecoding.decode(path)
                                pathMatched = PathCheck.matches(pattern: rule.path, urlPath: pathText, options: rule.options)
                            }
                            guard pathMatched else { continue }
                            if !head.checksRest { return index }
                            let rule = rules[index]
                            if AASAFastVerdict.matches(
                                query: rule.query, fragment: rule.fragment, url: url(),
                                options: rule.options, percentEncoded: rule.percentEncoded)
                            {
                                return index
                            }
                        }
                        return nil
                    }
                }
            }
            guard let hit else { return AASAVerdict(result: .noMatch) }
            let rule = rules[hit]
            return AASAVerdict(
                result: rule.exclude ? .exclude : .match, detail: rule.detail, component: rule.position,
                format: rule.format)
        }
    }
}
