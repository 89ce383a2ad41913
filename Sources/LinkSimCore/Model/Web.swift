import Foundation

/// One association file (or any resource) as a server answers for it.
package struct WebResource: Sendable, Equatable {
    /// The body as served: from `json:` (re-serialised) or from `file:` (read as is).
    package var body: [UInt8]? { didSet { parsed = body.map(ServedBody.init) } }
    /// `body` parsed once (see `ServedBody`); derived from `body`, so not part of equality.
    private(set) var parsed: ServedBody?
    /// Where the body came from, for messages (`files/aasa.json` or `inline json`).
    package var origin: String
    package var status: Int = 200
    package var contentType: String = "application/json"
    /// A `Location` the server answers with (status defaults to 301 then).
    package var redirect: String?
    /// The file `file:` named, resolved against the scenario's folder (nil for `json:` and linksim's own bodies);
    /// for `validate`'s check of the files a scenario serves. Not part of equality: `origin` says where it came from.
    package var file: String?

    package init(
        body: [UInt8]?, origin: String, status: Int = 200, contentType: String = "application/json",
        redirect: String? = nil
    ) {
        self.body = body
        self.parsed = body.map(ServedBody.init)
        self.origin = origin
        self.status = status
        self.contentType = contentType
        self.redirect = redirect
    }

    package static func == (a: WebResource, b: WebResource) -> Bool {
        a.body == b.body && a.origin == b.origin && a.status == b.status && a.contentType == b.contentType
            && a.redirect == b.redirect
    }

    /// A body linksim writes itself, with what reading it as assetlinks.json gives, so a simulation
    /// does not parse the text it has just written (a link provider's hosted file, per world).
    init(body: [UInt8], statements: [AssetStatement], origin: String) {
        self.init(body: body, origin: origin)
        self.parsed = ServedBody(body, statements: statements)
    }

    /// The same for an apple-app-site-association file linksim writes (a link provider's hosted file, per tap).
    init(body: [UInt8], aasa: AASADocument, origin: String) {
        self.init(body: body, origin: origin)
        self.parsed = ServedBody(body, aasa: aasa)
    }

    /// The answer for a host that does not serve the file.
    package static let notFound = WebResource(body: nil, origin: "not served", status: 404, contentType: "text/html")
}

/// A server-side redirect rule: a path pattern (`*` matches any run of characters) and its target.
package struct RedirectRule: Sendable, Equatable {
    package var pattern: String
    package var target: String
    package var status: Int = 302
    /// How long after the page loaded the redirect happens (a page that waits, then redirects by script).
    package var after: SimDuration = SimDuration(seconds: 0)
    package init(pattern: String, target: String, status: Int = 302, after: SimDuration = SimDuration(seconds: 0)) {
        self.pattern = pattern
        self.target = target
        self.status = status
        self.after = after
    }

    /// Whether `path` (with its query, if any) matches the pattern; `*` matches any characters.
    package func matches(path: String) -> Bool {
        Glob.matches(pattern: Array(pattern.utf8), text: Array(path.utf8))
    }
}

