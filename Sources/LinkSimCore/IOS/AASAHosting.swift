import Foundation

/// What the device ends up holding for one host's apple-app-site-association file.
enum AssociationOutcome {
    /// The file, as read from its served body (read once for the scenario, and prepared once per app).
    case approved(ServedBody)
    /// The file, read for this check (a body without a kept reading).
    case approvedDocument(AASADocument)
    /// The association is not established (bad status, redirect, size, JSON): links open in the browser.
    case denied(String)
    /// 5xx: temporarily unavailable; no association until a later check succeeds.
    case unavailable(String)
}

/// How iOS obtains an association file: where it asks, which HTTP answers
/// count, and what Apple's CDN holds. Each decision is a trace step with its rule.
struct AASAFetcher {
    let web: Web
    let ios: OSVersion
    /// The scenario's start: the time the server's current file is assumed to have been published.
    let scenarioStart: SimInstant
    /// What the servers served over time (`serve:` actions); the CDN lags each change by up to 24 h.
    var history: [WebVersion] = []
    /// An alternate-mode (developer) fetch on a device in developer mode: an untrusted certificate is accepted.
    var acceptsUntrustedCertificate = false
    /// `assumptions.aasa_content_type_strict`: a Content-Type other than application/json denies the file.
    var strictContentType = false

    static let cdnRefresh = SimDuration.hours(24)

    /// From iOS 14 the device gets association files from Apple's CDN, not from the server (a default-mode entry).
    static func cdnServes(on os: OSVersion) -> Bool { Rule.iosAasaHostCdn.applies(to: os) }

    /// Fetches the file for `host` as the device does at `time`, through Apple's CDN or directly.
    func fetch(host: String, viaCDN: Bool, at time: SimInstant, trace: inout TraceRecorder) -> AssociationOutcome {
        let webHost = web[host]
        if viaCDN, let lagging = cdnLag(host: host, at: time) {
            trace.add(
                "Apple CDN",
                "\(host)'s file changed at \(lagging.changedAt); the CDN picks a change up within 24 hours, so at \(time) it still serves the file from before",
                rule: Rule.iosAasaHostCdn,
                assumption: "assumption: Apple's CDN refreshes exactly 24 hours after a change (Apple: “within 24 hours”)")
            if lagging.fromStart, let cdnCopy = lagging.web[host]?.cdnAASA, time < scenarioStart + Self.cdnRefresh {
                return evaluate(cdnCopy, host: host, location: "Apple's CDN copy", actor: "Apple CDN", trace: &trace)
            }
            return AASAFetcher(web: lagging.web, ios: ios, scenarioStart: scenarioStart).fromServer(host: host, actor: "Apple CDN", trace: &trace)
        }
        if viaCDN {
            if let cdnCopy = webHost?.cdnAASA, time < scenarioStart + Self.cdnRefresh {
                trace.add(
                    "Apple CDN", "Serves its cached copy of \(host)'s file (\(cdnCopy.origin))",
                    rule: Rule.iosAasaHostCdn,
                    assumption:
                        "assumption: the server's current file was published at the scenario's start; Apple's CDN picks it up after 24 hours (Apple: “within 24 hours”), so until \(scenarioStart + Self.cdnRefresh) the CDN still serves cdn_aasa"
                )
                return evaluate(cdnCopy, host: host, location: "Apple's CDN copy", actor: "Apple CDN", trace: &trace)
            }
            trace.add(
                "Apple CDN", "Holds the file the server \(host) answers (the CDN fetches it from the server)",
                rule: Rule.iosAasaHostCdn)
            return fromServer(host: host, actor: "Apple CDN", trace: &trace)
        }
        return fromServer(host: host, actor: "iOS (swcd)", trace: &trace)
    }

    /// When a `serve:` changed this host's AASA less than 24 hours before `time`, the web the CDN
    /// still answers from (the newest version at least 24 hours old, or the scenario's start).
    private func cdnLag(host: String, at time: SimInstant) -> (web: Web, changedAt: SimInstant, fromStart: Bool)? {
        guard history.count > 1 else { return nil }
        let changes = history.dropFirst().filter {
            $0.since <= time && $0.changedHosts.contains(host)
                && ($0.web[host]?.aasa != nil || $0.web[host]?.aasaRoot != nil || $0.web[host]?.cdnAASA != nil)
        }
        guard let latest = changes.last, time < latest.since + Self.cdnRefresh else { return nil }
        let settledIndex = history.lastIndex { $0.since + Self.cdnRefresh <= time } ?? 0
        return (history[settledIndex].web, latest.since, settledIndex == 0)
    }

