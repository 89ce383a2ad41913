/// Behaviour the platforms' documentation leaves open, made switchable per scenario
/// (`assumptions:` in a scenario file). The defaults are the readings the knowledge files recommend;
/// the trace says "assumption: ..." whenever one of them decides a step.
package struct Assumptions: Sendable, Equatable {
    package enum Tristate: String, Sendable, CaseIterable {
        case auto
        case yes = "true"
        case no = "false"
    }
    /// iOS: taps inside SFSafariViewController open apps (Apple's archived guide) vs not (radars).
    package var sfSafariViewControllerTapsOpenApps = true
    /// iOS: a server redirect into a universal link opens the app. `auto`: from iOS 12 (TN3155), not before (radars).
    package var redirectsOpenApp: Tristate = .auto
    /// iOS: in-app browsers (Facebook, Instagram...) hand universal links to iOS. Reports say they usually do not.
    package var inAppBrowsersOpenApps = false
    /// iOS 18.4 quirk (FB17446617): the SwiftUI life cycle drops cold-start universal links. Off by default.
    package var swiftUIColdStartDrop184 = false
    /// iOS: an AASA served with a Content-Type other than application/json is refused (a reading some
    /// setup guides give). Off by default: today the header is documented but not enforced.
    package var aasaContentTypeStrict = false

    package init() {}
}
