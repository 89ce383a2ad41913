/// iPad multi-window: which of an app's open windows (scenes) receives a link (issue #18 item 5).
enum AppScenes {
    static let sceneKey = LandingFact.scene
    static let newWindow = "new window"

    /// Picks the window for `url` and narrates it; nil when the app has no `scenes:` (one window, nothing to choose).
    static func pick(_ app: App, url: String, cold: Bool, trace: inout TraceRecorder) -> String? {
        let scenes = app.behaviour.scenes
        guard !scenes.isEmpty else { return nil }
        if cold {
            trace.add("iOS", "\(app.name) was not running, so none of its windows is open: the link gets a new window", rule: Rule.iosSceneColdNewWindow)
            return newWindow
        }
        switch app.lifecycle {
        case .swiftui:
            if let scene = scenes.first(where: { matches($0.prefers, url) }) {
                trace.add(
                    "iOS", "SwiftUI sends the link to the open window \(scene.name), which prefers it", rule: Rule.iosSceneSwiftUIExternalEvents)
                return scene.name
            }
            if let scene = scenes.first(where: { matches($0.allows, url) }) {
                trace.add(
                    "iOS", "No open window prefers the link; SwiftUI sends it to \(scene.name), which allows it", rule: Rule.iosSceneSwiftUIExternalEvents)
                return scene.name
            }
            trace.add(
                "iOS", "No open window prefers or allows the link: SwiftUI creates a new window for it (the open windows do not change)",
                rule: Rule.iosSceneSwiftUIExternalEvents)
            return newWindow
        case .scenes, .appDelegate:
            let front = scenes[0]
            trace.add(
                "iOS", "\(scenes.count) windows are open; the link goes to \(front.name), the one in front", rule: Rule.iosSceneUIKitOpenScenes,
                assumption:
                    "assumption: for a URL (no targetContentIdentifier) Apple does not document which open scene UIKit picks; linksim takes the window in front"
            )
            return front.name
        }
    }

    /// SwiftUI's matching: a string matches when the URL contains it; "*" matches everything; an empty string never.
    static func matches(_ conditions: [String], _ url: String) -> Bool {
        conditions.contains { $0 == "*" || (!$0.isEmpty && url.contains($0)) }
    }
}