    /// `.well-known` first, then the root location.
    fileprivate func fromServer(host: String, actor: String, trace: inout TraceRecorder) -> AssociationOutcome {
        let webHost = web[host]
        if let tls = webHost?.tls, tls != .valid {
            if tls == .selfSigned, acceptsUntrustedCertificate {
                trace.add(
                    actor, "\(host) presents a self-signed certificate; in developer mode iOS accepts a certificate the system does not trust",
                    rule: Rule.iosAasaHostTls)
            } else {
                trace.add(
                    actor, "GET https://\(host)/.well-known/apple-app-site-association fails: \(tls.failure); the association is not established",
                    rule: Rule.iosAasaHostTls)
                return .denied(tls.failure)
            }
        }
        let wellKnown = webHost?.aasa ?? .notFound
        let first = evaluate(
            wellKnown, host: host, location: "https://\(host)/.well-known/apple-app-site-association",
            actor: actor, trace: &trace)
        if case .approved = first { return first }
        if case .approvedDocument = first { return first }
        if case .unavailable = first { return first }
        guard let root = webHost?.aasaRoot else { return first }
        trace.add(
            actor, "Falls back to the legacy root location", rule: Rule.iosAasaHostLocation,
            assumption: "assumption: iOS checks /.well-known first, then the root (not documented by Apple today; observed, e.g. github.com)")
        return evaluate(root, host: host, location: "https://\(host)/apple-app-site-association", actor: actor, trace: &trace)
    }

    /// Applies the HTTP rules to one answer.
    private func evaluate(
        _ resource: WebResource, host: String, location: @autoclosure () -> String, actor: String,
        trace: inout TraceRecorder
    ) -> AssociationOutcome {
        let status = resource.status
        if resource.redirect != nil || (300..<400).contains(status) {
            trace.add(
                actor,
                "GET \(location()) → \(status)\(resource.redirect.map { " Location: \($0)" } ?? ""); redirects are not followed, so the association is not established",
                rule: Rule.iosAasaHostNoRedirects)
            return .denied("the AASA request was redirected")
        }
        if status == 403 || status == 404 {
            trace.add(
                actor, "GET \(location()) → \(status); the site denied access", rule: Rule.iosAasaHostStatus,
                detail: status == 404 && resource.body == nil ? "The scenario's web section does not serve this file." : nil)
            return .denied("\(status) for the AASA file")
        }
        if (500..<600).contains(status) {
            trace.add(
                actor, "GET \(location()) → \(status); temporarily unavailable, no association until a later check succeeds",
                rule: Rule.iosAasaHostStatus)
            return .unavailable("\(status) for the AASA file")
        }
        if status != 200 {
            trace.add(actor, "GET \(location()) → \(status); only 200 is accepted", rule: Rule.iosAasaHostStatus)
            return .denied("\(status) for the AASA file")
        }
        let body = resource.body ?? []
        trace.add(actor, "GET \(location()) → 200 (\(body.count) bytes, \(resource.contentType))", rule: Rule.iosAasaHostStatus)
        // The exact, usual value first: Foundation's trimming cost more than the rest of the fetch.
        if resource.contentType != "application/json",
            resource.contentType.lowercased().split(separator: ";").first.map({ $0.trimmingCharacters(in: .whitespaces) }) != "application/json"
        {
            if strictContentType {
                trace.add(
                    actor, "Content-Type is \(resource.contentType), not application/json; under the strict reading the file is refused",
                    rule: Rule.iosAasaHostContentTypeStrict,
                    assumption:
                        "assumption: the scenario switched on the strict reading some setup guides give (assumptions.aasa_content_type_strict); today's observed behaviour is that iOS does not enforce the header"
                )
                return .denied("Content-Type \(resource.contentType)")
            }
            trace.add(
                actor, "Content-Type is \(resource.contentType), not application/json; iOS does not enforce it",
                rule: Rule.iosAasaHostContentType)
        }
        if let rule = AASADocument.sizeRejection(body.count, ios: ios) {
            trace.add(actor, "The file is \(body.count) bytes, over the 128 KB limit; it is rejected", rule: rule)
            return .denied("the AASA file is over 128 KB")
        }
        if let served = resource.parsed {
            // The kept reading: whether it is valid is asked without copying the document out.
            guard let problem = served.aasaProblem else { return .approved(served) }
            trace.add(actor, "The file is not valid JSON (\(problem)); the association is denied", rule: Rule.iosAasaHostInvalidJson)
            return .denied("invalid JSON")
        }
        switch AASAVerdicts.parse(body) {
        case .success(let document):
            return .approvedDocument(document)
        case .failure(let problem):
            trace.add(actor, "The file is not valid JSON (\(problem)); the association is denied", rule: Rule.iosAasaHostInvalidJson)
            return .denied("invalid JSON")
        }
    }
}
