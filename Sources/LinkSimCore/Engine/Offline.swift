/// `device.online: false` (contract §2.2): the device reaches no server. The one place that says what that
/// changes (rule `linksim.device-offline`); the navigation code asks `World.device.online` only to skip what
/// needs a server (redirects, a provider's page, a landing page, an App Clip card).
enum Offline {
    /// A landing in a browser needs the page: offline, the browser shows its error page instead.
    static func landing(_ landing: Landing?, world: World, trace: inout TraceRecorder) -> Landing? {
        guard !world.device.online, let landing, landing.kind == .browser else { return landing }
        let browser = landing.browser ?? .safari
        let url = landing.url ?? ""
        trace.add(
            browser.displayName,
            "The device is offline: \(browser.displayName) cannot load \(url) and shows its “not connected to the Internet” error page",
            rule: Rule.linksimDeviceOffline)
        return Landing(kind: .error, via: .web, browser: browser, url: url)
    }

    /// A store download needs the network: offline, `install` from a store, and any `update` (an update from the
    /// store, whatever the app was installed from), changes nothing.
    /// Returns true when the action is refused (and said so).
    static func refusesStoreDownload(_ app: App, update: Bool, source: InstallSource, world: World, trace: inout TraceRecorder) -> Bool {
        guard !world.device.online else { return false }
        if source == .sideload {
            // A sideloaded build installs without the network, but its association files cannot be fetched.
            trace.add(
                world.device.platform.displayName,
                "The device is offline: \(app.name) installs from the file, but its association files cannot be fetched now",
                rule: Rule.linksimDeviceOffline,
                assumption:
                    "assumption: linksim goes on as if they were fetched at \(update ? "the update" : "install"); when \(world.device.platform == .ios ? "iOS" : "the verification agent") retries a fetch that failed offline is not modelled"
            )
            return false
        }
        let store =
            source == .otherStore ? "The app store" : world.device.platform == .ios ? "The App Store" : "Google Play"
        trace.add(
            world.device.platform.displayName,
            "The device is offline: \(store) cannot download \(app.name), so nothing is \(update ? "updated" : "installed")",
            rule: Rule.linksimDeviceOffline)
        return true
    }
}
