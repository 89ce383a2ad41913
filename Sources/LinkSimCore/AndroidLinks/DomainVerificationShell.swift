import Foundation

/// Android 12+ domain verification as a state machine, as AOSP's DomainVerificationService keeps
/// it (knowledge/android.md §2.3, §2.5, §2.6; CTS DomainVerificationIntentStandaloneTests C1–C8):
/// per package and domain a verification state, per user a "link handling allowed" switch and a set
/// of selected domains, and the transitions that install, update, uninstall and the `pm` shell
/// commands make.
///
/// linksim keeps the verifier's answer live (computed from what the hosts serve when a tap asks),
/// and records in `App.domainVerification` only the states that something other than a fresh
/// verifier run decided (`pm set-app-links`, a reset, the scenario). A transition that makes the
/// agent verify again removes the recorded state, so the next question sees the verifier's answer.

/// `DomainVerificationState` (AOSP): the named states and the verifier-defined codes (≥ 1024).
public enum DomainVerificationState: Sendable, Hashable, CustomStringConvertible {
    case none, verified, approved, denied, migrated, restored, legacyFailure, systemConfigured, preVerified
    /// A verifier-defined error code, e.g. 1026 (rejected by server).
    case code(Int)

    /// The names `pm get-app-links` prints and `pm set-app-links` accepts.
    public static let names: [String] = [
        "none", "verified", "approved", "denied", "migrated", "restored", "legacy_failure", "system_configured", "pre_verified",
    ]

    public init?(_ text: String) {
        switch text.lowercased() {
        case "none", "state_no_response": self = .none
        case "verified", "state_success": self = .verified
        case "approved", "state_approved": self = .approved
        case "denied", "state_denied": self = .denied
        case "migrated", "state_migrated": self = .migrated
        case "restored", "state_restored": self = .restored
        case "legacy_failure", "state_legacy_failure": self = .legacyFailure
        case "system_configured", "state_sys_config": self = .systemConfigured
        case "pre_verified", "state_pre_verified": self = .preVerified
        default:
            guard let number = Int(text), number >= 1024, number <= 1_000_000 else { return nil }
            self = .code(number)
        }
    }

    public var description: String {
        switch self {
        case .none: return "none"
        case .verified: return "verified"
        case .approved: return "approved"
        case .denied: return "denied"
        case .migrated: return "migrated"
        case .restored: return "restored"
        case .legacyFailure: return "legacy_failure"
        case .systemConfigured: return "system_configured"
        case .preVerified: return "pre_verified"
        case .code(let number): return String(number)
        }
    }

    /// Counts as verified at resolution (`DomainVerificationState.isVerified`).
    public var isVerified: Bool {
        switch self {
        case .verified, .approved, .migrated, .restored, .systemConfigured, .preVerified: return true
        case .none, .denied, .legacyFailure, .code: return false
        }
    }

    /// Kept across an app update for a still-declared domain (`shouldMigrate`); others start over.
    public var survivesUpdate: Bool {
        switch self {
        case .verified, .migrated, .restored, .approved, .denied: return true
        case .none, .legacyFailure, .systemConfigured, .preVerified, .code: return false
        }
    }

    /// The verification agent may replace it (`pm verify-app-links --re-verify`); approved, denied and
    /// system_configured belong to the shell and the system.
    public var agentMayChange: Bool {
        switch self {
        case .approved, .denied, .systemConfigured: return false
        default: return true
        }
    }

    /// A state that records no answer from the agent yet: `pm verify-app-links` without
    /// `--re-verify` only sends domains in this state.
    public var isDefault: Bool { self == .none }
}

/// One `adb shell pm …` command QA type on a device to inspect or change App Link state
/// (knowledge/android.md §2.5), as a scenario action.
public struct PackageManagerCommand: Sendable, Equatable, CustomStringConvertible {
    public enum Verb: String, Sendable, CaseIterable {
        case verifyAppLinks = "verify-app-links"
        case setAppLinks = "set-app-links"
        case setAppLinksUserSelection = "set-app-links-user-selection"
        case setAppLinksAllowed = "set-app-links-allowed"
        case resetAppLinks = "reset-app-links"
    }
    public var verb: Verb
    /// The package, or nil for "all packages".
    public var package: String?
    public var reVerify = false
    /// `set-app-links`: the state to record (nil = reset to `none`, state 0).
    public var state: DomainVerificationState?
    /// `set-app-links-user-selection` / `set-app-links-allowed`.
    public var enabled = true
    /// Domains named, or nil for `all`.
    public var domains: [String]?
    public var user = 0
    /// The command as written.
    public var text: String

