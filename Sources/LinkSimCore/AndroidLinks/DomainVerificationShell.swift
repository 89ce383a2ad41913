import Foundation

/// Android 12+ domain verification as a state machine, as AOSP's DomainVerificationService keeps
/// it (AOSP DomainVerificationShell; CTS DomainVerificationIntentStandaloneTests C1–C8):
/// per package and domain a verification state, per user a "link handling allowed" switch and a set
/// of selected domains, and the transitions that install, update, uninstall and the `pm` shell
/// commands make.
///
/// linksim keeps the verifier's answer live (computed from what the hosts serve when a tap asks),
/// and records in `App.domainVerification` only the states that something other than a fresh
/// verifier run decided (`pm set-app-links`, a reset, the scenario). A transition that makes the
/// agent verify again removes the recorded state, so the next question sees the verifier's answer.

/// What the verification agent answered for one domain, and when.
struct VerificationRecord: Sendable, Equatable {
    var state: DomainVerificationState
    var steps: [TraceStep]
    var dynamic: [DynamicComponent]?
    var at: SimInstant

    /// The same answer: state, time, dynamic rules, and the steps' actors, rules and assumptions. The steps'
    /// text explains the answer and is written only when a trace is shown (`TraceDetail`), so a world
    /// simulated without it is in the same state as one simulated with it.
    static func == (lhs: VerificationRecord, rhs: VerificationRecord) -> Bool {
        lhs.state == rhs.state && lhs.at == rhs.at && lhs.dynamic == rhs.dynamic && lhs.steps.count == rhs.steps.count
            && zip(lhs.steps, rhs.steps).allSatisfy { $0.actor == $1.actor && $0.rule == $1.rule && $0.assumption == $1.assumption }
    }
}

/// The transitions. Each adds trace steps that cite the rule deciding it.
enum DomainVerificationTransitions {
    /// Verifier states the AOSP agent retries on its periodic job (VerifyStatus.kt): no response,
    /// unknown, timeout, redirect. A rejection (1026) waits for an update or `pm verify-app-links`.
    static let retriedStates: Set<DomainVerificationState> = [.none, .code(1024), .code(1027), .code(1029)]
    static let retryPeriod = SimDuration.hours(24)

    /// Runs the agent for every autoVerify domain of the app against what the servers serve now,
    /// and records its answers.
    static func runAgent(_ index: Int, world: inout World, at time: SimInstant, hosts only: Set<String>? = nil) {
        let app = world.apps[index]
        // Without trace text the record keeps its steps bare, as every step that reads it carries them.
        let verifier = AssetLinksVerifier(web: world.web(at: time), os: world.device.os, explains: world.explains)
        for host in AppLinkDomains.collect(app, api: world.device.os.apiLevel).autoVerify where only?.contains(host) ?? true {
            let result = verifier.verify(host: host, package: app.id, fingerprints: app.signingSHA256)
            world.apps[index].verificationRecords[host] = VerificationRecord(
                state: result.state, steps: result.steps,
                dynamic: result.dynamicComponents, at: time)
        }
    }

