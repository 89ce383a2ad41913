/// How a provider's server can tie a first open to an earlier click:
/// Play Install Referrer, advertising-ID matching, and the IP/network snapshot.
struct ClickMatching {
    /// iCloud Private Relay (iOS 15+, switched on) hides a click made in Safari behind a relay address.
    static func relayed(_ device: Device, browser: Browser) -> Bool {
        Rule.deferredMatchPrivateRelay.applies(to: device.os) && device.privateRelay && browser == .safari
    }

    var click: ProviderClick?
    /// Click → first open.
    var clickToOpen: SimDuration = SimDuration(seconds: 0)
    var referrer = false
    var deviceID = false
    var sameNetwork = false

    /// Evaluates the signals for the first open of app `index` now, narrating each one. `sentAfter`: how long after
    /// the launch the SDK sent its first request (an ATT wait), which decides whether the IDFA it read was authorized yet.
    /// The world is borrowed: an initializer takes its arguments owned, and the world was copied whole for each first open.
    init(
        provider: LinkProvider, app index: Int, world: borrowing World, trace: inout TraceRecorder, actor: String,
        sentAfter: SimDuration = SimDuration(seconds: 0)
    ) {
        let app = world.apps[index]
        let device = world.device
        guard let click = world.deferred.latestClick(for: app.id, provider: provider) else {
            trace.add(actor, "No \(provider.displayName) click was recorded for \(app.name); there is nothing to match", rule: Rule.deferredMatchNone)
            return
        }
        self.click = click
        clickToOpen = world.clock - click.time
        trace.add(actor, "The latest click on \(click.url) was \(clickToOpen) before this first open")

        if device.platform == .android {
            let installedAt = world.deferred.lastInstall(of: app.id) ?? world.clock
            if click.wentToPlayWithReferrer, app.installSource == .store, world.clock - installedAt <= .days(90) {
                referrer = true
                trace.add(
                    actor, "The Play Install Referrer returns the click that led to the Play page: a deterministic match", rule: Rule.deferredMatchReferrer)
            } else if click.wentToPlayWithReferrer, app.installSource == .store {
                trace.add(
                    actor,
                    "The Play Install Referrer is kept for 90 days after the install; this first open comes \(world.clock - installedAt) after it, so there is no referrer",
                    rule: Rule.deferredMatchReferrer)
            } else if app.installSource != .store {
                trace.add(
                    actor,
                    "\(app.name) was installed by \(app.installSource.rawValue.replacingOccurrences(of: "_", with: " ")), so there is no Google Play Install Referrer",
                    rule: Rule.deferredMatchReferrer)
            }
        }
        if click.adClick {
            let attGated = device.platform == .ios && Rule.deferredMatchIdfaAtt.applies(to: device.os)
            // The user's answer comes `att_answer_after` into the launch: a request sent before it carried zeros.
            let answeredLate = device.att == .authorized && (device.attAnswerAfter.map { $0 > sentAfter } ?? false)
            let readable = !attGated || (device.att == .authorized && !answeredLate)
            deviceID = readable
            if attGated {
                trace.add(
                    actor,
                    "On iOS \(device.os) the app reads the IDFA only after the user authorized App Tracking Transparency (ATT \(device.att.rawValue))",
                    rule: Rule.deferredMatchIdfaAtt)
            }
            let text: String
            if readable {
                text =
                    "The ad click carried the advertising ID and the app could read it when the SDK sent its request\(device.platform == .ios ? " (ATT \(device.att.rawValue))" : ""): an ID match"
            } else if attGated, answeredLate, let answer = device.attAnswerAfter {
                text =
                    "The ad click carried the IDFA, but the SDK sent its request \(sentAfter.seconds == 0 ? "at launch" : "\(sentAfter) after launch"), before the user authorized ATT (\(answer) after launch): it sent all zeros, no ID match"
            } else {
                text = "The ad click carried the IDFA, but with ATT \(device.att.rawValue) the app reads all zeros: no ID match"
            }
            trace.add(actor, text, rule: Rule.deferredMatchId)
        }
        if click.relayed {
            trace.add(
                actor, "The click came through iCloud Private Relay while the first open comes from the device's own IP; the IP snapshot cannot match",
                rule: Rule.deferredMatchPrivateRelay)
        } else if click.network != device.network {
            trace.add(
                actor, "The click came from network “\(click.network)”, the first open from “\(device.network)”; the IP snapshot cannot match",
                rule: Rule.deferredMatchNetworkChange)
        } else {
            sameNetwork = true
            // A5 is what an unrelayed click rests on only where Private Relay exists (iOS 15+): before, nothing is relayed.
            let inAppNote =
                device.platform == .ios && device.privateRelay && Rule.deferredMatchPrivateRelay.applies(to: device.os)
                ? "assumption A5: in-app browsers and apps are not routed through Private Relay; only Safari is" : nil
            // Deterministic methods take priority over probabilistic ones: with one already matched, the candidate decides
            // nothing, and neither do the assumptions about it.
            let deterministic = referrer || deviceID
            trace.add(
                actor,
                "Click and first open come from the same network “\(device.network)”: a probabilistic (IP + device) candidate"
                    + (deterministic ? ", not needed: the deterministic match takes priority" : ""),
                rule: Rule.deferredMatchProbabilistic,
                assumption: deterministic
                    ? nil
                    : inAppNote
                        ?? "assumption A7: probabilistic matching is binary — a match iff same network and same device within the window (real vendors use scores)"
            )
        }
    }

    var isDeterministic: Bool { referrer || deviceID }
}
