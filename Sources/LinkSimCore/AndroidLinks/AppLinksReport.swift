/// What `adb shell pm get-app-links [--user 0] [PACKAGE]` prints on the scenario's device,
/// so QA can compare it with a real device line by line.
package enum AppLinksReport {
    /// Whether `pm get-app-links` exists on a device of this version (Android 12+).
    package static func commandExists(on os: OSVersion) -> Bool { DomainVerificationTransitions.hasShell(on: os) }

    package struct AppError: Error, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// The report for every installed app that declares web links (or only `appID`).
    package static func render(_ scenario: Scenario, appID: String?, user: Bool) throws(AppError) -> String {
        let api = scenario.device.os.apiLevel
        var apps = scenario.apps.filter { $0.state.isInstalled }
        if let appID {
            guard let app = scenario.apps.first(where: { $0.id == appID }) else {
                throw AppError(description: "no app `\(appID)` in the scenario\(Suggestion.didYouMean(appID, among: scenario.apps.map(\.id)))")
            }
            guard app.state.isInstalled else { throw AppError(description: "`\(appID)` is not installed on the device (state: not_installed)") }
            apps = [app]
        }
        var out = ""
        for app in apps {
            let collection = AppLinkDomains.collect(app, api: api)
            if appID == nil, collection.allWeb.isEmpty, collection.autoVerify.isEmpty { continue }
            out += "  \(app.id):\n"
            out += "    ID: \(packageID(app.id))\n"
            out += "    Signatures: [\(app.signingSHA256.map { $0.uppercased() }.joined(separator: ", "))]\n"
            if !collection.invalid.isEmpty {
                out += "    Invalid autoVerify domains:\n"
                for host in collection.invalid { out += "      \(host)\n" }
            }
            out += "    Domain verification state:\n"
            let states = AppLinkDomains.states(app, api: api, web: scenario.web)
            for entry in states.sorted(by: { $0.host < $1.host }) {
                out += "      \(entry.host): \(entry.state)\n"
            }
            if user {
                out += "    User 0:\n"
                out += "      Verification link handling allowed: \(app.linkHandlingAllowed)\n"
                out += "      Selection state:\n"
                let selected = app.userSelectedDomains.map { $0.lowercased() }
                out += "        Enabled:\n"
                for host in collection.allWeb.filter({ selected.contains($0) }).sorted() { out += "          \(host)\n" }
                out += "        Disabled:\n"
                for host in collection.allWeb.filter({ !selected.contains($0) }).sorted() { out += "          \(host)\n" }
            }
        }
        return out
    }

    /// A real device shows a random UUID per package; linksim derives a stable one from the package name.
    static func packageID(_ package: String) -> String {
        var h1: UInt64 = 0xcbf2_9ce4_8422_2325
        var h2: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in package.utf8 {
            h1 = (h1 ^ UInt64(byte)) &* 0x100_0000_01b3
            h2 = (h2 &+ UInt64(byte)) &* 0x9e37_79b9_7f4a_7c15
        }
        func hex(_ v: UInt64, _ digits: Int) -> String {
            let s = String(v, radix: 16)
            return String(repeating: "0", count: max(0, 16 - s.count)) + s
        }
        let a = hex(h1, 16)
        let b = hex(h2, 16)
        let all = Array(a + b)
        func slice(_ from: Int, _ count: Int) -> String { String(all[from..<(from + count)]) }
        return "\(slice(0, 8))-\(slice(8, 4))-\(slice(12, 4))-\(slice(16, 4))-\(slice(20, 12))"
    }
}