    public var description: String { text }

    /// Parses `pm verify-app-links --re-verify com.example.shop` (with or without `adb shell`).
    public static func parse(_ text: String) -> Result<PackageManagerCommand, SettingError> {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if words.first == "adb" { words.removeFirst(); if words.first == "shell" { words.removeFirst() } }
        if words.first == "pm" { words.removeFirst() }
        guard let verbText = words.first else {
            return .failure(SettingError(message: "needs a pm command such as `pm verify-app-links --re-verify com.example.shop`"))
        }
        guard let verb = Verb(rawValue: verbText) else {
            let verbs = Verb.allCases.map(\.rawValue)
            return .failure(SettingError(message: "unknown pm command `\(verbText)`\(Suggestion.didYouMean(verbText, among: verbs)); linksim models: \(verbs.joined(separator: ", "))"))
        }
        words.removeFirst()
        var command = PackageManagerCommand(verb: verb, text: "pm " + ([verbText] + words).joined(separator: " "))
        var positional: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            switch word {
            case "--re-verify":
                guard verb == .verifyAppLinks else { return .failure(SettingError(message: "`--re-verify` belongs to verify-app-links")) }
                command.reVerify = true
            case "--package", "--user":
                guard index + 1 < words.count else { return .failure(SettingError(message: "`\(word)` needs a value")) }
                index += 1
                if word == "--package" {
                    command.package = words[index]
                } else {
                    switch words[index] {
                    case "0", "cur", "current": command.user = 0
                    case "all": command.user = 0
                    default:
                        return .failure(SettingError(message: "linksim models one user (0); got `--user \(words[index])`"))
                    }
                }
            default:
                if word.hasPrefix("-") { return .failure(SettingError(message: "unknown option `\(word)` for pm \(verb.rawValue)")) }
                positional.append(word)
            }
            index += 1
        }
        switch verb {
        case .verifyAppLinks, .resetAppLinks:
            if let last = positional.last, positional.count == 1 { command.package = command.package ?? (last == "all" ? nil : last) }
            guard positional.count <= 1 else {
                return .failure(SettingError(message: "pm \(verb.rawValue) takes at most one package, got \(positional.joined(separator: " "))"))
            }
        case .setAppLinks:
            guard command.package != nil else { return .failure(SettingError(message: "pm set-app-links needs --package")) }
            guard positional.count >= 2 else {
                return .failure(SettingError(message: "pm set-app-links needs a state (0, 1, 2, 3 or a name) and domains or `all`"))
            }
            switch positional[0] {
            case "0": command.state = nil
            case "1": command.state = .verified
            case "2": command.state = .approved
            case "3": command.state = .denied
            default:
                guard let state = DomainVerificationState(positional[0]) else {
                    return .failure(SettingError(message: "`\(positional[0])` is not a state; use 0 (reset), 1 (verified), 2 (approved), 3 (denied) or one of \(DomainVerificationState.names.joined(separator: ", "))"))
                }
                command.state = state == .none ? nil : state
            }
            command.domains = domainList(Array(positional.dropFirst()))
        case .setAppLinksUserSelection, .setAppLinksAllowed:
            guard command.package != nil else { return .failure(SettingError(message: "pm \(verb.rawValue) needs --package")) }
            guard let flag = positional.first, flag == "true" || flag == "false" else {
                return .failure(SettingError(message: "pm \(verb.rawValue) needs true or false"))
            }
            command.enabled = flag == "true"
            if verb == .setAppLinksUserSelection {
                guard positional.count >= 2 else { return .failure(SettingError(message: "pm set-app-links-user-selection needs domains or `all`")) }
                command.domains = domainList(Array(positional.dropFirst()))
            } else if positional.count > 1 {
                return .failure(SettingError(message: "pm set-app-links-allowed takes only true or false after the options"))
            }
        }
        return .success(command)
    }

    private static func domainList(_ words: [String]) -> [String]? {
        words == ["all"] ? nil : words.map { $0.lowercased() }
    }
}

