/// Which hosts an app asks to have verified, what state each is in, and how strongly the app is
/// approved for a host.
enum AppLinkDomains {
    struct Collection: Equatable, Sendable {
        /// Hosts the verifier checks (autoVerify domains).
        var autoVerify: [String] = []
        /// Every web host the app declares with VIEW + BROWSABLE + DEFAULT (what a user may enable by hand).
        var allWeb: [String] = []
        /// autoVerify hosts that are not domain names.
        var invalid: [String] = []
        /// True when the legacy collection (target SDK ≤ 30 or device ≤ Android 11) applied.
        var legacy: Bool = false
    }

    static func isWeb(_ scheme: String?) -> Bool { scheme == "http" || scheme == "https" }

    /// Whether the strict per-filter collection applies (Android 12+ and target API 31+).
    static func perFilter(_ app: App, api: Int) -> Bool {
        Rule.androidApplinksPerFilter.applies(to: OSVersion(androidAPI: api))
            && Rule.androidApplinksPerFilter.applies(toSDK: OSVersion(androidAPI: app.targetSDK))
    }

    private static func hasViewBrowsable(_ f: IntentFilter) -> Bool {
        f.actions.contains(IntentFilter.actionView) && f.categories.contains(IntentFilter.categoryBrowsable)
    }

