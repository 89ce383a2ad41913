/// What a link provider serves for its own domain.
enum ProviderHosting {
    /// An AASA file that lists every app claiming `host` (with its team ID) for every path.
    static func aasaHost(_ host: String, apps: [App]) -> WebHost {
        let ids = apps.filter { app in app.associatedDomains.contains { AppLinksEntry($0)?.covers(host) == true } }
            .compactMap { app in app.teamID.map { "\($0).\(app.id)" } }
        let json =
            "{\"applinks\": {\"details\": [{\"appIDs\": [" + ids.map(JSONText.quote).joined(separator: ", ")
            + "], \"components\": [{\"/\": \"*\"}]}]}}"
        // What reading that text gives (ProviderHostingTests checks the two agree): a tap does not parse
        // the file it has just written.
        let document = AASADocument(details: [AASADetail(appIDs: ids, components: [AASAComponent(path: "*")])])
        var webHost = WebHost(host: host)
        webHost.aasa = WebResource(body: Array(json.utf8), aasa: document, origin: "served by the link provider")
        return webHost
    }

    /// The signing fingerprint linksim gives an app that claims a provider domain when the scenario
    /// gives it none: the provider's dashboard has the real one.
    static let dashboardKey = "dashboard-key"

    /// Android: the assetlinks.json each provider domain an app auto-verifies is served with, unless
    /// the scenario's `web` lists the host. It lists every app claiming the domain with its signing
    /// certificate (an app without `signing_sha256` gets the dashboard's key). Returns the hosts.
    static func hostAssetLinks(web: inout Web, apps: inout [App], providers: Providers, clock: SimInstant, api: Int) -> Set<String> {
        var claims: [String: [Int]] = [:]
        for index in apps.indices {
            for host in AppLinkDomains.collect(apps[index], api: api).autoVerify where web[host] == nil {
                guard let (provider, _) = ProviderLinks.recognise(host: host, providers: providers) else { continue }
                if provider == .firebase, !(clock < ProviderLinks.firebaseShutdown) { continue }
                claims[host, default: []].append(index)
            }
        }
        guard !claims.isEmpty else { return [] }
        for (host, indices) in claims {
            var texts: [String] = []
            var statements: [AssetStatement] = []
            for index in indices {
                if apps[index].signingSHA256.isEmpty { apps[index].signingSHA256 = [dashboardKey] }
                texts.append(
                    "{\"relation\": [\"delegate_permission/common.handle_all_urls\"], \"target\": {\"namespace\": \"android_app\", \"package_name\": "
                        + JSONText.quote(apps[index].id) + ", \"sha256_cert_fingerprints\": ["
                        + apps[index].signingSHA256.map(JSONText.quote).joined(separator: ", ") + "]}}")
                // What reading that text gives (ProviderHostingTests checks the two agree).
                statements.append(
                    AssetStatement(
                        relations: ["delegate_permission/common.handle_all_urls"], namespace: "android_app", packageName: apps[index].id,
                        fingerprints: apps[index].signingSHA256, include: nil))
            }
            var webHost = WebHost(host: host)
            webHost.assetlinks = WebResource(
                body: Array(("[" + texts.joined(separator: ", ") + "]").utf8), statements: statements, origin: "served by the link provider")
            web.hosts[host] = webHost
        }
        return Set(claims.keys)
    }
}
