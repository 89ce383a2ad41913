import Synchronization

extension AASAMatcher {
    /// A file made ready for many verdicts for one app on one iOS version: the entries that list the
    /// app are flattened, in file order, into rules whose inherited keys (defaults) and
    /// version gates are resolved once, and whose path patterns are kept as UTF-8 bytes. Each verdict
    /// then parses the URL once and compares bytes; it gives exactly `AASAMatcher.verdict` (which is
    /// built on it), and `AASAFastPathPropertyTests` compares that with the explaining `match`.
    ///
    /// The explaining walk (`match`, `MatchRun`) stands on the same rules: what it says of each entry and each
    /// rule before a URL is seen (the entry is skipped, defaults are ignored, a key is ignored …) is decided here
    /// once, as facts (`AASAStepFact`), whose text is written only when a step is read.
    ///
    /// A class with constant fields (a value: nothing changes it once made): a cached reading is handed to
    /// every verdict and match run of a tap, and copying a struct of a dozen arrays and texts retained and
    /// released each of them (issue #14).
    package final class Prepared: Sendable {
        struct Rule: Sendable {
            var detail: Int
            var position: Int
            var format: AASAFormat
            /// The path pattern as written ("*" when the component has none), "NOT " removed.
            var path: String
            var query: AASAQueryPattern?
            var fragment: String?
            var options: GlobOptions
            var percentEncoded: Bool
            var exclude: Bool
            /// Where each key's value came from (the component, a defaults level, or the built-in default).
            var origins = AASAOrigins()
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
            /// The literal every matching path starts with (`ByteGlob.requiredPrefix`), in `patternBytes`: when
            /// bytes decide, a path without it misses at once.
            var prefixStart: Int
            var prefixEnd: Int
        }

        /// What the explaining walk reads for each rule, besides its `Head` (plain values too).
        struct Said: Sendable {
            var detail: Int
            var position: Int
            /// The facts said of the rule before its path is compared, in `facts`.
            var notes: Range<Int>
            var queryIsItems: Bool
            var queryIgnored: Bool
            /// Some key comes from defaults.
            var inherits: Bool
            var exclude: Bool
        }

        /// One `details` entry, as the explaining walk meets it.
        struct Entry: Sendable {
            var detail: Int
            /// The facts said of the entry before its rules are tried, in `facts`.
            var notes: Range<Int>
            /// Its rules in `rules`, `heads` and `said`.
            var rules: Range<Int>
            /// The rule set tried; nil when the entry is skipped.
            var format: AASAFormat?
        }

        let document: AASADocument
        let appID: String
        let ios: OSVersion
        let gates: AASAVersionGates
        let rules: [Rule]
        let heads: [Head]
        let said: [Said]
        let entries: [Entry]
        let facts: [AASAStepFact]
        let patternBytes: [UInt8]
        /// False when no URL can match: iOS before 9 or a file without "applinks".
        let active: Bool
        /// Answers without trace text already given, by URL and domain (`quietAnswer`).
        private let quietAnswers = Mutex(KeptAnswers<String?, QuietAnswer>())

        /// A verdict without trace text, as the simulation puts it into a trace: the steps (actor, rule and
        /// assumption; no text) and the ending. A pure function of this reading, the URL and the domain.
        struct QuietAnswer: Sendable {
            var steps: [TraceStep]
            var result: AASAMatchResult
            var detail: Int?
        }

        /// The answer for `url` served for `domain`, made once by `make` and kept, up to `ScenarioCache.urlLimit`
        /// of them: every simulation of a scenario asks the same few (issue #14: the walk was ~3,000
        /// instructions a simulation). The rates the benchmark gives for `verdict` and `match` do not read it.
        func quietAnswer(url: String, domain: String?, make: () -> QuietAnswer) -> QuietAnswer {
            if let known = quietAnswers.withLock({ $0.value(for: url, domain) }) { return known }
            let made = make()
            quietAnswers.withLock { $0.keep(made, for: url, domain) }
            return made
        }

        /// How many quiet answers this reading keeps (tests).
        var keptQuietAnswers: Int { quietAnswers.withLock { $0.urls.count } }

        package init(document: AASADocument, appID: String, ios: OSVersion) {
            let gates = AASAVersionGates(ios)
            self.document = document
            self.appID = appID
            self.ios = ios
            self.gates = gates
            active = MatchRun.appLinksActive(document, ios: ios)
            let count = document.details.reduce(0) { $0 + max($1.components?.count ?? 0, $1.paths?.count ?? 0) }
            var rules: [Rule] = []
            rules.reserveCapacity(count)
            var heads: [Head] = []
            heads.reserveCapacity(count)
            var said: [Said] = []
            said.reserveCapacity(count)
            var entries: [Entry] = []
            entries.reserveCapacity(document.details.count)
            var facts: [AASAStepFact] = []
            facts.reserveCapacity(2 * document.details.count)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(16 * count)
            func add(_ rule: Rule, component: AASAComponent?, givenCase: Bool?) {
                // The path pattern's bytes, read once: whether they are ASCII and whether they mention "$(".
                let patternStart = bytes.count
                bytes.append(contentsOf: rule.path.utf8)
                let (ascii, mentions, prefix) = bytes.withUnsafeBufferPointer { all in
                    let pattern = UnsafeBufferPointer(rebasing: all[patternStart...])
                    return (ByteGlob.isASCII(pattern), ByteGlob.mentionsVariable(pattern), ByteGlob.requiredPrefix(pattern))
                }
                heads.append(
                    Head(
                        start: patternStart, end: bytes.count, bytesDecide: !(mentions && rule.options.documentVariables != nil),
                        patternIsASCII: ascii, caseSensitive: rule.options.caseSensitive, percentEncoded: rule.percentEncoded,
                        checksRest: rule.format == .components && (rule.query != nil || rule.fragment != nil),
                        prefixStart: patternStart + prefix.lowerBound, prefixEnd: patternStart + prefix.upperBound))
                let start = facts.count
                if let component {
                    MatchRun.check(
                        component, rule: rule, index: rules.count, givenCaseSensitive: givenCase ?? true, mentionsVariable: mentions,
                        gates: gates, notes: &facts)
                } else {
                    MatchRun.check(pathEntry: rule, index: rules.count, gates: gates, document: document, notes: &facts)
                }
                var queryIsItems = false
                var queryIgnored = false
                switch rule.query {
                case .items?: queryIsItems = true
                case .ignored?: queryIgnored = true
                default: break
                }
                said.append(
                    Said(
                        detail: rule.detail, position: rule.position, notes: start..<facts.count, queryIsItems: queryIsItems,
                        queryIgnored: queryIgnored, inherits: rule.origins.inherits, exclude: rule.exclude))
                rules.append(rule)
            }
            // The file's variables table, made at the first rule that needs it (every such rule shares it).
            var fileVariables: [String: GlobVariable]?
            for (index, detail) in document.details.enumerated() {
                let notesStart = facts.count
                let format = MatchRun.evaluate(entry: detail, index: index, appID: appID, document: document, gates: gates, notes: &facts)
                let notes = notesStart..<facts.count
                let rulesStart = rules.count
                if format == .components, let components = detail.components {
                    let appDefaults = gates.defaults ? detail.defaults : nil
                    let domainDefaults = gates.defaults ? document.defaults : nil
                    func origin(_ own: Bool, _ app: Bool, _ domain: Bool) -> AASAOrigin {
                        own ? .component : app ? .detailDefaults : domain ? .fileDefaults : .builtIn
                    }
                    for (position, component) in components.enumerated() {
                        let givenCase = component.caseSensitive ?? appDefaults?.caseSensitive ?? domainDefaults?.caseSensitive
                        var options = GlobOptions(
                            caseSensitive: gates.caseSensitiveKey ? givenCase ?? true : true,
                            documentVariables: gates.variables ? document.substitutionVariables : nil)
                        let path = component.path ?? appDefaults?.path ?? domainDefaults?.path
                        let query = component.query ?? appDefaults?.query ?? domainDefaults?.query
                        let fragment = component.fragment ?? appDefaults?.fragment ?? domainDefaults?.fragment
                        if options.documentVariables != nil, Self.mentionsVariable(path: path, query: query, fragment: fragment) {
                            if fileVariables == nil { fileVariables = GlobOptions.table(options.documentVariables) }
                            options.madeVariables = fileVariables
                        }
                        let origins = AASAOrigins(
                            path: origin(component.path != nil, appDefaults?.path != nil, domainDefaults?.path != nil),
                            query: origin(component.query != nil, appDefaults?.query != nil, domainDefaults?.query != nil),
                            fragment: origin(component.fragment != nil, appDefaults?.fragment != nil, domainDefaults?.fragment != nil),
                            exclude: origin(component.exclude != nil, appDefaults?.exclude != nil, domainDefaults?.exclude != nil),
                            caseSensitive: origin(
                                component.caseSensitive != nil, appDefaults?.caseSensitive != nil, domainDefaults?.caseSensitive != nil),
                            percentEncoded: origin(
                                component.percentEncoded != nil, appDefaults?.percentEncoded != nil, domainDefaults?.percentEncoded != nil))
                        add(
                            Rule(
                                detail: index, position: position, format: .components, path: path ?? "*",
                                query: query, fragment: fragment, options: options,
                                percentEncoded: component.percentEncoded ?? appDefaults?.percentEncoded ?? domainDefaults?.percentEncoded ?? true,
                                exclude: component.exclude ?? appDefaults?.exclude ?? domainDefaults?.exclude ?? false, origins: origins),
                            component: component, givenCase: givenCase)
                    }
                } else if format == .paths, let paths = detail.paths {
                    let options = GlobOptions(caseSensitive: true, documentVariables: nil)
                    for (position, entry) in paths.enumerated() {
                        let excluding = gates.notPrefix && entry.hasPrefix("NOT ")
                        add(
                            Rule(
                                detail: index, position: position, format: .paths,
                                path: excluding ? String(entry.dropFirst(4)) : entry, query: nil, fragment: nil,
                                options: options, percentEncoded: true, exclude: excluding, origins: AASAOrigins()),
                            component: nil, givenCase: nil)
                    }
                }
                entries.append(Entry(detail: index, notes: notes, rules: rulesStart..<rules.count, format: format))
            }
            self.rules = rules
            self.said = said
            self.entries = entries
            self.facts = facts
            self.heads = heads
            patternBytes = bytes
        }

        /// Whether a rule's path, query or fragment pattern mentions `$(`: only then can its glob use the variables table.
        static func mentionsVariable(path: String?, query: AASAQueryPattern?, fragment: String?) -> Bool {
            if let path, PathCheck.mentionsVariable(path) { return true }
            if let fragment, PathCheck.mentionsVariable(fragment) { return true }
            switch query {
            case .whole(let pattern)?: return PathCheck.mentionsVariable(pattern)
            case .items(let items)?: return items.contains { PathCheck.mentionsVariable($0.pattern) || PathCheck.mentionsVariable($0.name) }
            case .ignored?, nil: return false
            }
        }

        /// Classifies `url` and explains how: `AASAMatcher.match` on this prepared file. The steps hold facts; their
        /// text is written when read (never, with `explain: false`: then they read as "" with no detail).
        package func match(url: String, domain: String? = nil, explain: Bool = true) -> AASAMatch {
            MatchRun.classify(url: url, domain: domain, prepared: self, explains: explain)
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
                let trimmed = ByteGlob.trimmedCount(pathBytes)
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
                                // The common case: bytes against bytes, nothing built; most rules miss on their
                                // literal prefix.
                                if ByteGlob.missesPrefix(
                                    UnsafeBufferPointer(rebasing: allPatterns[head.prefixStart..<head.prefixEnd]), path: pathBytes,
                                    trimmed: trimmed, fold: !head.caseSensitive)
                                {
                                    continue
                                }
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

/// Where a component's key got its value: the component itself, a `defaults` level, or the built-in default.
enum AASAOrigin: UInt8, Sendable {
    case builtIn, component, detailDefaults, fileDefaults

    var isDefaults: Bool { self == .detailDefaults || self == .fileDefaults }
}

struct AASAOrigins: Sendable {
    var path = AASAOrigin.builtIn
    var query = AASAOrigin.builtIn
    var fragment = AASAOrigin.builtIn
    var exclude = AASAOrigin.builtIn
    var caseSensitive = AASAOrigin.builtIn
    var percentEncoded = AASAOrigin.builtIn

    /// Some key comes from a `defaults` level.
    var inherits: Bool {
        path.isDefaults || query.isDefaults || fragment.isDefaults || exclude.isDefaults || caseSensitive.isDefaults
            || percentEncoded.isDefaults
    }
}
