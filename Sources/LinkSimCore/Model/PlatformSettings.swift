extension Scenario {
    /// The scenario with the other platform's settings put back to their defaults: what a file written for this
    /// platform needs, and what loads without "has no effect on iOS/Android" warnings. The TUI's demo world
    /// carries both platforms' settings (so its platform knob can switch back and forth); a scenario saved from
    /// it for one platform writes only that platform's. The keys are the decoder's own lists of settings with no
    /// effect on the other platform (`iosOnlyAppKeys`, `androidOnlyAppKeys`, the device's).
    package func keepingOnlyItsPlatformsSettings() -> Scenario {
        var out = self
        let ios = device.platform == .ios
        let defaults = Device(platform: device.platform, os: device.os)
        if ios {
            out.device.installedBrowsers = defaults.installedBrowsers
            out.device.appLinkVerificationDelay = defaults.appLinkVerificationDelay
        } else {
            out.device.developerMode = defaults.developerMode
            out.device.privateRelay = defaults.privateRelay
            out.device.safariPrefersBrowser = defaults.safariPrefersBrowser
            out.device.schemeCollision = defaults.schemeCollision
            out.device.managed = defaults.managed
            out.device.associationDelay = defaults.associationDelay
        }
        for index in out.apps.indices {
            let plain = App(id: apps[index].id)
            if ios {
                out.apps[index].activities = plain.activities
                out.apps[index].manifestPath = plain.manifestPath
                out.apps[index].manifestPackage = plain.manifestPackage
                out.apps[index].targetSDK = plain.targetSDK
                out.apps[index].signingSHA256 = plain.signingSHA256
                out.apps[index].linkHandlingAllowed = plain.linkHandlingAllowed
                out.apps[index].userSelectedDomains = plain.userSelectedDomains
                out.apps[index].domainVerification = plain.domainVerification
                out.apps[index].behaviour.queries.queries = plain.behaviour.queries.queries
                out.apps[index].behaviour.queries.allPackages = plain.behaviour.queries.allPackages
            } else {
                out.apps[index].teamID = plain.teamID
                out.apps[index].associatedDomains = plain.associatedDomains
                out.apps[index].lifecycle = plain.lifecycle
                out.apps[index].build = plain.build
                out.apps[index].iosSDK = plain.iosSDK
                out.apps[index].infoPlistPath = plain.infoPlistPath
                out.apps[index].entitlementsPath = plain.entitlementsPath
                out.apps[index].behaviour.queries.schemes = plain.behaviour.queries.schemes
                out.apps[index].behaviour.scenes = plain.behaviour.scenes
            }
        }
        return out
    }
}
