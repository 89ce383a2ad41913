/// The app's own router: which screen a delivered link shows, and with which parameters.
package enum AppRouter {
    package struct Outcome: Sendable, Equatable {
        package var screen: String
        package var params: [String: String]
        /// The route that matched (nil: home-screen fallback).
        package var route: Route?
        /// Routes whose pattern fitted but whose placeholder constraint rejected a value, in order (`{id:digits}` got `abc`).
        package var rejections: [String] = []

        /// The rule that decided this outcome, in one place: a matched route, or the home-screen fallback.
        package var rule: Rule { route == nil ? Rule.linksimRouterHomeFallback : Rule.linksimRouterRoute }
    }

    /// Routes a link the app received. `claimedHost` is true when the URL is a web link on a host the
    /// app claims (so `path:` routes apply); custom schemes use `url:` routes only.
    package static func route(_ url: String, in app: App, webLink: Bool) -> Outcome {
        guard let parts = URLParts(url) else { return Outcome(screen: app.homeScreen, params: [:], route: nil) }
        let query = Dictionary(parts.queryItems.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        var rejections: [String] = []
        for route in app.routes {
            var rejection: String?
            defer { if let rejection { rejections.append("\(describe(route.pattern)): \(rejection)") } }
            switch route.pattern {
            case .path(let pattern) where webLink:
                if let captures = match(pattern: pattern, path: parts.path, rejection: &rejection) {
                    return Outcome(
                        screen: route.screen, params: query.merging(captures) { _, captured in captured }, route: route, rejections: rejections)
                }
            case .url(let pattern):
                guard let patternParts = URLParts(pattern),
                    patternParts.scheme.lowercasedIfNeeded == parts.scheme.lowercasedIfNeeded,
                    (patternParts.host ?? "").lowercasedIfNeeded == parts.normalizedHost || patternParts.host == "*"
                else { continue }
                if let captures = match(pattern: patternParts.path, path: parts.path, rejection: &rejection) {
                    return Outcome(
                        screen: route.screen, params: query.merging(captures) { _, captured in captured }, route: route, rejections: rejections)
                }
            default:
                continue
            }
        }
        return Outcome(screen: app.homeScreen, params: query, route: nil, rejections: rejections)
    }

    /// Routes provider parameters (deferred links, OneLink): `deep_link_value` and `param` routes.
    package static func route(parameters: [String: String], in app: App) -> Outcome {
        for route in app.routes {
            switch route.pattern {
            case .deepLinkValue(let value) where parameters["deep_link_value"] == value:
                return Outcome(screen: route.screen, params: parameters, route: route)
            case .param(let name, let valuePattern):
                guard let value = parameters[name] else { continue }
                var rejection: String?
                if let captures = match(pattern: valuePattern, path: value, segmentSeparator: nil, rejection: &rejection) {
                    return Outcome(screen: route.screen, params: parameters.merging(captures) { _, c in c }, route: route)
                }
            default:
                continue
            }
        }
        return Outcome(screen: app.homeScreen, params: parameters, route: nil)
    }

    /// Matches `/product/{id}` against `/product/42`. A `{name}` captures one segment; a trailing `*`
    /// matches the rest. Trailing slashes are ignored. Returns the captures, or nil.
    static func match(pattern: String, path: String, segmentSeparator: Character? = "/") -> [String: String]? {
        var rejection: String?
        return match(pattern: pattern, path: path, segmentSeparator: segmentSeparator, rejection: &rejection)
    }

    /// As `match`, and when the pattern fits but a `{name:constraint}` rejects its value, says so in `rejection`.
    static func match(pattern: String, path: String, segmentSeparator: Character? = "/", rejection: inout String?) -> [String: String]? {
        if pattern == "*" { return [:] }
        func segments(_ s: String) -> [Substring] {
            guard let sep = segmentSeparator else { return [Substring(s)] }
            // ASCII text (nearly every path) splits on bytes: each byte is then a whole character, so the
            // pieces are the ones splitting on characters gives, without breaking graphemes.
            let utf8 = s.utf8
            if let byte = sep.asciiValue, utf8.allSatisfy({ $0 < 0x80 }) {
                var pieces: [Substring] = []
                var start = utf8.startIndex
                var index = start
                while index != utf8.endIndex {
                    if utf8[index] == byte {
                        if start != index { pieces.append(Substring(utf8[start..<index])) }
                        start = utf8.index(after: index)
                    }
                    index = utf8.index(after: index)
                }
                if start != utf8.endIndex { pieces.append(Substring(utf8[start...])) }
                return pieces
            }
            return s.split(separator: sep, omittingEmptySubsequences: true)
        }
        let p = segments(pattern)
        let t = segments(path)
        var captures: [String: String] = [:]
        var pendingRejection: String?
        for (i, seg) in p.enumerated() {
            if seg == "*" && i == p.count - 1 {
                if let pendingRejection {
                    rejection = pendingRejection
                    return nil
                }
                return captures
            }
            guard i < t.count else { return nil }
            if let placeholder = RouteConstraint.placeholder(seg) {
                let value = PercentDecoding.decode(String(t[i]))
                if let name = placeholder.constraint, let constraint = RouteConstraint(rawValue: name), !constraint.accepts(value) {
                    pendingRejection = pendingRejection ?? "`\(value)` is not \(constraint.rawValue) (\(placeholder.name))"
                }
                captures[placeholder.name] = value
            } else if seg != t[i] {
                return nil
            }
        }
        guard p.count == t.count else { return nil }
        if let pendingRejection {
            rejection = pendingRejection
            return nil
        }
        return captures
    }

    /// How a route pattern reads in a trace.
    package static func describe(_ pattern: Route.Pattern) -> String {
        switch pattern {
        case .path(let p): return "path \(p)"
        case .url(let u): return "url \(u)"
        case .deepLinkValue(let v): return "deep_link_value \(v)"
        case .param(let n, let v): return "param \(n)=\(v)"
        }
    }
}

extension AppRouter {
    /// Without link data (or a route) the app shows its home screen.
    static func tellHomeFallback(_ actor: String, _ summary: @autoclosure () -> String, trace: inout TraceRecorder) {
        trace.add(actor, summary(), rule: Rule.linksimRouterHomeFallback)
    }
}