    /// The scenario's start: apps installed then have the agent's answers from the servers as they are.
    /// The answers are a function of the scenario's start alone (its web, device and apps, which the world
    /// holds unchanged here), so they are made once per scenario and trace detail (Model/ScenarioCache.swift).
    static func recordInitialAnswers(world: inout World) {
        guard world.device.platform == .android else { return }
        world.apps = world.scenarioCache.initialAnswers(explains: world.explains) {
            var start = world
            for index in start.apps.indices where start.apps[index].state.isInstalled {
                runAgent(index, world: &start, at: start.clock)
            }
            return start.apps
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
                trace.add(
                    actor, "At \(due) the verification agent answers for \(world.apps[index].name): \(answers.joined(separator: ", "))",
                    rule: Rule.androidApplinksPackageLifecycle)
                verificationTakesOver(index, world: &world, trace: &trace)
                continue
            }
            // Looked for before the app and the filtered copy are made: nearly every app at nearly every action has
            // none (the records are read in place, and `due` is a function, not a closure kept in a constant, which
            // cost an allocation per app and action; issue #14).
            let now = world.clock
            func due(_ record: VerificationRecord) -> Bool { retriedStates.contains(record.state) && record.at + retryPeriod <= now }
            guard world.apps[index].verificationRecords.values.contains(where: due) else { continue }
            let app = world.apps[index]
            let retry = app.verificationRecords.filter { due($0.value) }
            // A state the shell or the scenario recorded stands until something asks the agent again.
            guard !retry.isEmpty, !retry.keys.contains(where: { app.domainVerification[$0] != nil }) else { continue }
            let when = retry.values.map { $0.at + retryPeriod }.min() ?? world.clock
            runAgent(index, world: &world, at: when, hosts: Set(retry.keys))
            let answers = retry.keys.sorted().map { "\($0): \(world.apps[index].verificationRecords[$0].map { $0.state.description } ?? "?")" }
            trace.add(
                actor,
                "The agent's periodic job (every 24 h) retried \(world.apps[index].name)'s unanswered domains at \(when): \(answers.joined(separator: ", "))",
                rule: Rule.androidApplinksPackageLifecycle)
            verificationTakesOver(index, world: &world, trace: &trace)
        }
    }

    /// Schedules the agent after an install, an update or `pm verify-app-links`.
    static func schedule(_ index: Int, hosts: [String], world: inout World, trace: inout TraceRecorder, why: String) {
        for host in hosts { world.apps[index].verificationRecords[host] = nil }
        let due = world.clock + world.device.appLinkVerificationDelay
        world.apps[index].verificationDueAt = due
        trace.add(
            actor,
            "\(why): the verification agent checks \(hosts.joined(separator: ", ")) in the background and answers at \(due) (\(world.device.appLinkVerificationDelay) later); until then the state is none",
            rule: Rule.androidApplinksPackageLifecycle)
    }

    static let actor = "Android"

    static func covers(_ entry: String, _ host: String) -> Bool {
        entry == host || (entry.hasPrefix("*.") && host.hasSuffix(String(entry.dropFirst(1))))
    }

    /// The app's current state for each autoVerify host (recorded, else the verifier's answer).
    static func currentStates(_ index: Int, world: World) -> [(host: String, state: DomainVerificationState?)] {
        AppLinkDomains.states(world.apps[index], api: world.device.os.apiLevel, web: world.web)
            .map { ($0.host, $0.state) }
    }

    /// A newly verified domain takes the domain away from every other app's user selection, but only
    /// when the verified app's link handling is allowed at that moment (CTS C4, C8).
    static func verificationTakesOver(_ index: Int, world: inout World, trace: inout TraceRecorder) {
        let app = world.apps[index]
        // Android 6–11 keep no per-domain user selection for a verified app to take over.
        guard app.linkHandlingAllowed, AppLinkDomains.keepsUserSelections(on: world.device.os) else { return }
        // Only another app's selection can be cleared: without one, there is nothing to work out.
        guard world.apps.indices.contains(where: { $0 != index && !world.apps[$0].userSelectedDomains.isEmpty }) else { return }
        for entry in currentStates(index, world: world) where entry.state?.isVerified == true {
            for other in world.apps.indices where other != index {
                let before = world.apps[other].userSelectedDomains
                world.apps[other].userSelectedDomains.removeAll { covers(entry.host, $0) }
                if before != world.apps[other].userSelectedDomains {
                    AppLinkDomains.tellUserSelection(
                        actor, "\(app.name) is verified for \(entry.host): the user's selection of \(entry.host) for \(world.apps[other].name) is cleared",
                        trace: &trace)
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
        trace.add(
            actor, "Removes \(app.name)'s domain verification and user state; a later install starts fresh",
            rule: Rule.androidApplinksPackageLifecycle)
    }

    /// An install from scratch: the verifier checks every autoVerify domain (live from the servers).
    static func install(_ index: Int, world: inout World, trace: inout TraceRecorder) {
        guard AppLinkDomains.verifiesDomains(on: world.device.os) else { return }
        world.apps[index].verificationRecords = [:]
        let hosts = AppLinkDomains.collect(world.apps[index], api: world.device.os.apiLevel).autoVerify
        guard !hosts.isEmpty else { return }
        schedule(index, hosts: hosts, world: &world, trace: &trace, why: "The install asks for verification")
    }

    /// An update (same signer): verified, approved, denied, migrated and restored survive for
    /// still-declared domains; every other state starts over and the agent verifies again. The
    /// user's selections and "Open supported links" survive (CTS C3, C7).
    static func update(_ index: Int, world: inout World, trace: inout TraceRecorder) {
        guard AppLinkDomains.verifiesDomains(on: world.device.os) else { return }
        guard AppLinkDomains.keepsDomainStates(on: world.device.os) else {
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
            return !record.state.survivesUpdate
        }
        var kept: [String] = []
        var reset: [String] = []
        for host in app.domainVerification.keys.sorted() {
            let state = app.domainVerification[host]
            if declared.contains(host), state?.survivesUpdate == true {
                kept.append("\(host) (\(state.map(String.init(describing:)) ?? "?"))")
            } else {
                world.apps[index].domainVerification[host] = nil
                reset.append(host)
            }
        }
        for host in declared.sorted() where app.domainVerification[host] == nil {
            if let record = app.verificationRecords[host], record.state.survivesUpdate {
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
}

extension DomainVerificationTransitions {
    /// A step of the package's verification life cycle: install, update, uninstall, the agent's answer or retry.
    static func lifecycleStep(_ actor: String, _ summary: String) -> TraceStep {
        TraceStep(actor: actor, summary: summary, rule: Rule.androidApplinksPackageLifecycle)
    }

    static func tellLifecycle(_ actor: String, _ summary: @autoclosure () -> String, trace: inout TraceRecorder) {
        trace.append(lifecycleStep(actor, trace.explains ? summary() : ""))
    }
}
