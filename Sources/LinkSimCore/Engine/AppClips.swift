import Foundation

/// App Clips (issue #18 item 6): a link registered as an App Clip experience shows the App Clip card
/// when the full app is not installed; the clip must be listed in the host's AASA `appclips` section.
enum AppClips {
    /// Handles an iOS tap on a link of an App Clip experience; nil when the normal resolution applies.
    static func tap(_ tap: Tap, parts: URLParts, world: inout World, trace: inout TraceRecorder) -> Landing? {
        // Offline, the card cannot download the clip: the link is an ordinary web link (the full app may claim it).
        guard world.device.online, world.device.platform == .ios, Rule.iosAppClipCard.applies(to: world.device.os), let host = parts.host,
            let experience = world.web[host]?.appClip,
            experience.paths.contains(where: { Glob.matches(pattern: Array($0.utf8), text: Array(parts.path.utf8)) })
        else { return nil }
        // Address bars and in-page loads never invoke a clip; the card comes with a tap the system handles.
        guard [.notes, .messages, .mail, .qrCode, .safari, .otherApp].contains(tap.from) else { return nil }
        guard let parent = world.index(of: experience.parent) else {
            let reason = "web.\(host).app_clip.parent `\(experience.parent)` is not an app in the scenario, so the clip's team ID is unknown"
            trace.add("linksim", "Unknown: \(reason)", rule: Rule.linksimNotModelled)
            return .unknown(reason)
        }
        if world.apps[parent].state.isInstalled {
            trace.add(
                "iOS",
                "\(tap.url) is an App Clip experience, but the full app \(world.apps[parent].name) is installed: it replaces the clip, and the link goes to it",
                rule: Rule.iosAppClipCard)
            return nil
        }
        let teamID = world.apps[parent].teamID
        let clipID = "\(teamID ?? "TEAMID").\(experience.clip)"
        let listed = appClipsListed(in: world.web[host]?.aasa)
        guard let listed, listed.contains(clipID) else {
            trace.add(
                "iOS",
                "\(tap.url) is registered as an App Clip experience, but https://\(host)/.well-known/apple-app-site-association \(listed == nil ? "has no appclips section" : "does not list \(clipID) in appclips.apps"): no App Clip card",
                rule: Rule.iosAppClipCard)
            return nil
        }
        trace.add(
            "iOS", "\(host)'s AASA lists \(clipID) in appclips.apps and the full app is not installed: iOS shows the App Clip card; the user taps Open",
            rule: Rule.iosAppClipCard,
            assumption: "assumption: the user opens the card in the same action (a scenario cannot answer the card yet)")
        let routed: AppRouter.Outcome? = AppRouter.route(tap.url, in: world.apps[parent], webLink: true)
        trace.add(
            experience.clip,
            "The clip launches with the invocation URL (NSUserActivityTypeBrowsingWeb)\(routed?.route.map { " and shows \($0.screen)" } ?? "")",
            rule: Rule.iosAppClipCard,
            assumption: "assumption: the clip routes the URL with the full app's router")
        var landing = Landing(
            kind: .app, app: experience.clip, screen: routed?.screen, params: routed?.params ?? [:], via: .universalLink,
            callback: "NSUserActivityTypeBrowsingWeb", delivered: true)
        landing.extra[.appClip] = "true"
        return landing
    }

    /// The `appclips.apps` list of a served AASA body; nil when there is no such section.
    static func appClipsListed(in resource: WebResource?) -> [String]? {
        guard let resource, resource.status == 200, let body = resource.body,
            let root = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let section = root["appclips"] as? [String: Any]
        else { return nil }
        return (section["apps"] as? [Any])?.compactMap { $0 as? String } ?? []
    }
}
