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
        package var rule: Rule {
            // A switch reads the route in place (`route == nil` copied it first).
            switch route {
            case .none: Rule.linksimRouterHomeFallback
            case .some: Rule.linksimRouterRoute
            }
        }
    }

    /// Routes a link the app received. `claimedHost` is true when the URL is a web link on a host the
    /// app claims (so `path:` routes apply); custom schemes use `url:` routes only.
    package static func route(_ url: String, in app: App, webLink: Bool) -> Outcome {
        route(URLParts(url), in: app, webLink: webLink)
    }

    /// As `route(_:in:webLink:)`, for a URL the caller already split (nil: not a URL).
    static func route(_ parts: URLParts?, in app: App, webLink: Bool) -> Outcome {
        guard let parts else { return Outcome(screen: app.homeScreen, params: [:], route: nil) }
        let query = Dictionary(parts.queryItems.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        var rejections: [String] = []
        /// The query's items, and the captures over them (most links have only one of the two).
        func params(_ captures: [String: String]) -> [String: String] {
            if captures.isEmpty { return query }
            if query.isEmpty { return captures }
            return query.merging(captures) { _, captured in captured }
        }
        for route in app.routes {
            var rejection: String?
            defer { if let rejection { rejections.append("\(describe(route.pattern)): \(rejection)") } }
            switch route.pattern {
            case .path(let pattern) where webLink:
                if let captures = match(pattern: pattern, path: parts.path, rejection: &rejection) {
                    return Outcome(
                        screen: route.screen, params: params(captures), route: route, rejections: rejections)
                }
            case .url(let pattern):
                guard let patternParts = URLParts(pattern),
                    patternParts.scheme.lowercasedIfNeeded == parts.scheme.lowercasedIfNeeded,
                    (patternParts.host ?? "").lowercasedIfNeeded == parts.normalizedHost || patternParts.host == "*"
                else { continue }
                if let captures = match(pattern: patternParts.path, path: parts.path, rejection: &rejection) {
                    return Outcome(
                        screen: route.screen, params: params(captures), route: route, rejections: rejections)
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
        // ASCII pattern and path (nearly every route): each byte is a whole character, so reading segments
        // on bytes, side by side, decides as splitting on characters does, without making a `Substring`
        // per segment (that split was three quarters of a route).
        if let separator = segmentSeparator?.asciiValue {
            var pattern = pattern
            var path = path
            let read = pattern.withUTF8 { p in path.withUTF8 { t in matchASCII(p, t, separator: separator, rejection: &rejection) } }
            switch read {
            case .matched(let captures): return captures
            case .noMatch: return nil
            case .notASCII: break
            }
        }
        func segments(_ s: String) -> [Substring] {
            guard let sep = segmentSeparator else { return [Substring(s)] }
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

    private enum ASCIIMatch {
        case matched([String: String])
        case noMatch
        /// The pattern or the path is not ASCII: the caller reads characters.
        case notASCII
    }

    /// `match` on the bytes of an ASCII pattern and path: the next non-empty segment of each, side by side.
    private static func matchASCII(
        _ p: UnsafeBufferPointer<UInt8>, _ t: UnsafeBufferPointer<UInt8>, separator: UInt8, rejection: inout String?
    ) -> ASCIIMatch {
        for byte in p where byte >= 0x80 { return .notASCII }
        for byte in t where byte >= 0x80 { return .notASCII }
        func segment(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Range<Int>? {
            var i = start
            while i < b.count, b[i] == separator { i += 1 }
            guard i < b.count else { return nil }
            var j = i + 1
            while j < b.count, b[j] != separator { j += 1 }
            return i..<j
        }
        func string(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: b[range]), as: UTF8.self)
        }
        var captures: [String: String] = [:]
        var pendingRejection: String?
        var pieceOfPattern = segment(p, from: 0)
        var pathFrom = 0
        while let piece = pieceOfPattern {
            let next = segment(p, from: piece.upperBound)
            // A trailing `*` matches the rest.
            if next == nil, piece.count == 1, p[piece.lowerBound] == UInt8(ascii: "*") {
                if let pendingRejection {
                    rejection = pendingRejection
                    return .noMatch
                }
                return .matched(captures)
            }
            guard let value = segment(t, from: pathFrom) else { return .noMatch }
            pathFrom = value.upperBound
            if piece.count > 2, p[piece.lowerBound] == UInt8(ascii: "{"), p[piece.upperBound - 1] == UInt8(ascii: "}") {
                // `{name}` or `{name:constraint}`.
                let inner = (piece.lowerBound + 1)..<(piece.upperBound - 1)
                var colon = inner.lowerBound
                while colon < inner.upperBound, p[colon] != UInt8(ascii: ":") { colon += 1 }
                let name = string(p, inner.lowerBound..<colon)
                let decoded = PercentDecoding.decode(string(t, value))
                if colon < inner.upperBound, pendingRejection == nil,
                    let constraint = RouteConstraint(rawValue: string(p, (colon + 1)..<inner.upperBound)), !constraint.accepts(decoded)
                {
                    pendingRejection = "`\(decoded)` is not \(constraint.rawValue) (\(name))"
                }
                captures[name] = decoded
            } else if !UnsafeBufferPointer(rebasing: p[piece]).elementsEqual(UnsafeBufferPointer(rebasing: t[value])) {
                return .noMatch
            }
            pieceOfPattern = next
        }
        // Every segment of the path must be used.
        guard segment(t, from: pathFrom) == nil else { return .noMatch }
        if let pendingRejection {
            rejection = pendingRejection
            return .noMatch
        }
        return .matched(captures)
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