enum Glob {
    /// A plain `*` glob with backtracking (server-side redirect rules, not a platform matcher).
    static func matches(pattern p: [UInt8], text t: [UInt8]) -> Bool {
        var pi = 0
        var ti = 0
        var star = -1
        var mark = 0
        while ti < t.count {
            if pi < p.count, p[pi] == t[ti] {
                pi += 1
                ti += 1
            } else if pi < p.count, p[pi] == 42 {
                star = pi
                mark = ti
                pi += 1
            } else if star >= 0 {
                pi = star + 1
                mark += 1
                ti = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == 42 { pi += 1 }
        return pi == p.count
    }
}

/// One host of the web model and what it serves.
///
/// Its fields live in one shared box copied only when a copy is changed (copy on write, as `App`'s):
/// every lookup of a host hands out a copy, and copying four resources and three lists field by field
/// cost a retain and a release for each (issue #14). Reads and writes look as they did.
package struct WebHost: Sendable, Equatable, CustomReflectable {
    struct Fields: Sendable, Equatable {
        var host: String
        /// `/.well-known/apple-app-site-association`.
        var aasa: WebResource? = nil
        /// `/apple-app-site-association` at the root (the legacy location iOS still falls back to).
        var aasaRoot: WebResource? = nil
        /// What Apple's CDN holds for this host (iOS 14+); nil = the same as the server.
        var cdnAASA: WebResource? = nil
        var assetlinks: WebResource? = nil
        var redirects: [RedirectRule] = []
        /// The TLS certificate the host presents (`tls:`); only `valid` is trusted by devices.
        var tls: TLSCertificate = .valid
        /// Pages whose script tries a custom scheme, then goes to a fallback after a timer (`fallback_pages:`).
        var fallbackPages: [FallbackPage] = []
        /// An App Clip registered for this host's links (`app_clip:`).
        var appClip: AppClipExperience? = nil
    }

    /// The fields, in a box shared until a copy writes (Model/CopyOnWriteBox.swift).
    private var storage: CopyOnWriteBox<Fields>

    package init(host: String) { storage = CopyOnWriteBox(Fields(host: host)) }

    package static func == (lhs: WebHost, rhs: WebHost) -> Bool {
        CopyOnWriteBox.same(lhs.storage, rhs.storage)
    }

    /// The fields, as a struct's own (what test digests and debuggers read).
    package var customMirror: Mirror {
        Mirror(self, children: Mirror(reflecting: storage.fields).children, displayStyle: .struct)
    }

    private mutating func makeUnique() { CopyOnWriteBox.makeUnique(&storage) }

    package var host: String {
        get { storage.fields.host }
        _modify {
            makeUnique()
            yield &storage.fields.host
        }
    }
    /// `/.well-known/apple-app-site-association`.
    package var aasa: WebResource? {
        get { storage.fields.aasa }
        _modify {
            makeUnique()
            yield &storage.fields.aasa
        }
    }
    /// `/apple-app-site-association` at the root (the legacy location iOS still falls back to).
    package var aasaRoot: WebResource? {
        get { storage.fields.aasaRoot }
        _modify {
            makeUnique()
            yield &storage.fields.aasaRoot
        }
    }
    /// What Apple's CDN holds for this host (iOS 14+); nil = the same as the server.
    package var cdnAASA: WebResource? {
        get { storage.fields.cdnAASA }
        _modify {
            makeUnique()
            yield &storage.fields.cdnAASA
        }
    }
    package var assetlinks: WebResource? {
        get { storage.fields.assetlinks }
        _modify {
            makeUnique()
            yield &storage.fields.assetlinks
        }
    }
    package var redirects: [RedirectRule] {
        get { storage.fields.redirects }
        _modify {
            makeUnique()
            yield &storage.fields.redirects
        }
    }
    /// The TLS certificate the host presents (`tls:`); only `valid` is trusted by devices.
    package var tls: TLSCertificate {
        get { storage.fields.tls }
        _modify {
            makeUnique()
            yield &storage.fields.tls
        }
    }
    /// Pages whose script tries a custom scheme, then goes to a fallback after a timer (`fallback_pages:`).
    package var fallbackPages: [FallbackPage] {
        get { storage.fields.fallbackPages }
        _modify {
            makeUnique()
            yield &storage.fields.fallbackPages
        }
    }
    /// An App Clip registered for this host's links (`app_clip:`).
    package var appClip: AppClipExperience? {
        get { storage.fields.appClip }
        _modify {
            makeUnique()
            yield &storage.fields.appClip
        }
    }
}

/// An App Clip experience (issue #18 item 6): the clip of a full app, invoked by links under `paths`.
package struct AppClipExperience: Sendable, Equatable {
    /// The full app (an id in `apps`); the clip shares its team ID.
    package var parent: String
    /// The clip's bundle ID (e.g. com.example.shop.Clip).
    package var clip: String
    /// Path patterns of the registered experiences (`*` matches any characters); default every path.
    package var paths: [String] = ["*"]
    package init(parent: String, clip: String) {
        self.parent = parent
        self.clip = clip
    }
}

/// The classic JavaScript landing page (issue #18 item 6): on load the script sets `location` to a
/// custom-scheme URL and starts a timer that sends the page to the store or the web if it is still there.
package struct FallbackPage: Sendable, Equatable {
    /// The path pattern (`*` matches any characters), as for redirects.
    package var pattern: String
    /// The URL the script tries first (usually the app's custom scheme).
    package var tryURL: String
    /// Where the timer sends the page (an App Store / Google Play URL, or a web page).
    package var fallback: String
    package var timerMs: Int = 500
    /// How long the user takes to answer the browser's “Open in …?” prompt.
    package var promptAnswerMs: Int = 2000
    /// How long the device takes to bring the app to the front once it opens (a slow device: more).
    package var switchMs: Int = 300

    package init(pattern: String, tryURL: String, fallback: String) {
        self.pattern = pattern
        self.tryURL = tryURL
        self.fallback = fallback
    }

    package func matches(path: String) -> Bool { Glob.matches(pattern: Array(pattern.utf8), text: Array(path.utf8)) }
}

/// The certificate an HTTPS host presents (issue #18 item 8).
package enum TLSCertificate: String, Sendable, CaseIterable, Codable {
    case valid
    /// Signed by itself, not by a CA the device trusts.
    case selfSigned = "self_signed"
    case expired
    /// Issued for another host name.
    case wrongHost = "wrong_host"

    /// How a device's TLS check reports it.
    package var failure: String {
        switch self {
        case .valid: return "the certificate is valid"
        case .selfSigned: return "the certificate is self-signed, so no trusted CA vouches for it"
        case .expired: return "the certificate has expired"
        case .wrongHost: return "the certificate was issued for another host name"
        }
    }
}

/// A `serve:` action: from now on a host answers with these resources (only the keys written change).
package struct ServerChange: Sendable, Equatable {
    package var host: String
    /// The keys the scenario wrote: `aasa`, `aasa_root`, `cdn_aasa`, `assetlinks`, `redirects`.
    package var keys: [String]
    package var value: WebHost
    package init(host: String, keys: [String], value: WebHost) {
        self.host = host
        self.keys = keys
        self.value = value
    }

    /// Applies the change to a web.
    package func apply(to web: inout Web) {
        var current = web.hosts[host] ?? WebHost(host: host)
        for key in keys {
            switch key {
            case "aasa": current.aasa = value.aasa
            case "aasa_root": current.aasaRoot = value.aasaRoot
            case "cdn_aasa": current.cdnAASA = value.cdnAASA
            case "assetlinks": current.assetlinks = value.assetlinks
            case "redirects": current.redirects = value.redirects
            case "tls": current.tls = value.tls
            case "fallback_pages": current.fallbackPages = value.fallbackPages
            case "app_clip": current.appClip = value.appClip
            default: break
            }
        }
        web.hosts[host] = current
    }
}

/// What the servers served from a time on: the scenario's `web` at its start, then each `serve:`.
package struct WebVersion: Sendable, Equatable {
    package var since: SimInstant
    package var web: Web
    /// The hosts this version changed (none for the first).
    package var changedHosts: Set<String>
}

/// What every server answers. Hosts are lowercased.
package struct Web: Sendable, Equatable {
    package var hosts: [String: WebHost] = [:]
    package init(hosts: [String: WebHost] = [:]) { self.hosts = hosts }

    package subscript(host: String) -> WebHost? {
        let key = host.lowercasedIfNeeded
        // A scenario's web names a handful of hosts, and comparing a few names costs less than hashing one
        // (a lookup or two per hop; issue #14). `==` is the dictionary's own key equality: same answer.
        if hosts.count <= 8 {
            for (name, served) in hosts where name == key { return served }
            return nil
        }
        return hosts[key]
    }

    /// The redirect a server answers for a path, if any.
    package func redirect(host: String, path: String) -> RedirectRule? {
        self[host]?.redirects.first { $0.matches(path: path) }
    }
}
