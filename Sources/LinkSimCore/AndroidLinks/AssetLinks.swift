import Foundation

/// One `assetlinks.json` statement that matters for App Links.
struct AssetStatement: Equatable {
    var relations: [String]
    var namespace: String?
    var packageName: String?
    var fingerprints: [String]
    var include: String?
    /// `relation_extensions.handle_all_urls.dynamic_app_link_components` (nil: none; [] never stored).
    var dynamicComponents: [DynamicComponent]? = nil
    /// True when the extension was present but malformed (the device then ignores it).
    var dynamicMalformed = false
}

/// Fetching and matching Digital Asset Links the way the AOSP verifier (StatementService) does.
struct AssetLinksVerifier {
    let web: Web
    /// The device: Android 12's agent and Android 6–11's verifier differ in what they are documented to do.
    var os = OSVersion(androidAPI: AndroidVersions.latestAPI)
    /// False when no trace is shown: the steps keep their rules and assumptions, not their text.
    var explains = true

    static let handleAllURLs = "delegate_permission/common.handle_all_urls"
    static let sizeLimit = 1024 * 1024

    /// The outcome for one host: `verified`, or a verifier error code, with the steps that decided it.
    struct Result {
        var state: DomainVerificationState
        var steps: [TraceStep]
        /// Android 15+ rules stored with a successful verification.
        var dynamicComponents: [DynamicComponent]? = nil
        var verified: Bool { state == .verified }
    }

    /// Verifies `host` (a `*.` wildcard is verified at its apex) for `package` signed with `fingerprints`.
    func verify(host: String, package: String, fingerprints: [String]) -> Result {
        var steps: [TraceStep] = []
        let explains = self.explains
        func step(_ summary: @autoclosure () -> String, _ rule: Rule?, detail: @autoclosure () -> String? = nil, assumption: String? = nil) {
            steps.append(
                explains
                    ? TraceStep(actor: "Android verifier", summary: summary(), rule: rule, detail: detail(), assumption: assumption)
                    : TraceStep(actor: "Android verifier", summary: "", rule: rule, assumption: assumption))
        }
        func fetchStep(_ summary: @autoclosure () -> String, _ rule: Rule?, _ detail: @autoclosure () -> String?, _ assumption: String?) {
            step(summary(), rule, detail: detail(), assumption: assumption)
        }
        var fileHost = host
        if host.hasPrefix("*.") {
            fileHost = String(host.dropFirst(2))
            step("\(host) is a wildcard host: it is verified against https://\(fileHost)/.well-known/assetlinks.json", Rule.androidApplinksWildcard)
        }
        // Only the steps' text names the URL: without it, it is not built.
        let url = explains ? "https://\(fileHost)/.well-known/assetlinks.json" : ""
        let fetched = fetch(fileHost, url: url, step: fetchStep)
        guard case .success(let statements) = fetched else {
            if case .failure(let code) = fetched { return Result(state: code, steps: steps) }
            return Result(state: .code(1026), steps: steps)
        }
        // One level of include (documented for Android 12's agent; assumed for the Android 6–11 verifier).
        let includeRule: Rule? = Rule.androidApplinksAssetlinksInclude.applies(to: os) ? Rule.androidApplinksAssetlinksInclude : nil
        let includeAssumption =
            includeRule == nil
            ? "assumption: Android 12's agent follows one level of include; linksim assumes Android \(os)'s verifier does the same (undocumented)" : nil
        var all = statements
        for include in statements.compactMap(\.include) {
            guard let includeURL = URLParts(include), includeURL.scheme.lowercased() == "https", let includeHost = includeURL.host else {
                step("include \(include) is not an https URL; skipped", includeRule, assumption: includeAssumption)
                continue
            }
            guard includeURL.path == "/.well-known/assetlinks.json" else {
                step(
                    "include \(include): linksim's web model serves only /.well-known/assetlinks.json, so this include answers 404",
                    includeRule, assumption: includeAssumption)
                continue
            }
            step("Follows include \(include) (one level only)", includeRule, assumption: includeAssumption)
            if case .success(let more) = fetch(includeHost.lowercased(), url: include, step: fetchStep) {
                all += more.filter { $0.include == nil }
            }
        }
        let grants = all.filter { $0.relations.contains(Self.handleAllURLs) && $0.namespace == "android_app" }
        let forPackage = grants.filter { $0.packageName == package }
        guard !forPackage.isEmpty else {
            let others = grants.compactMap(\.packageName)
            step(
                "No statement grants delegate_permission/common.handle_all_urls to \(package)"
                    + (others.isEmpty ? "" : " (the file names \(others.joined(separator: ", ")); package names compare case-sensitively)"),
                Rule.androidApplinksAssetlinksMatch,
                assumption: "assumption: a file without a matching statement is reported as 1026 (FAILURE_REJECTED_BY_SERVER), like other rejections")
            return Result(state: .code(1026), steps: steps)
        }
        let listed = forPackage.flatMap(\.fingerprints)
        if let hit = fingerprints.first(where: { listed.contains($0) }) {
            step(
                "A statement grants handle_all_urls to \(package) with fingerprint \(short(hit)), which signs the app: verified",
                Rule.androidApplinksAssetlinksMatch)
            let granting = forPackage.first { $0.fingerprints.contains(hit) }
            if granting?.dynamicMalformed == true {
                let ignored = DynamicAppLinks.malformedIgnored
                step(ignored.summary, ignored.rule)
            }
            return Result(state: .verified, steps: steps, dynamicComponents: granting?.dynamicComponents)
        }
        var hint = ""
        if fingerprints.contains(where: { fp in listed.contains { $0.uppercased() == fp.uppercased() } }) {
            hint = " The file lists the right fingerprint in lower case; the AOSP verifier compares the text exactly (upper-case hex with colons)."
        } else if fingerprints.isEmpty {
            hint = " The scenario gives the app no signing_sha256."
        } else {
            hint =
                " A common cause is Play App Signing: the file lists the upload (or debug) key, but users' devices get the app signed with Play's app-signing key."
        }
        step(
            "The statement for \(package) lists \(listed.map(short).joined(separator: ", ")), but the app is signed with \(fingerprints.map(short).joined(separator: ", ")): not verified",
            Rule.androidApplinksFingerprint, detail: hint.trimmingCharacters(in: .whitespaces),
            assumption: "assumption: a fingerprint mismatch is reported as 1026 (FAILURE_REJECTED_BY_SERVER)")
        return Result(state: .code(1026), steps: steps)
    }

