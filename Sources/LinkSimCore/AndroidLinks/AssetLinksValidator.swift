/// Checks an `assetlinks.json` file the way `aasa validate` checks an AASA file: what the Android
/// verifier (and Google's Digital Asset Links API) reject or silently ignore, with line and column.
///
/// Checked: JSON syntax; the root is an array of statements; each statement is an `include` (an
/// https URL) or `relation` + `target`; relation strings (`kind/detail`, the known ones); the
/// target's `namespace` (`android_app` with `package_name` and `sha256_cert_fingerprints`, or `web`
/// with `site`); package-name syntax; fingerprint format (32 colon-separated upper-case hex bytes)
/// and duplicates; duplicate statements; and, when asked, that one statement grants
/// handle_all_urls to a package with a fingerprint. Findings reuse `AASAFinding` (severity, line,
/// column, message).
package enum AssetLinksValidator {
    package typealias Finding = AASAFinding

    package static let knownRelations = [
        "delegate_permission/common.handle_all_urls",
        "delegate_permission/common.get_login_creds",
        "delegate_permission/common.use_as_origin",
        "delegate_permission/common.query_webapk",
    ]
    static let statementKeys = ["relation", "target", "include", "relation_extensions"]
    static let androidTargetKeys = ["namespace", "package_name", "sha256_cert_fingerprints"]
    static let webTargetKeys = ["namespace", "site"]

    /// The result of looking for an expected package and fingerprint.
    package enum Expectation: Sendable, Equatable {
        case found
        /// Not granted; the message says what is there instead.
        case missing(String)
    }

    package static func validate(_ bytes: [UInt8]) -> [Finding] {
        validate(bytes, package: nil, fingerprint: nil).findings
    }

    /// `package`/`fingerprint`: the pair QA expect (either may be nil); `expectation` is nil when neither is given.
    package static func validate(
        _ bytes: [UInt8], package: String?, fingerprint: String?
    )
        -> (findings: [Finding], expectation: Expectation?)
    {
        var walk = Walk()
        if bytes.count > 1024 * 1024 {
            walk.error("the file is \(bytes.count) bytes; the Android verifier reads at most 1 MiB (1048576 bytes)", at: nil)
        }
        let root: JSONNode
        do {
            root = try JSONNode.parse(bytes)
        } catch {
            return (walk.findings + [Finding(.error, error.message, at: error.position)], expectation(nil, [], package, fingerprint))
        }
        guard let statements = root.elements else {
            walk.error("the file must be a JSON array of statements ([{\"relation\": [...], \"target\": {...}}]), not \(root.typeName)", at: root.position)
            return (walk.findings, expectation(nil, [], package, fingerprint))
        }
        if statements.isEmpty { walk.warning("the array has no statements: no app is associated with this site", at: root.position) }
        for (index, statement) in statements.enumerated() { walk.check(statement, index: index) }
        // Over the limit the verifier reads none of it, so the statements grant nothing, however right they are.
        if bytes.count > 1024 * 1024, package != nil || fingerprint != nil {
            return (walk.findings, .missing("the Android verifier does not read a file over 1 MiB, so no statement in it grants anything"))
        }
        return (walk.findings, expectation(root, walk.grants, package, fingerprint))
    }

    static func expectation(
        _ root: JSONNode?, _ grants: [(package: String, fingerprints: [String])], _ package: String?, _ fingerprint: String?
    ) -> Expectation? {
        guard package != nil || fingerprint != nil else { return nil }
        let candidates = grants.filter { package == nil || $0.package == package }
        if candidates.isEmpty {
            let named = Set(grants.map(\.package)).sorted()
            let near = package.flatMap { p in named.first { $0.lowercased() == p.lowercased() } }
            return .missing(
                "no statement grants delegate_permission/common.handle_all_urls to \(package ?? "any package")"
                    + (near.map { "; the file names \($0) (package names compare case-sensitively)" }
                        ?? (named.isEmpty ? "" : "; the file names \(named.joined(separator: ", "))")))
        }
        guard let fingerprint else { return .found }
        // The key QA name may be spelt as keytool or apksigner print it (lower case, no colons): it is the same key.
        // The file's spelling is what the verifier compares, so it must be the canonical one.
        let normalized = normalize(fingerprint)
        let wanted = normalized.count == 64 ? canonical(normalized) : fingerprint
        if candidates.contains(where: { $0.fingerprints.contains(wanted) || $0.fingerprints.contains(fingerprint) }) { return .found }
        let listed = candidates.flatMap(\.fingerprints)
        if listed.contains(where: { normalize($0) == normalized }) {
            return .missing(
                "the statement lists this fingerprint, but not in the form the verifier compares (32 upper-case hex bytes separated by colons); write \(canonical(normalized))"
            )
        }
        return .missing(
            "the statement for \(candidates[0].package) lists \(listed.joined(separator: ", ")), not \(fingerprint) (with Play App Signing, the app-signing key's SHA-256 from Play Console is the one devices see)"
        )
    }

    static func normalize(_ fingerprint: String) -> String {
        String(fingerprint.uppercased().filter { $0.isHexDigit })
    }

    /// An app's signing-certificate SHA-256 as QA type it (as keytool or apksigner print it: any case, with or
    /// without colons), in the form the verifier compares; nil when it is not 32 bytes of hex.
    package static func canonicalFingerprint(_ text: String) -> String? {
        guard text.allSatisfy({ $0.isHexDigit || $0 == ":" }) else { return nil }
        let hex = normalize(text)
        guard hex.count == 64 else { return nil }
        let canonicalText = canonical(hex)
        // Colons, when written, must separate bytes: `A:BCD…` is a typo, not a spelling.
        guard !text.contains(":") || text.uppercased() == canonicalText else { return nil }
        return canonicalText
    }

    static func canonical(_ hex: String) -> String {
        var pairs: [String] = []
        var rest = Substring(hex)
        while !rest.isEmpty {
            pairs.append(String(rest.prefix(2)))
            rest = rest.dropFirst(2)
        }
        return pairs.joined(separator: ":")
    }

    /// `com.example.app`: at least two segments, each a letter then letters, digits or underscores.
    package static func isValidPackageName(_ name: String) -> Bool {
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count >= 2 else { return false }
        return segments.allSatisfy { segment in
            guard let first = segment.first, first.isASCII, first.isLetter else { return false }
            return segment.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        }
    }

    /// `nil` when well formed, else what is wrong.
    package static func fingerprintProblem(_ fingerprint: String) -> String? {
        let parts = fingerprint.split(separator: ":", omittingEmptySubsequences: false)
        let hex = normalize(fingerprint)
        if parts.count == 1 {
            if hex.count == 64 && hex.count == fingerprint.count {
                return "the bytes are not separated by colons; write \(canonical(hex))"
            }
            return "expected 32 hex bytes separated by colons (AA:BB:...)"
        }
        if parts.count == 20 && parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isHexDigit) }) {
            return "this is a SHA-1 fingerprint (20 bytes); App Links need the SHA-256 one (32 bytes), as `keytool -list -v` or Play Console shows it"
        }
        guard parts.count == 32, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isHexDigit) }) else {
            return "expected 32 hex bytes separated by colons, got \(parts.count) part(s)"
        }
        if fingerprint != fingerprint.uppercased() {
            return "the hex digits are lower case; the verifier compares the text exactly, so write \(fingerprint.uppercased())"
        }
        return nil
    }

    private struct Walk {
        var findings: [Finding] = []
        var grants: [(package: String, fingerprints: [String])] = []
        var seenStatements: [String: String] = [:]

        mutating func error(_ message: String, at position: AASATextPosition?) { findings.append(Finding(.error, message, at: position)) }
        mutating func warning(_ message: String, at position: AASATextPosition?) { findings.append(Finding(.warning, message, at: position)) }

        mutating func keys(_ node: JSONNode, known: [String], in place: String) {
            var seen: Set<String> = []
            for member in node.members ?? [] {
                if !seen.insert(member.key).inserted {
                    warning("\(place): key \"\(member.key)\" appears twice; the last one counts", at: member.keyPosition)
                } else if !known.contains(member.key) {
                    warning("\(place): unknown key \"\(member.key)\" is ignored" + Suggestion.didYouMean(member.key, among: known), at: member.keyPosition)
                }
            }
        }

        mutating func check(_ statement: JSONNode, index: Int) {
            let place = "statement \(index)"
            guard statement.members != nil else {
                error("\(place) must be an object, not \(statement.typeName)", at: statement.position)
                return
            }
            keys(statement, known: AssetLinksValidator.statementKeys, in: place)
            if let include = statement.member("include") {
                guard let url = include.string else {
                    error("\(place): \"include\" must be a string URL, not \(include.typeName)", at: include.position)
                    return
                }
                if !url.lowercased().hasPrefix("https://") {
                    error("\(place): include \"\(url)\" must be an https URL; the verifier skips it", at: include.position)
                }
                if statement.member("relation") != nil || statement.member("target") != nil {
                    warning("\(place): a statement with \"include\" is only an include; its relation and target are ignored", at: statement.position)
                }
                return
            }
            var relations: [String] = []
            if let relation = statement.member("relation") {
                if let list = relation.elements {
                    if list.isEmpty { error("\(place): \"relation\" is empty; the statement grants nothing", at: relation.position) }
                    for item in list {
                        guard let text = item.string else {
                            error("\(place): every relation must be a string, not \(item.typeName)", at: item.position)
                            continue
                        }
                        relations.append(text)
                        if !AssetLinksValidator.knownRelations.contains(text) {
                            let shape = text.split(separator: "/").count == 2 ? "" : " (a relation is kind/detail)"
                            warning(
                                "\(place): relation \"\(text)\" is not one the platform uses\(shape)"
                                    + Suggestion.didYouMean(text, among: AssetLinksValidator.knownRelations), at: item.position)
                        }
                    }
                } else {
                    error("\(place): \"relation\" must be an array of strings, not \(relation.typeName)", at: relation.position)
                }
            } else {
                error("\(place): \"relation\" is missing", at: statement.position)
            }
            guard let target = statement.member("target") else {
                error("\(place): \"target\" is missing", at: statement.position)
                return
            }
            guard target.members != nil else {
                error("\(place): \"target\" must be an object, not \(target.typeName)", at: target.position)
                return
            }
            guard let namespaceNode = target.member("namespace"), let namespace = namespaceNode.string else {
                error("\(place): target has no \"namespace\" (android_app or web)", at: target.position)
                return
            }
            switch namespace {
            case "android_app":
                keys(target, known: AssetLinksValidator.androidTargetKeys, in: "\(place) target")
                androidTarget(target, place: place, relations: relations)
            case "web":
                keys(target, known: AssetLinksValidator.webTargetKeys, in: "\(place) target")
                if let site = target.member("site") {
                    if let text = site.string, !(text.hasPrefix("https://") || text.hasPrefix("http://")) {
                        error("\(place): site \"\(text)\" must be a URL such as https://example.com", at: site.position)
                    } else if site.string == nil {
                        error("\(place): \"site\" must be a string, not \(site.typeName)", at: site.position)
                    }
                } else {
                    error("\(place): a web target needs \"site\"", at: target.position)
                }
            default:
                error(
                    "\(place): namespace \"\(namespace)\" is not android_app or web" + Suggestion.didYouMean(namespace, among: ["android_app", "web"]),
                    at: namespaceNode.position)
            }
        }

        mutating func androidTarget(_ target: JSONNode, place: String, relations: [String]) {
            var package: String?
            if let node = target.member("package_name") {
                if let text = node.string {
                    package = text
                    if !AssetLinksValidator.isValidPackageName(text) {
                        error(
                            "\(place): package_name \"\(text)\" is not a valid Android package name (segments of letters, digits and _ separated by dots, each starting with a letter)",
                            at: node.position)
                    }
                } else {
                    error("\(place): \"package_name\" must be a string, not \(node.typeName)", at: node.position)
                }
            } else {
                error("\(place): an android_app target needs \"package_name\"", at: target.position)
            }
            var fingerprints: [String] = []
            if let node = target.member("sha256_cert_fingerprints") {
                if let list = node.elements {
                    if list.isEmpty { error("\(place): sha256_cert_fingerprints is empty; no signed app can match", at: node.position) }
                    var seen: Set<String> = []
                    for item in list {
                        guard let text = item.string else {
                            error("\(place): every fingerprint must be a string, not \(item.typeName)", at: item.position)
                            continue
                        }
                        fingerprints.append(text)
                        if let problem = AssetLinksValidator.fingerprintProblem(text) {
                            error("\(place): fingerprint \"\(text)\": \(problem)", at: item.position)
                        }
                        if !seen.insert(AssetLinksValidator.normalize(text)).inserted {
                            warning("\(place): fingerprint \(text) is listed twice", at: item.position)
                        }
                    }
                } else if node.string != nil {
                    error("\(place): \"sha256_cert_fingerprints\" must be an array of strings, not a single string", at: node.position)
                } else {
                    error("\(place): \"sha256_cert_fingerprints\" must be an array of strings, not \(node.typeName)", at: node.position)
                }
            } else {
                error("\(place): an android_app target needs \"sha256_cert_fingerprints\"", at: target.position)
            }
            if let package {
                let key = "\(relations.sorted())|\(package)|\(fingerprints.map(AssetLinksValidator.normalize).sorted())"
                if let earlier = seenStatements[key] {
                    warning("\(place) repeats \(earlier)", at: target.position)
                } else {
                    seenStatements[key] = place
                }
                if relations.contains(AssetLinksVerifier.handleAllURLs) {
                    grants.append((package, fingerprints))
                }
            }
        }
    }
}