    /// Two or more non-empty labels of ASCII letters, digits and `-` (after an optional `*.`).
    /// Walks UTF-8 bytes: a non-ASCII byte is never part of an ASCII letter, digit or `-`, so this
    /// is the `Character` check without grapheme breaking (it was a seventh of a simulation).
    static func isDomainName(_ host: String) -> Bool {
        var bytes = Substring(host).utf8[...]
        if bytes.starts(with: [UInt8(ascii: "*"), UInt8(ascii: ".")]) { bytes = bytes.dropFirst(2) }
        var labels = 1
        var labelLength = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard labelLength > 0 else { return false }
                labels += 1
                labelLength = 0
            } else if URLParts.isASCIILetter(byte) || URLParts.isASCIIDigit(byte) || byte == UInt8(ascii: "-") {
                labelLength += 1
            } else {
                return false
            }
        }
        return labels >= 2 && labelLength > 0
    }

    /// Strict per-filter collection for target SDK 31+ on Android 12+,
    /// else the legacy "if any filter needs verification, all web filters do".
    static func collect(_ app: App, api: Int) -> Collection {
        app.manifestCache.collection(api: api) { collectAnew(app, api: api) }
    }

    private static func collectAnew(_ app: App, api: Int) -> Collection {
        var c = Collection()
        let filters = app.activities.lazy.flatMap(\.intentFilters)
        func add(_ hosts: [String], to list: inout [String]) {
            for h in hosts.lazy.map(\.lowercasedIfNeeded) where !list.contains(h) { list.append(h) }
        }
        for f in filters
        where hasViewBrowsable(f) && f.categories.contains(IntentFilter.categoryDefault)
            && f.data.contains(where: { isWeb($0.scheme) })
        {
            add(f.data.compactMap(\.host), to: &c.allWeb)
        }
        var hosts: [String] = []
        if perFilter(app, api: api) {
            for f in filters where f.autoVerify && hasViewBrowsable(f) && f.categories.contains(IntentFilter.categoryDefault) {
                let schemes = f.data.compactMap(\.scheme)
                guard !schemes.isEmpty, schemes.allSatisfy(isWeb) else { continue }
                add(f.data.compactMap(\.host), to: &hosts)
            }
        } else {
            c.legacy = true
            let needs = filters.contains { f in
                let schemes = f.data.compactMap(\.scheme)
                return f.autoVerify && hasViewBrowsable(f) && !schemes.isEmpty && schemes.allSatisfy(isWeb)
            }
            if needs {
                for f in filters where hasViewBrowsable(f) && f.data.contains(where: { isWeb($0.scheme) }) {
                    add(f.data.compactMap(\.host), to: &hosts)
                }
            }
        }
        c.autoVerify = hosts.filter(isDomainName)
        c.invalid = hosts.filter { !isDomainName($0) }
        return c
    }

    /// States that count as verified (DomainVerificationState).
    /// States that count as verified, by their `pm get-app-links` names.
    static func isVerified(_ state: DomainVerificationState) -> Bool { state.isVerified }

    /// The verification state of each autoVerify host: the scenario's override, or the verifier's result.
    static func states(
        _ app: App, api: Int, web: Web, explain: Bool = true
    ) -> [(host: String, state: DomainVerificationState, steps: [TraceStep])] {
        verifications(app, api: api, web: web, explain: explain).map { ($0.host, $0.state, $0.steps) }
    }

    /// A step made elsewhere, without its text when the trace is not shown.
    static func bare(_ explain: Bool, _ made: TraceStep) -> TraceStep {
        explain ? made : TraceStep(actor: made.actor, summary: "", rule: made.rule, assumption: made.assumption)
    }

    /// A step of this file's decisions, with its text only when the trace is shown (`explain`).
    static func step(_ explain: Bool, _ summary: @autoclosure () -> String, rule: Rule) -> TraceStep {
        TraceStep(actor: "Android", summary: explain ? summary() : "", rule: rule)
    }

    /// Each autoVerify host with its state, steps and (Android 15+) dynamic rules.
    static func verifications(
        _ app: App, api: Int, web: Web, explain: Bool = true
    )
        -> [(host: String, state: DomainVerificationState, steps: [TraceStep], dynamic: [DynamicComponent]?)]
    {
        let collection = collect(app, api: api)
        var verifier = AssetLinksVerifier(web: web, os: OSVersion(androidAPI: api))
        verifier.explains = explain
        return collection.autoVerify.map { host in
            // A forced state is what `pm set-app-links` records: Android 12+ only.
            if Rule.androidApplinksState.applies(to: OSVersion(androidAPI: api)), let forced = app.domainVerification[host] {
                return (
                    host, forced,
                    [
                        Self.step(
                            explain, "\(host): \(forced) (set by the scenario's domain_verification, like `pm set-app-links`)",
                            rule: Rule.androidApplinksState)
                    ], nil
                )
            }
            if let record = app.verificationRecords[host] {
                let note = DomainVerificationTransitions.lifecycleStep(
                    "Android", explain ? "The verification agent answered for \(host) at \(record.at): \(record.state)" : "")
                // The record's steps were written when the agent ran; without trace text they are carried bare.
                let recorded = explain ? record.steps : record.steps.map { Self.bare(false, $0) }
                return (host, record.state, recorded + [note], record.dynamic)
            }
            if let due = app.verificationDueAt {
                return (
                    host, .none,
                    [
                        DomainVerificationTransitions.lifecycleStep(
                            "Android", explain ? "The verification agent has not answered for \(host) yet (it answers at \(due)): state none" : "")
                    ], nil
                )
            }
            let result = verifier.verify(host: host, package: app.id, fingerprints: app.signingSHA256)
            return (host, result.state, result.steps, result.dynamicComponents)
        }
    }

    // MARK: Approval (Android 12+)

    enum Approval: Int, Comparable {
        case none = 0
        case selection = 3
        case verified = 4
        static func < (a: Approval, b: Approval) -> Bool { a.rawValue < b.rawValue }
        var name: String {
            switch self {
            case .none: return "NONE"
            case .selection: return "SELECTION"
            case .verified: return "VERIFIED"
            }
        }
    }

    /// `approvalLevelForDomain` with the steps that decided it.
    static func approval(
        _ app: App, host: String, url: String? = nil, api: Int, web: Web, explain: Bool = true
    ) -> (level: Approval, steps: [TraceStep]) {
        var steps: [TraceStep] = []
        if !app.linkHandlingAllowed {
            steps.append(
                Self.step(
                    explain, "\(app.name) has “Open supported links” switched off: approval NONE for every domain",
                    rule: Rule.androidApplinksLinkHandlingOff))
            return (.none, steps)
        }
        let states = verifications(app, api: api, web: web, explain: explain)
        for entry in states {
            let covers = entry.host == host || (entry.host.hasPrefix("*.") && host.hasSuffix(String(entry.host.dropFirst(1))))
            guard covers else { continue }
            steps += entry.steps
            if isVerified(entry.state) {
                if let rules = entry.dynamic, let url {
                    if DynamicAppLinks.readsRules(api: api) {
                        let verdict = DynamicAppLinks.allows(rules, url: url)
                        steps.append(Self.bare(explain, verdict.step))
                        if !verdict.allowed { return (.none, steps) }
                    } else {
                        steps.append(Self.bare(explain, DynamicAppLinks.ignoredStep(api: api)))
                    }
                }
                steps.append(
                    Self.step(
                        explain, "\(app.name) is \(entry.state) for \(entry.host): approval VERIFIED",
                        rule: Rule.androidApplinksState))
                return (.verified, steps)
            }
            steps.append(
                Self.step(
                    explain, "\(app.name)'s state for \(entry.host) is \(entry.state), which is not verified",
                    rule: Rule.androidApplinksState))
        }
        if states.isEmpty || !states.contains(where: { $0.host == host || ($0.host.hasPrefix("*.") && host.hasSuffix(String($0.host.dropFirst(1)))) }) {
            steps.append(
                collectedHostsStep("Android", explain ? "\(host) is not among \(app.name)'s autoVerify domains, so it is never verified" : ""))
            if perFilter(app, api: api), collect(app, api: api).allWeb.contains(host) {
                steps.append(
                    Self.step(
                        explain,
                        "\(app.name) targets API \(app.targetSDK) on Android 12+: only autoVerify filters are verified, each on its own, and the filter declaring \(host) has no autoVerify",
                        rule: Rule.androidApplinksPerFilter))
            }
        }
        let selected = app.userSelectedDomains.map { $0.lowercased() }
        if selected.contains(where: { $0 == host || ($0.hasPrefix("*.") && host.hasSuffix(String($0.dropFirst(1)))) }) {
            steps.append(
                Self.step(
                    explain, "The user enabled \(host) for \(app.name) under “Links to open in this app”: approval SELECTION",
                    rule: Rule.androidApplinksUserSelection))
            return (.selection, steps)
        }
        return (.none, steps)
    }

    // MARK: Android 6–11 (legacy, all or nothing)

    /// ALWAYS when every collected host verified; NEVER when the user switched link handling off.
    static func legacyStatus(_ app: App, api: Int, web: Web, explain: Bool = true) -> (status: LegacyLinkStatus, steps: [TraceStep]) {
        if !app.linkHandlingAllowed {
            return (
                .never,
                [
                    Self.step(
                        explain, "The user chose “Don't open in this app” for \(app.name)",
                        rule: Rule.androidApplinksLinkHandlingOff)
                ]
            )
        }
        let states = states(app, api: api, web: web, explain: explain)
        guard !states.isEmpty else {
            return (
                .undefined,
                [
                    collectedHostsStep("Android", explain ? "\(app.name) declares no autoVerify filter, so nothing is verified" : "")
                ]
            )
        }
        var steps = states.flatMap(\.steps)
        let failed = states.filter { !isVerified($0.state) }.map(\.host)
        if failed.isEmpty {
            steps.append(
                Self.step(
                    explain, "All \(states.count) hosts verified: \(app.name) becomes the default handler (ALWAYS)",
                    rule: Rule.androidApplinksLegacyAllOrNothing))
            return (.always, steps)
        }
        steps.append(
            Self.step(
                explain, "\(failed.joined(separator: ", ")) failed; on Android 6–11 one failure means no host is verified (UNDEFINED)",
                rule: Rule.androidApplinksLegacyAllOrNothing))
        return (.undefined, steps)
    }
}