/// What the verification agent answered for one domain, and when.
struct VerificationRecord: Sendable, Equatable {
    var state: String
    var steps: [TraceStep]
    var dynamic: [DynamicComponent]?
    var at: SimInstant
}

/// The transitions. Each adds trace steps that cite the rule deciding it.
enum DomainVerificationTransitions {
    /// Verifier states the AOSP agent retries on its periodic job (VerifyStatus.kt): no response,
    /// unknown, timeout, redirect. A rejection (1026) waits for an update or `pm verify-app-links`.
    static let retriedStates: Set<String> = ["none", "1024", "1027", "1029"]
    static let retryPeriod = SimDuration.hours(24)

    /// Runs the agent for every autoVerify domain of the app against what the servers serve now,
    /// and records its answers.
    static func runAgent(_ index: Int, world: inout World, at time: SimInstant, hosts only: Set<String>? = nil) {
        let app = world.apps[index]
        let verifier = AssetLinksVerifier(web: world.web(at: time), os: world.device.os)
        for host in AppLinkDomains.collect(app, api: world.device.os.apiLevel).autoVerify where only?.contains(host) ?? true {
            let result = verifier.verify(host: host, package: app.id, fingerprints: app.signingSHA256)
            world.apps[index].verificationRecords[host] = VerificationRecord(state: result.state, steps: result.steps,
                                                                             dynamic: result.dynamicComponents, at: time)
        }
    }

    /// The scenario's start: apps installed then have the agent's answers from the servers as they are.
    static func recordInitialAnswers(world: inout World) {
        guard world.device.platform == .android else { return }
        for index in world.apps.indices where world.apps[index].state.isInstalled {
            runAgent(index, world: &world, at: world.clock)
        }
    }