    private func short(_ fp: String) -> String {
        fp.count > 14 ? String(fp.prefix(8)) + "…" + String(fp.suffix(5)) : fp
    }

    /// GET one assetlinks.json: statements, or the verifier code for the failure.
    private func fetch(
        _ host: String, url: String, step: (@autoclosure () -> String, Rule?, @autoclosure () -> String?, String?) -> Void
    ) -> Result2 {
        if let tls = web[host]?.tls, tls != .valid {
            step(
                "GET \(url) fails before any answer (\(tls.failure)): 1028 (FAILURE_UNKNOWN)", Rule.androidApplinksTls, nil,
                "assumption: a certificate failure is reported as 1028 (the agent's code for it is not in the notes)")
            return .failure(.code(1028))
        }
        let resource = web[host]?.assetlinks ?? .notFound
        let status = resource.status
        if resource.redirect != nil || (300..<400).contains(status) {
            step(
                "GET \(url) → \(status)\(resource.redirect.map { " Location: \($0)" } ?? ""); the verifier does not follow redirects: 1029 (FAILURE_REDIRECT)",
                Rule.androidApplinksAssetlinksHttp, nil, nil)
            return .failure(.code(1029))
        }
        if status != 200 {
            step(
                "GET \(url) → \(status); only 200 counts: 1026 (FAILURE_REJECTED_BY_SERVER)",
                Rule.androidApplinksAssetlinksHttp, resource.body == nil && status == 404 ? "The scenario's web section does not serve this file." : nil, nil)
            return .failure(.code(1026))
        }
        let body = resource.body ?? []
        step("GET \(url) → 200 (\(body.count) bytes)", Rule.androidApplinksAssetlinksHttp, nil, nil)
        if body.count > Self.sizeLimit {
            step("The file is over 1 MiB; it is rejected", Rule.androidApplinksAssetlinksHttp, nil, nil)
            return .failure(.code(1026))
        }
        guard let statements = resource.parsed.map({ $0.assetStatements }) ?? Self.statements(body) else {
            step(
                "The file is not a JSON array of statements; the whole file fails", Rule.androidApplinksAssetlinksJson, nil,
                "assumption: a malformed file is reported as 1026")
            return .failure(.code(1026))
        }
        return .success(statements)
    }

    private enum Result2 {
        case success([AssetStatement])
        case failure(DomainVerificationState)
    }
}