/// Android 6–11's per-app link status (`INTENT_FILTER_DOMAIN_VERIFICATION_STATUS_*`): ALWAYS opens the app without
/// asking, NEVER leaves the app out, UNDEFINED puts it in the disambiguation dialog.
enum LegacyLinkStatus: Sendable, Equatable {
    case always, never, undefined
}

// MARK: Decisions the device's approval, the verification agent and the `pm` shell share

extension AppLinkDomains {
    /// Android collects autoVerify hosts and verifies them from Android 6 (API 23); before, there are no App Links.
    static func verifiesDomains(on os: OSVersion) -> Bool { Rule.androidApplinksCollectedHosts.applies(to: os) }

    /// A host that is (or is not) among the app's collected autoVerify hosts.
    static func collectedHostsStep(_ actor: String, _ summary: String) -> TraceStep {
        TraceStep(actor: actor, summary: summary, rule: Rule.androidApplinksCollectedHosts)
    }

    static func tellCollectedHosts(_ actor: String, _ summary: @autoclosure () -> String, trace: inout TraceRecorder) {
        trace.append(collectedHostsStep(actor, trace.explains ? summary() : ""))
    }

    /// Per-domain verification states (which `pm set-app-links` sets) exist from Android 12 (API 31).
    static func keepsDomainStates(on os: OSVersion) -> Bool { Rule.androidApplinksState.applies(to: os) }

    static func stateStep(_ actor: String, _ summary: String) -> TraceStep {
        TraceStep(actor: actor, summary: summary, rule: Rule.androidApplinksState)
    }

    static func tellState(_ actor: String, _ summary: @autoclosure () -> String, trace: inout TraceRecorder) {
        trace.append(stateStep(actor, trace.explains ? summary() : ""))
    }

    /// The user's per-domain selections (“Links to open in this app”) exist from Android 12 (API 31).
    static func keepsUserSelections(on os: OSVersion) -> Bool { Rule.androidApplinksUserSelection.applies(to: os) }

    static func userSelectionStep(_ actor: String, _ summary: String) -> TraceStep {
        TraceStep(actor: actor, summary: summary, rule: Rule.androidApplinksUserSelection)
    }

    static func tellUserSelection(_ actor: String, _ summary: @autoclosure () -> String, trace: inout TraceRecorder) {
        trace.append(userSelectionStep(actor, trace.explains ? summary() : ""))
    }

    /// “Open supported links” switched off: approval NONE for every domain.
    static func linkHandlingOffStep(_ actor: String, _ summary: String) -> TraceStep {
        TraceStep(actor: actor, summary: summary, rule: Rule.androidApplinksLinkHandlingOff)
    }

    static func tellLinkHandlingOff(_ actor: String, _ summary: @autoclosure () -> String, trace: inout TraceRecorder) {
        trace.append(linkHandlingOffStep(actor, trace.explains ? summary() : ""))
    }

    /// Android 6–11: every host verified makes the app ALWAYS for them; one failure leaves all UNDEFINED.
    static func legacyAllOrNothingStep(_ actor: String, _ summary: String) -> TraceStep {
        TraceStep(actor: actor, summary: summary, rule: Rule.androidApplinksLegacyAllOrNothing)
    }

    static func tellLegacyAllOrNothing(_ actor: String, _ summary: @autoclosure () -> String, trace: inout TraceRecorder) {
        trace.append(legacyAllOrNothingStep(actor, trace.explains ? summary() : ""))
    }
}