    /// Before each action: a pending run whose time has come answers, and the periodic job retries
    /// domains whose answer it retries. Each change is a trace line.
    static func settle(world: inout World, trace: inout TraceRecorder) {
        guard world.device.platform == .android else { return }
        for index in world.apps.indices where world.apps[index].state.isInstalled {
            if let due = world.apps[index].verificationDueAt, due <= world.clock {
                world.apps[index].verificationDueAt = nil
                runAgent(index, world: &world, at: due)
                let answers = world.apps[index].verificationRecords.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.state)" }
                trace.add(actor, "At \(due) the verification agent answers for \(world.apps[index].name): \(answers.joined(separator: ", "))",
                          rule: Rule.androidApplinksPackageLifecycle)
                verificationTakesOver(index, world: &world, trace: &trace)
                continue
            }
            let app = world.apps[index]
            let retry = app.verificationRecords.filter { retriedStates.contains($0.value.state) && $0.value.at + retryPeriod <= world.clock }
            // A state the shell or the scenario recorded stands until something asks the agent again.
            guard !retry.isEmpty, !retry.keys.contains(where: { app.domainVerification[$0] != nil }) else { continue }
            let when = retry.values.map { $0.at + retryPeriod }.min() ?? world.clock
            runAgent(index, world: &world, at: when, hosts: Set(retry.keys))
            let answers = retry.keys.sorted().map { "\($0): \(world.apps[index].verificationRecords[$0]?.state ?? "?")" }
            trace.add(actor, "The agent's periodic job (every 24 h) retried \(world.apps[index].name)'s unanswered domains at \(when): \(answers.joined(separator: ", "))",
                      rule: Rule.androidApplinksPackageLifecycle)
            verificationTakesOver(index, world: &world, trace: &trace)
        }
    }

    /// Schedules the agent after an install, an update or `pm verify-app-links`.
    static func schedule(_ index: Int, hosts: [String], world: inout World, trace: inout TraceRecorder, why: String) {
        for host in hosts { world.apps[index].verificationRecords[host] = nil }
        let due = world.clock + world.device.appLinkVerificationDelay
        world.apps[index].verificationDueAt = due
        trace.add(actor, "\(why): the verification agent checks \(hosts.joined(separator: ", ")) in the background and answers at \(due) (\(world.device.appLinkVerificationDelay) later); until then the state is none",
                  rule: Rule.androidApplinksPackageLifecycle)
    }

    static let actor = "Android"

    static func covers(_ entry: String, _ host: String) -> Bool {
        entry == host || (entry.hasPrefix("*.") && host.hasSuffix(String(entry.dropFirst(1))))
    }

    /// The app's current state for each autoVerify host (recorded, else the verifier's answer).
    static func currentStates(_ index: Int, world: World) -> [(host: String, state: DomainVerificationState?)] {
        AppLinkDomains.states(world.apps[index], api: world.device.os.apiLevel, web: world.web)
            .map { ($0.host, DomainVerificationState($0.state)) }
    }

    /// A newly verified domain takes the domain away from every other app's user selection, but only
    /// when the verified app's link handling is allowed at that moment (CTS C4, C8).
    static func verificationTakesOver(_ index: Int, world: inout World, trace: inout TraceRecorder) {
        let app = world.apps[index]
        // Android 6–11 keep no per-domain user selection for a verified app to take over.
        guard app.linkHandlingAllowed, Rule.androidApplinksUserSelection.applies(to: world.device.os) else { return }
        for entry in currentStates(index, world: world) where entry.state?.isVerified == true {
            for other in world.apps.indices where other != index {
                let before = world.apps[other].userSelectedDomains
                world.apps[other].userSelectedDomains.removeAll { covers(entry.host, $0) }
                if before != world.apps[other].userSelectedDomains {
                    trace.add(actor, "\(app.name) is verified for \(entry.host): the user's selection of \(entry.host) for \(world.apps[other].name) is cleared",
                              rule: Rule.androidApplinksUserSelection)
                }
            }
        }
    }

    /// `pm uninstall`: the package's verification and user state are deleted with it.
    static func uninstall(_ index: Int, world: inout World, trace: inout TraceRecorder) {
        guard world.device.platform == .android else { return }
        let app = world.apps[index]
        world.apps[index].verificationRecords = [:]
        world.apps[index].verificationDueAt = nil
        guard !app.domainVerification.isEmpty || !app.userSelectedDomains.isEmpty || !app.linkHandlingAllowed else { return }
        world.apps[index].domainVerification = [:]
        world.apps[index].userSelectedDomains = []
        world.apps[index].linkHandlingAllowed = true
        trace.add(actor, "Removes \(app.name)'s domain verification and user state; a later install starts fresh",
                  rule: Rule.androidApplinksPackageLifecycle)
    }

    /// An install from scratch: the verifier checks every autoVerify domain (live from the servers).
    static func install(_ index: Int, world: inout World, trace: inout TraceRecorder) {
        guard Rule.androidApplinksCollectedHosts.applies(to: world.device.os) else { return }
        world.apps[index].verificationRecords = [:]
        let hosts = AppLinkDomains.collect(world.apps[index], api: world.device.os.apiLevel).autoVerify
        guard !hosts.isEmpty else { return }
        schedule(index, hosts: hosts, world: &world, trace: &trace, why: "The install asks for verification")
    }

    /// An update (same signer): verified, approved, denied, migrated and restored survive for
    /// still-declared domains; every other state starts over and the agent verifies again. The
    /// user's selections and "Open supported links" survive (CTS C3, C7).
    static func update(_ index: Int, world: inout World, trace: inout TraceRecorder) {
        guard Rule.androidApplinksCollectedHosts.applies(to: world.device.os) else { return }
        guard Rule.androidApplinksState.applies(to: world.device.os) else {
            // Android 6–11: the legacy verifier runs again for the new version.
            let hosts = AppLinkDomains.collect(world.apps[index], api: world.device.os.apiLevel).autoVerify
            if !hosts.isEmpty { schedule(index, hosts: hosts, world: &world, trace: &trace, why: "The update asks for verification again") }
            return
        }
        let app = world.apps[index]
        let declared = Set(AppLinkDomains.collect(app, api: world.device.os.apiLevel).autoVerify)
        let again = declared.sorted().filter { host in
            guard app.domainVerification[host] == nil else { return false }
            guard let record = app.verificationRecords[host] else { return true }
            return !(DomainVerificationState(record.state)?.survivesUpdate ?? false)
        }
        var kept: [String] = [], reset: [String] = []
        for host in app.domainVerification.keys.sorted() {
            let state = app.domainVerification[host].flatMap(DomainVerificationState.init)
            if declared.contains(host), state?.survivesUpdate == true {
                kept.append("\(host) (\(state.map(String.init(describing:)) ?? "?"))")
            } else {
                world.apps[index].domainVerification[host] = nil
                reset.append(host)
            }
        }
        for host in declared.sorted() where app.domainVerification[host] == nil {
            if let record = app.verificationRecords[host], DomainVerificationState(record.state)?.survivesUpdate == true {
                kept.append("\(host) (\(record.state))")
            }
        }
        var summary = "The update keeps \(app.name)'s user state (selections, “Open supported links”)"
        if !kept.isEmpty { summary += "; keeps " + kept.joined(separator: ", ") }
        if !reset.isEmpty { summary += "; starts over for " + reset.joined(separator: ", ") }
        trace.add(actor, summary, rule: Rule.androidApplinksPackageLifecycle)
        let toVerify = Array(Set(again + reset.filter(declared.contains))).sorted()
        if !toVerify.isEmpty {
            schedule(index, hosts: toVerify, world: &world, trace: &trace, why: "The update asks for verification of the domains that start over")
        }
    }

    /// Applies one `pm` command. Returns the trace of what changed.
    static func run(_ command: PackageManagerCommand, world: inout World, trace: inout TraceRecorder) {
        let shell = "adb shell"
        trace.add(shell, command.text, rule: Rule.androidApplinksShell)
        guard world.device.platform == .android else {
            trace.add(shell, "This is an iOS device: pm does not exist here, nothing changes", rule: Rule.androidApplinksShell)
            return
        }
        guard Rule.androidApplinksShell.applies(to: world.device.os) else {
            trace.add(shell, "Android \(world.device.os) (API \(world.device.os.apiLevel)) has no DomainVerificationManager: these pm commands exist from Android 12, nothing changes",
                      rule: Rule.androidApplinksShell)
            return
        }
        let targets: [Int]
        if let package = command.package {
            guard let index = world.index(of: package), world.apps[index].state.isInstalled else {
                trace.add(shell, "Failure: package \(package) is not installed; nothing changes", rule: Rule.androidApplinksShell)
                return
            }
            targets = [index]
        } else {
            targets = world.apps.indices.filter { world.apps[$0].state.isInstalled }
        }
        for index in targets {
            switch command.verb {
            case .verifyAppLinks: verify(index, reVerify: command.reVerify, world: &world, trace: &trace)
            case .setAppLinks: setState(index, command.state, domains: command.domains, world: &world, trace: &trace)
            case .setAppLinksUserSelection: select(index, command.enabled, domains: command.domains, world: &world, trace: &trace)
            case .setAppLinksAllowed: allow(index, command.enabled, world: &world, trace: &trace)
            case .resetAppLinks: reset(index, world: &world, trace: &trace)
            }
        }
    }

    /// `pm verify-app-links [--re-verify]`: without --re-verify only domains with no recorded answer
    /// (`none`) are sent; with it, every domain whose state the agent may change.
    static func verify(_ index: Int, reVerify: Bool, world: inout World, trace: inout TraceRecorder) {
        let app = world.apps[index]
        var sent: [String] = []
        for host in AppLinkDomains.collect(app, api: world.device.os.apiLevel).autoVerify {
            let text = app.domainVerification[host] ?? app.verificationRecords[host]?.state ?? (app.verificationDueAt == nil ? nil : "none")
            guard let recorded = text.flatMap(DomainVerificationState.init) else { sent.append(host); continue }
            if reVerify ? recorded.agentMayChange : recorded.isDefault {
                world.apps[index].domainVerification[host] = nil
                sent.append(host)
            }
        }
        if sent.isEmpty {
            trace.add(actor, reVerify
                      ? "Every domain of \(app.name) is approved, denied or system-configured; the agent may not change them"
                      : "\(app.name)'s domains already have an answer; without --re-verify nothing is sent again",
                      rule: Rule.androidApplinksShell)
            return
        }
        schedule(index, hosts: sent, world: &world, trace: &trace, why: "pm verify-app-links sends \(app.name)'s domains to the agent")
    }

    /// `pm set-app-links --package P STATE domains|all`: only autoVerify domains take a state.
    static func setState(_ index: Int, _ state: DomainVerificationState?, domains: [String]?, world: inout World,
                         trace: inout TraceRecorder) {
        let app = world.apps[index]
        let declared = AppLinkDomains.collect(app, api: world.device.os.apiLevel).autoVerify
        let hosts = domains ?? declared
        for host in hosts {
            guard declared.contains(host) else {
                trace.add(actor, "\(host) is not one of \(app.name)'s autoVerify domains; set-app-links changes nothing for it",
                          rule: Rule.androidApplinksCollectedHosts)
                continue
            }
            world.apps[index].domainVerification[host] = (state ?? DomainVerificationState.none).description
            trace.add(actor, "\(app.name)'s state for \(host) is now \(state.map(String.init(describing:)) ?? "none (reset)")",
                      rule: Rule.androidApplinksState)
        }
        if state?.isVerified == true { verificationTakesOver(index, world: &world, trace: &trace) }
    }

    /// `pm set-app-links-user-selection --package P true|false domains|all`. A domain another app
    /// has verified cannot be selected (C6); a new selection replaces another app's (C5).
    static func select(_ index: Int, _ enabled: Bool, domains: [String]?, world: inout World, trace: inout TraceRecorder) {
        let app = world.apps[index]
        let declared = AppLinkDomains.collect(app, api: world.device.os.apiLevel).allWeb
        let hosts = domains ?? declared
        for host in hosts {
            guard declared.contains(where: { covers($0, host) }) else {
                trace.add(actor, "\(app.name) does not declare \(host); it cannot be selected for it", rule: Rule.androidApplinksUserSelection)
                continue
            }
            if !enabled {
                world.apps[index].userSelectedDomains.removeAll { $0 == host }
                trace.add(actor, "The user no longer opens \(host) in \(app.name)", rule: Rule.androidApplinksUserSelection)
                continue
            }
            if let owner = verifiedOwner(of: host, except: index, world: world) {
                trace.add(actor, "\(world.apps[owner].name) is verified for \(host); the user must first disassociate it, so the selection of \(app.name) is refused",
                          rule: Rule.androidApplinksSelectionVsVerified)
                continue
            }
            for other in world.apps.indices where other != index && world.apps[other].userSelectedDomains.contains(host) {
                world.apps[other].userSelectedDomains.removeAll { $0 == host }
                trace.add(actor, "\(host) was selected for \(world.apps[other].name); the newer selection replaces it",
                          rule: Rule.androidApplinksUserSelection)
            }
            if !world.apps[index].userSelectedDomains.contains(host) { world.apps[index].userSelectedDomains.append(host) }
            trace.add(actor, "The user opens \(host) in \(app.name) (“Links to open in this app”)", rule: Rule.androidApplinksUserSelection)
        }
    }

    /// `pm set-app-links-allowed --package P true|false`: the "Open supported links" switch.
    static func allow(_ index: Int, _ allowed: Bool, world: inout World, trace: inout TraceRecorder) {
        world.apps[index].linkHandlingAllowed = allowed
        trace.add(actor, "“Open supported links” is now \(allowed ? "on" : "off") for \(world.apps[index].name)",
                  rule: Rule.androidApplinksLinkHandlingOff)
    }

    /// `pm reset-app-links P`: every state back to `none` (until the agent answers again) and the
    /// user's state back to its defaults.
    static func reset(_ index: Int, world: inout World, trace: inout TraceRecorder) {
        let app = world.apps[index]
        for host in AppLinkDomains.collect(app, api: world.device.os.apiLevel).autoVerify {
            world.apps[index].domainVerification[host] = DomainVerificationState.none.description
        }
        world.apps[index].userSelectedDomains = []
        world.apps[index].linkHandlingAllowed = true
        trace.add(actor, "\(app.name)'s domain states are back to none and its user state to the defaults; `pm verify-app-links` asks the agent again",
                  rule: Rule.androidApplinksShell)
    }

    /// Another installed app whose link handling is allowed and that is verified for the host.
    static func verifiedOwner(of host: String, except index: Int, world: World) -> Int? {
        world.apps.indices.first { other in
            other != index && world.apps[other].state.isInstalled && world.apps[other].linkHandlingAllowed
                && currentStates(other, world: world).contains { covers($0.host, host) && $0.state?.isVerified == true }
        }
    }
}
