/// `manifest:` (one file or a list: the app's, then its libraries'), `manifest_placeholders:` and `res:`.
extension ScenarioDecoder {
    func decodeManifests(_ entry: YAMLNode.Entry, map: KeyedEntries, into app: inout App, what: String, api: Int) {
        let c = context
        let paths: [String]
        if case .sequence = entry.value {
            paths = c.stringList(entry.value, what: "\(what).manifest") ?? []
        } else if let path = c.string(entry.value, what: "\(what).manifest") {
            paths = [path]
        } else {
            return
        }
        app.manifestPath = paths.first
        var placeholders: [String: String] = [:]
        if let n = map.value("manifest_placeholders") { placeholders = c.stringMap(n, what: "\(what).manifest_placeholders") ?? [:] }
        var resources = AndroidResources()
        if let resEntry = map["res"] {
            let folders: [String]
            if case .sequence = resEntry.value {
                folders = c.stringList(resEntry.value, what: "\(what).res") ?? []
            } else {
                folders = c.string(resEntry.value, what: "\(what).res").map { [$0] } ?? []
            }
            for folder in folders {
                do throws(InputError) {
                    try ResourceFolder.load(c.resolve(folder), into: &resources, reader: c.reader)
                } catch {
                    if error.diagnostics.allSatisfy({ $0.location == nil }) {
                        c.error(resEntry.value.location, "`\(what).res`: \(error.diagnostics.map { "\($0.file) \($0.message)" }.joined(separator: "; "))")
                    } else {
                        for diagnostic in error.diagnostics { c.report(diagnostic) }
                    }
                }
            }
        }
        var files: [(bytes: [UInt8], file: String)] = []
        for path in paths {
            if let bytes = c.readFile(path, what: "\(what).manifest", at: entry.value.location) {
                files.append((bytes, c.resolve(path)))
            }
        }
        guard files.count == paths.count, !files.isEmpty else { return }
        ManifestLoading.merge(
            files, into: &app, at: entry.value.location, placeholders: placeholders, resources: resources,
            api: api, context: c)
    }

    /// `source:` (where a merged filter came from) and `unresolved:` (values a real manifest left
    /// open): what the writer keeps when it inlines a filter read from files.
    func decodeFilterProvenance(_ map: KeyedEntries, into filter: inout IntentFilter, what: String) {
        let c = context
        if let n = map.value("source") { filter.source = c.string(n, what: "\(what).source") }
        guard let n = map.value("unresolved"), let items = c.sequence(n, what: "\(what).unresolved") else { return }
        for (i, item) in items.enumerated() {
            let iWhat = "\(what).unresolved[\(i)]"
            guard let m = c.mapping(item, what: iWhat, allowed: ScenarioKeys.unresolvedValue) else { continue }
            guard let scopeNode = c.require(m, "scope", in: iWhat, at: item.location),
                let scope = c.choice(scopeNode, what: "\(iWhat).scope", as: UnresolvedAttribute.Scope.self),
                let attributeNode = c.require(m, "attribute", in: iWhat, at: item.location),
                let attribute = c.string(attributeNode, what: "\(iWhat).attribute")
            else { continue }
            var dataIndex: Int?
            if let d = m.value("data") { dataIndex = c.int(d, what: "\(iWhat).data", range: 0...999) }
            let value = m.value("value").flatMap { c.string($0, what: "\(iWhat).value") } ?? ""
            let at = m.value("at").flatMap { c.string($0, what: "\(iWhat).at") } ?? item.location.description
            let reason = m.value("reason").flatMap { c.string($0, what: "\(iWhat).reason") } ?? "the value is not known"
            filter.unresolved.append(
                UnresolvedAttribute(
                    scope: scope, attribute: attribute, dataIndex: dataIndex,
                    value: value, location: at, reason: reason))
        }
    }

    /// `pm_app_links: FILE`: the output of `adb shell pm get-app-links [--user 0]` seeds the app's
    /// `domain_verification`, `link_handling_allowed` and `user_selected_domains` (keys the scenario
    /// writes itself win).
    func decodeAppLinksEvidence(_ entry: YAMLNode.Entry, map: KeyedEntries, into app: inout App, what: String) {
        let c = context
        guard let path = c.string(entry.value, what: "\(what).pm_app_links"),
            let bytes = c.readFile(path, what: "\(what).pm_app_links", at: entry.value.location)
        else { return }
        let states: [String: FieldEvidence.AppLinksState]
        do throws(InputError) {
            states = try FieldEvidence.appLinks(String(decoding: bytes, as: UTF8.self), file: c.resolve(path))
        } catch {
            for diagnostic in error.diagnostics { c.report(diagnostic) }
            return
        }
        guard let state = states[app.id] else {
            c.error(
                entry.value.location,
                "`\(what).pm_app_links`: \(path) has no section for \(app.id)"
                    + Suggestion.didYouMean(app.id, among: states.keys.sorted()))
            return
        }
        if map["domain_verification"] == nil {
            for (host, text) in state.domainStates.sorted(by: { $0.key < $1.key }) {
                guard let value = DomainVerificationState(text) else {
                    c.error(entry.value.location, "`\(what).pm_app_links`: \(path) gives \(host) the state `\(text)`, which is not one pm prints")
                    continue
                }
                app.domainVerification[host] = value
            }
        }
        if map["link_handling_allowed"] == nil, let allowed = state.linkHandlingAllowed { app.linkHandlingAllowed = allowed }
        if map["user_selected_domains"] == nil, let enabled = state.enabledDomains { app.userSelectedDomains = enabled }
    }

    /// `redirect_evidence: FILE` or `{file: FILE, url: URL}` on a web host: a `curl -sIL` transcript or
    /// a HAR file becomes exact redirect rules on every host of the chain.
    func applyRedirectEvidence(_ entry: YAMLNode.Entry, to web: inout Web, what: String) {
        let c = context
        var path: String?
        var url: String?
        if case .mapping = entry.value {
            guard let m = c.mapping(entry.value, what: "\(what).redirect_evidence", allowed: ScenarioKeys.redirectEvidence) else { return }
            guard let fileNode = c.require(m, "file", in: "\(what).redirect_evidence", at: entry.value.location) else { return }
            path = c.string(fileNode, what: "\(what).redirect_evidence.file")
            if let u = m.value("url") { url = c.string(u, what: "\(what).redirect_evidence.url") }
        } else {
            path = c.string(entry.value, what: "\(what).redirect_evidence")
        }
        guard let path, let bytes = c.readFile(path, what: "\(what).redirect_evidence", at: entry.value.location) else { return }
        do throws(InputError) {
            let hops = try FieldEvidence.redirectChain(bytes, file: c.resolve(path), url: url)
            for (host, rule) in FieldEvidence.redirectRules(hops) {
                var target = web.hosts[host] ?? WebHost(host: host)
                if !target.redirects.contains(where: { $0.pattern == rule.pattern }) { target.redirects.append(rule) }
                web.hosts[host] = target
            }
        } catch {
            for diagnostic in error.diagnostics { c.report(diagnostic) }
        }
    }
}
