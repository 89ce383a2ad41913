/// What `validate` says about the AASA and assetlinks.json files a scenario serves from `file:`.
///
/// `run` shows what a device makes of a broken file (the association denied, the verification failed);
/// `validate` does not simulate, so without this a team's mistyped file passed it as "ok". A scenario may
/// serve a broken file on purpose, so these are warnings, with the validator's own finding (`aasa validate`,
/// `assetlinks validate`) at its line and column in the served file. Only errors are reported: a file the
/// device reads with a questionable part is for `aasa validate` to discuss. Each file is checked once per
/// kind, however many hosts or `serve` actions serve it (and however its path is written); a body a device
/// never reads (an error status, a redirect) is not checked.
package enum ServedFileCheck {
    package struct Finding: Sendable, Equatable, CustomStringConvertible {
        /// The served file (resolved path).
        package var file: String
        /// Where the scenario serves it: `web.shop.example.com.aasa` or `action #2 (serve) shop.example.com.assetlinks`.
        package var servedAs: String
        package var finding: AASAFinding
        package var isAASA: Bool

        /// `FILE:line:column: warning: message (served as …; a device …)`.
        package var description: String {
            let place = [finding.line, finding.column].compactMap { $0 }.map(String.init).joined(separator: ":")
            let consequence =
                isAASA
                ? "iOS treats the association as missing; `linksim run` shows it"
                : "the Android verifier fails the host; `linksim run` shows it"
            let safeFile = SafeText.escape(file)
            return "\(place.isEmpty ? safeFile : safeFile + ":" + place): warning: \(finding.message) (served as \(servedAs); \(consequence))"
        }
    }

    package static func findings(in scenario: Scenario) -> [Finding] {
        var served: [(resource: WebResource, as: String, isAASA: Bool)] = []
        func collect(_ host: WebHost, name: String, keys: [String]?, prefix: String) {
            for (key, resource, isAASA) in [
                ("aasa", host.aasa, true), ("aasa_root", host.aasaRoot, true), ("cdn_aasa", host.cdnAASA, true),
                ("assetlinks", host.assetlinks, false),
            ] {
                guard let resource, keys?.contains(key) ?? true else { continue }
                served.append((resource, "\(prefix)\(name).\(key)", isAASA))
            }
        }
        for name in scenario.web.hosts.keys.sorted() {
            if let host = scenario.web.hosts[name] { collect(host, name: name, keys: nil, prefix: "web.") }
        }
        for (index, action) in scenario.actions.enumerated() {
            guard case .serve(let changes) = action.kind else { continue }
            for change in changes { collect(change.value, name: change.host, keys: change.keys, prefix: "action #\(index + 1) (serve) ") }
        }
        var checked = Set<String>()
        var out: [Finding] = []
        for entry in served {
            guard let file = entry.resource.file.map(OverlayFileReader.normalize), let body = entry.resource.body, entry.resource.redirect == nil,
                entry.resource.status == 200, checked.insert("\(entry.isAASA) \(file)").inserted
            else { continue }
            let findings = entry.isAASA ? AASAValidator.validate(body) : AssetLinksValidator.validate(body)
            for finding in findings where finding.severity == .error {
                out.append(Finding(file: file, servedAs: entry.as, finding: finding, isAASA: entry.isAASA))
            }
        }
        return out
    }
}
