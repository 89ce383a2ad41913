import Foundation

/// The `pm` shell commands QA type to inspect and change App Link state.
extension DomainVerificationTransitions {
    /// Whether `pm get-app-links` and the other DomainVerificationManager commands exist on this device.
    static func hasShell(on os: OSVersion) -> Bool { Rule.androidApplinksShell.applies(to: os) }

    /// Applies one `pm` command. Returns the trace of what changed.
    static func run(_ command: PackageManagerCommand, world: inout World, trace: inout TraceRecorder) {
        let shell = "adb shell"
        trace.add(shell, command.text, rule: Rule.androidApplinksShell)
        guard world.device.platform == .android else {
            trace.add(shell, "This is an iOS device: pm does not exist here, nothing changes", rule: Rule.androidApplinksShell)
            return
        }
        guard hasShell(on: world.device.os) else {
            trace.add(
                shell,
                "Android \(world.device.os) (API \(world.device.os.apiLevel)) has no DomainVerificationManager: these pm commands exist from Android 12, nothing changes",
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
            let recordedState =
                app.domainVerification[host] ?? app.verificationRecords[host]?.state ?? (app.verificationDueAt == nil ? nil : DomainVerificationState.none)
            guard let recorded = recordedState else {
                sent.append(host)
                continue
            }
            if reVerify ? recorded.agentMayChange : recorded.isDefault {
                world.apps[index].domainVerification[host] = nil
                sent.append(host)
            }
        }
        if sent.isEmpty {
            trace.add(
                actor,
                reVerify
                    ? "Every domain of \(app.name) is approved, denied or system-configured; the agent may not change them"
                    : "\(app.name)'s domains already have an answer; without --re-verify nothing is sent again",
                rule: Rule.androidApplinksShell)
            return
        }
        schedule(index, hosts: sent, world: &world, trace: &trace, why: "pm verify-app-links sends \(app.name)'s domains to the agent")
    }

    /// `pm set-app-links --package P STATE domains|all`: only autoVerify domains take a state.
    static func setState(
        _ index: Int, _ state: DomainVerificationState?, domains: [String]?, world: inout World,
        trace: inout TraceRecorder
    ) {
        let app = world.apps[index]
        let declared = AppLinkDomains.collect(app, api: world.device.os.apiLevel).autoVerify
        let hosts = domains ?? declared
        for host in hosts {
            guard declared.contains(host) else {
                AppLinkDomains.tellCollectedHosts(
                    actor, "\(host) is not one of \(app.name)'s autoVerify domains; set-app-links changes nothing for it", trace: &trace)
                continue
            }
            world.apps[index].domainVerification[host] = state ?? DomainVerificationState.none
            AppLinkDomains.tellState(
                actor, "\(app.name)'s state for \(host) is now \(state.map(String.init(describing:)) ?? "none (reset)")", trace: &trace)
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
                AppLinkDomains.tellUserSelection(actor, "\(app.name) does not declare \(host); it cannot be selected for it", trace: &trace)
                continue
            }
            if !enabled {
                world.apps[index].userSelectedDomains.removeAll { $0 == host }
                AppLinkDomains.tellUserSelection(actor, "The user no longer opens \(host) in \(app.name)", trace: &trace)
                continue
            }
            if let owner = verifiedOwner(of: host, except: index, world: world) {
                trace.add(
                    actor, "\(world.apps[owner].name) is verified for \(host); the user must first disassociate it, so the selection of \(app.name) is refused",
                    rule: Rule.androidApplinksSelectionVsVerified)
                continue
            }
            for other in world.apps.indices where other != index && world.apps[other].userSelectedDomains.contains(host) {
                world.apps[other].userSelectedDomains.removeAll { $0 == host }
                AppLinkDomains.tellUserSelection(
                    actor, "\(host) was selected for \(world.apps[other].name); the newer selection replaces it", trace: &trace)
            }
            if !world.apps[index].userSelectedDomains.contains(host) { world.apps[index].userSelectedDomains.append(host) }
            AppLinkDomains.tellUserSelection(actor, "The user opens \(host) in \(app.name) (“Links to open in this app”)", trace: &trace)
        }
    }

    /// `pm set-app-links-allowed --package P true|false`: the "Open supported links" switch.
    static func allow(_ index: Int, _ allowed: Bool, world: inout World, trace: inout TraceRecorder) {
        world.apps[index].linkHandlingAllowed = allowed
        AppLinkDomains.tellLinkHandlingOff(
            actor, "“Open supported links” is now \(allowed ? "on" : "off") for \(world.apps[index].name)", trace: &trace)
    }

    /// `pm reset-app-links P`: every state back to `none` (until the agent answers again) and the
    /// user's state back to its defaults.
    static func reset(_ index: Int, world: inout World, trace: inout TraceRecorder) {
        let app = world.apps[index]
        for host in AppLinkDomains.collect(app, api: world.device.os.apiLevel).autoVerify {
            world.apps[index].domainVerification[host] = DomainVerificationState.none
        }
        world.apps[index].userSelectedDomains = []
        world.apps[index].linkHandlingAllowed = true
        trace.add(
            actor, "\(app.name)'s domain states are back to none and its user state to the defaults; `pm verify-app-links` asks the agent again",
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
