import Foundation

/// The `web:` section (servers, redirects, resources) and `providers:`.
extension ScenarioDecoder {
    func decodeWeb(_ node: YAMLNode, what section: String = "web") -> Web {
        let c = context
        guard let entries = c.freeMapping(node, what: section) else { return Web() }
        var web = Web()
        var evidenceEntries: [(YAMLNode.Entry, String)] = []
        for entry in entries {
            let hostName = entry.key.lowercased()
            let what = "\(section).\(entry.key)"
            if hostName.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: ":") }) || hostName.isEmpty {
                c.error(entry.keyLocation, "`\(entry.key)` in `\(section)` must be a host name such as shop.example.com (no scheme, port or path)")
                continue
            }
            var host = WebHost(host: hostName)
            if !entry.value.isNull, let map = c.mapping(entry.value, what: what, allowed: ScenarioKeys.webHost) {
                if let n = map.value("aasa") { host.aasa = decodeResource(n, what: "\(what).aasa") }
                if let n = map.value("aasa_root") { host.aasaRoot = decodeResource(n, what: "\(what).aasa_root") }
                if let n = map.value("cdn_aasa") { host.cdnAASA = decodeResource(n, what: "\(what).cdn_aasa") }
                if let n = map.value("assetlinks") { host.assetlinks = decodeResource(n, what: "\(what).assetlinks") }
                if let n = map.value("tls"), let t = c.choice(n, what: "\(what).tls", as: TLSCertificate.self) { host.tls = t }
                if let n = map.value("app_clip"), let m = c.mapping(n, what: "\(what).app_clip", allowed: ScenarioKeys.appClip),
                    let parent = c.require(m, "parent", in: "\(what).app_clip", at: n.location).flatMap({ c.string($0, what: "\(what).app_clip.parent") }),
                    let clip = c.require(m, "clip", in: "\(what).app_clip", at: n.location).flatMap({ c.string($0, what: "\(what).app_clip.clip") })
                {
                    var experience = AppClipExperience(parent: parent, clip: clip)
                    if let p = m.value("paths"), let list = c.stringList(p, what: "\(what).app_clip.paths") { experience.paths = list }
                    host.appClip = experience
                }
                if let n = map.value("fallback_pages"), let pages = c.freeMapping(n, what: "\(what).fallback_pages") {
                    host.fallbackPages = pages.compactMap { decodeFallbackPage($0, what: "\(what).fallback_pages") }
                }
                if let n = map.value("redirects"), let rules = c.freeMapping(n, what: "\(what).redirects") {
                    host.redirects = rules.compactMap { decodeRedirect($0, what: "\(what).redirects") }
                }
            }
            web.hosts[hostName] = host
            if case .mapping(let members, _) = entry.value, let evidence = members.first(where: { $0.key == "redirect_evidence" }) {
                evidenceEntries.append((evidence, what))
            }
        }
        // Chains from curl/HAR evidence may reach other hosts: applied once every host is known.
        for (evidence, what) in evidenceEntries { applyRedirectEvidence(evidence, to: &web, what: what) }
        return web
    }

    func decodeFallbackPage(_ entry: YAMLNode.Entry, what: String) -> FallbackPage? {
        let c = context
        let here = "\(what).\(entry.key)"
        guard entry.key.hasPrefix("/") else {
            c.error(entry.keyLocation, "fallback page pattern `\(entry.key)` in `\(what)` must be a path starting with `/`")
            return nil
        }
        guard let map = c.mapping(entry.value, what: here, allowed: ScenarioKeys.fallbackPage),
            let tryURL = c.require(map, "try", in: here, at: entry.value.location).flatMap({ c.string($0, what: "\(here).try") }),
            let fallback = c.require(map, "fallback", in: here, at: entry.value.location).flatMap({ c.string($0, what: "\(here).fallback") })
        else { return nil }
        for (key, url) in [("try", tryURL), ("fallback", fallback)] where URLParts(url) == nil {
            c.error(map[key]?.value.location ?? entry.value.location, "`\(here).\(key)` must be a URL with a scheme, got `\(url)`")
        }
        var page = FallbackPage(pattern: entry.key, tryURL: tryURL, fallback: fallback)
        if let n = map.value("timer_ms"), let v = c.int(n, what: "\(here).timer_ms", range: 0...600_000) { page.timerMs = v }
        if let n = map.value("prompt_answer_ms"), let v = c.int(n, what: "\(here).prompt_answer_ms", range: 0...600_000) { page.promptAnswerMs = v }
        if let n = map.value("switch_ms"), let v = c.int(n, what: "\(here).switch_ms", range: 0...600_000) { page.switchMs = v }
        return page
    }

    func decodeRedirect(_ entry: YAMLNode.Entry, what: String) -> RedirectRule? {
        let c = context
        guard entry.key.hasPrefix("/") else {
            c.error(entry.keyLocation, "redirect pattern `\(entry.key)` in `\(what)` must be a path starting with `/`")
            return nil
        }
        switch entry.value {
        case .scalar:
            guard let target = c.string(entry.value, what: "\(what).\(entry.key)") else { return nil }
            return RedirectRule(pattern: entry.key, target: target)
        default:
            guard let map = c.mapping(entry.value, what: "\(what).\(entry.key)", allowed: ScenarioKeys.redirectTarget),
                let toNode = c.require(map, "to", in: "\(what).\(entry.key)", at: entry.value.location),
                let target = c.string(toNode, what: "\(what).\(entry.key).to")
            else { return nil }
            var rule = RedirectRule(pattern: entry.key, target: target)
            if let n = map.value("status"), let s = c.int(n, what: "\(what).\(entry.key).status", range: 300...399) { rule.status = s }
            if let n = map.value("after"), let d = c.duration(n, what: "\(what).\(entry.key).after") { rule.after = d }
            return rule
        }
    }

    func decodeResource(_ node: YAMLNode, what: String) -> WebResource? {
        let c = context
        guard let map = c.mapping(node, what: what, allowed: ScenarioKeys.webResource) else { return nil }
        var resource = WebResource(body: nil, origin: "no body")
        if map["file"] != nil, map["json"] != nil, let entry = map["json"] {
            c.error(entry.keyLocation, "`\(what)` takes either `file:` or `json:`, not both")
        }
        if let entry = map["file"], let path = c.string(entry.value, what: "\(what).file") {
            resource.body = c.readFile(path, what: "\(what).file", at: entry.value.location)
            resource.origin = path
            resource.file = c.resolve(path)
        } else if let entry = map["json"] {
            switch entry.value {
            case .scalar(let text, _, _):
                // A JSON document written as a string (possibly deliberately broken, to test validation).
                resource.body = Array(text.utf8)
            default:
                resource.body = JSONRendering.bytes(entry.value)
            }
            resource.origin = "inline json at \(entry.keyLocation)"
        }
        if let n = map.value("redirect"), let target = c.string(n, what: "\(what).redirect") {
            resource.redirect = target
            resource.status = 301
        }
        if let n = map.value("status"), let s = c.int(n, what: "\(what).status", range: 100...599) { resource.status = s }
        if let n = map.value("content_type"), let s = c.string(n, what: "\(what).content_type") { resource.contentType = s }
        if resource.body == nil, resource.redirect == nil, resource.status == 200, map["file"] == nil, map["json"] == nil {
            c.error(node.location, "`\(what)` needs `file:` or `json:` (or a `redirect:` or an error `status:`)")
        }
        return resource
    }

    // MARK: Providers

    func decodeProviders(_ node: YAMLNode) -> Providers {
        let c = context
        var providers = Providers()
        guard let map = c.mapping(node, what: "providers", allowed: ScenarioKeys.providers) else { return providers }
        if let n = map.value("appsflyer"), let m = c.mapping(n, what: "providers.appsflyer", allowed: ScenarioKeys.appsflyer),
            let domain = c.require(m, "domain", in: "providers.appsflyer", at: n.location).flatMap({ c.string($0, what: "providers.appsflyer.domain") })
        {
            var config = AppsFlyerConfig(domain: domain.lowercased())
            config.template = m.value("template").flatMap { c.string($0, what: "providers.appsflyer.template") }
            config.app = m.value("app").flatMap { c.string($0, what: "providers.appsflyer.app") }
            if let links = m.value("short_links"), let entries = c.freeMapping(links, what: "providers.appsflyer.short_links") {
                for entry in entries {
                    let what = "providers.appsflyer.short_links.\(entry.key)"
                    guard let lm = c.mapping(entry.value, what: what, allowed: ScenarioKeys.appsflyerShortLink) else { continue }
                    let params = lm.value("params").flatMap { c.stringMap($0, what: "\(what).params") } ?? [:]
                    let expires = lm.value("expires").flatMap { c.instant($0, what: "\(what).expires") }
                    config.shortLinks[entry.key] = AppsFlyerShortLink(params: params, expires: expires)
                }
            }
            if let n = m.value("copy_to_clipboard"), let b = c.bool(n, what: "providers.appsflyer.copy_to_clipboard") {
                config.options["copy_to_clipboard"] = .bool(b)
            }
            if let n = m.value("server_latency_ms"), let ms = c.int(n, what: "providers.appsflyer.server_latency_ms", range: 0...600_000) {
                config.options["server_latency_ms"] = .int(ms)
            }
            providers.appsflyer = config
        }
        if let n = map.value("branch"), let m = c.mapping(n, what: "providers.branch", allowed: ScenarioKeys.branch),
            let domain = c.require(m, "domain", in: "providers.branch", at: n.location).flatMap({ c.string($0, what: "providers.branch.domain") })
        {
            var config = BranchConfig(domain: domain.lowercased())
            config.app = m.value("app").flatMap { c.string($0, what: "providers.branch.app") }
            if let links = m.value("links"), let entries = c.freeMapping(links, what: "providers.branch.links") {
                for entry in entries {
                    let what = "providers.branch.links.\(entry.key)"
                    guard let lm = c.mapping(entry.value, what: what, allowed: ScenarioKeys.branchLink) else { continue }
                    let data = lm.value("data").flatMap { c.stringMap($0, what: "\(what).data") } ?? [:]
                    config.links[entry.key] = BranchLink(data: data)
                }
            }
            if let n = m.value("copy_to_clipboard"), let b = c.bool(n, what: "providers.branch.copy_to_clipboard") {
                config.options["copy_to_clipboard"] = .bool(b)
            }
            providers.branch = config
        }
        for key in ["adjust", "firebase"] {
            guard let n = map[key]?.value,
                let m = c.mapping(n, what: "providers.\(key)", allowed: key == "adjust" ? ScenarioKeys.adjust : ScenarioKeys.simpleProvider),
                let domain = c.require(m, "domain", in: "providers.\(key)", at: n.location)
                    .flatMap({ c.string($0, what: "providers.\(key).domain") })
            else { continue }
            var config = SimpleProviderConfig(
                domain: domain.lowercased(),
                app: m.value("app").flatMap { c.string($0, what: "providers.\(key).app") })
            if let n = m.value("copy_to_clipboard"), let b = c.bool(n, what: "providers.\(key).copy_to_clipboard") {
                config.options["copy_to_clipboard"] = .bool(b)
            }
            if key == "adjust" { providers.adjust = config } else { providers.firebase = config }
        }
        return providers
    }

    // MARK: Actions

    /// `index` is nil for the single-tap shorthand, whose keys sit at the top level.
}
