import Foundation

// MARK: - Data matching (`IntentFilter.matchData`)

/// A filter's `<data>` as the platform of a given API level sees it: merged lists (the cross product),
/// attributes the platform does not know dropped, each entry remembering which `<data>` it came from.
struct DataMatcher {
    struct Authority {
        var declared: String
        /// Host without its leading `*` when wild.
        var host: String
        var wild: Bool
        /// nil: any port. `.some(nil)`: not a number (never matches).
        var port: Int??
        var portText: String?
        var dataIndex: Int
        /// `host` as UTF-16 code units, converted once.
        var hostUnits: [UInt16]
    }

    struct PathEntry {
        var matcher: PatternMatcher
        var dataIndex: Int
        var attribute: String { matcher.kind.attribute(part: "path") }
    }

    enum Part: String { case path, query, fragment }

    struct RelativeCondition {
        var part: Part
        var matcher: PatternMatcher
        var attribute: String { matcher.kind.attribute(part: part.rawValue) }
    }

    struct Group {
        var allow: Bool
        var conditions: [RelativeCondition]
        var index: Int
    }

    var schemes: [(scheme: String, dataIndex: Int)] = []
    var authorities: [Authority] = []
    var paths: [PathEntry] = []
    var ssps: [PathEntry] = []
    var types: [String] = []
    var groups: [Group] = []
    /// Attributes dropped because of the API level, or ignored (port without host).
    var notes: [FilterMatchStep] = []
    let escapedDot: PatternMatcher.EscapedDot
    /// The `<data>` elements as written, to tell whether a matching combination was declared together.
    let declaredData: [IntentFilterData]
    /// False when no trace is shown: narrated steps keep their rules, not their text.
    var explains = true

    /// A narrated step, with its text only when the matcher explains.
    func step(summary: @autoclosure () -> String, detail: @autoclosure () -> String? = nil, rule: Rule) -> FilterMatchStep {
        explains ? FilterMatchStep(summary: summary(), detail: detail(), rule: rule) : FilterMatchStep(summary: "", rule: rule)
    }

    init(filter: IntentFilter, api: Int) {
        escapedDot = .forAPI(api)
        declaredData = filter.data
        let knowsAPI31Attributes = Self.knowsAPI31Attributes(api: api)
        for (index, data) in filter.data.enumerated() {
            if let type = data.mimeType, !types.contains(type) { types.append(type) }
            if let scheme = data.scheme, !schemes.contains(where: { $0.scheme == scheme }) {
                schemes.append((scheme, index))
            }
            let sspAttributes: [(String?, PatternMatcher.Kind)] = [
                (data.ssp, .literal), (data.sspPrefix, .prefix), (data.sspPattern, .simpleGlob),
                (data.sspAdvancedPattern, .advancedGlob), (data.sspSuffix, .suffix),
            ]
            for case (let value?, let kind) in sspAttributes {
                if !knowsAPI31Attributes && (kind == .advancedGlob || kind == .suffix) {
                    notes.append(Self.gatedNote(kind.attribute(part: "ssp"), value, api: api, since: 31))
                    continue
                }
                ssps.append(PathEntry(matcher: PatternMatcher(value, kind: kind), dataIndex: index))
            }
            if let host = data.host {
                let wild = host.hasPrefix("*")
                authorities.append(
                    Authority(
                        declared: host, host: wild ? String(host.dropFirst()) : host, wild: wild,
                        port: data.port.map { Int32($0).map(Int.init) }, portText: data.port, dataIndex: index,
                        hostUnits: Array((wild ? String(host.dropFirst()) : host).utf16)))
            } else if let port = data.port {
                notes.append(
                    FilterMatchStep(
                        summary: "android:port=\"\(port)\" on <data> #\(index + 1) is ignored: that <data> has no android:host",
                        rule: Rule.androidFilterPortNeedsHost))
            }
            let pathAttributes: [(String?, PatternMatcher.Kind)] = [
                (data.path, .literal), (data.pathPrefix, .prefix), (data.pathPattern, .simpleGlob),
                (data.pathAdvancedPattern, .advancedGlob), (data.pathSuffix, .suffix),
            ]
            for case (let value?, let kind) in pathAttributes {
                if !knowsAPI31Attributes && (kind == .advancedGlob || kind == .suffix) {
                    notes.append(Self.gatedNote(kind.attribute(part: "path"), value, api: api, since: 31))
                    continue
                }
                paths.append(PathEntry(matcher: PatternMatcher(value, kind: kind), dataIndex: index))
            }
        }
        if Self.readsGroups(api: api) {
            for (index, group) in filter.uriRelativeFilterGroups.enumerated() {
                let conditions = group.data.flatMap { Self.conditions(of: $0) }
                // A group without conditions is dropped by the parser.
                guard !conditions.isEmpty else { continue }
                groups.append(Group(allow: group.allow, conditions: conditions, index: index))
            }
        } else if !filter.uriRelativeFilterGroups.isEmpty {
            notes.append(
                FilterMatchStep(
                    summary:
                        "\(filter.uriRelativeFilterGroups.count) <uri-relative-filter-group> element(s) are ignored on API \(api): they exist from Android 15 (API 35)",
                    rule: Rule.androidFilterApiGatedAttributes))
        }
    }

    static func gatedNote(_ attribute: String, _ value: String, api: Int, since: Int) -> FilterMatchStep {
        FilterMatchStep(
            summary: "android:\(attribute)=\"\(value)\" is ignored on API \(api): the attribute exists from API \(since)",
            rule: Rule.androidFilterApiGatedAttributes)
    }

    static func conditions(of data: RelativeFilterData) -> [RelativeCondition] {
        let all: [(String?, Part, PatternMatcher.Kind)] = [
            (data.path, .path, .literal), (data.pathPrefix, .path, .prefix), (data.pathPattern, .path, .simpleGlob),
            (data.pathAdvancedPattern, .path, .advancedGlob), (data.pathSuffix, .path, .suffix),
            (data.query, .query, .literal), (data.queryPrefix, .query, .prefix), (data.queryPattern, .query, .simpleGlob),
            (data.queryAdvancedPattern, .query, .advancedGlob), (data.querySuffix, .query, .suffix),
            (data.fragment, .fragment, .literal), (data.fragmentPrefix, .fragment, .prefix),
            (data.fragmentPattern, .fragment, .simpleGlob), (data.fragmentAdvancedPattern, .fragment, .advancedGlob),
            (data.fragmentSuffix, .fragment, .suffix),
        ]
        return all.compactMap { value, part, kind in
            value.map { RelativeCondition(part: part, matcher: PatternMatcher($0, kind: kind)) }
        }
    }

    struct Result {
        var result: FilterMatchOutcome.Result
        var steps: [FilterMatchStep]
    }
}

extension FilterMatchStep {
    /// A step that says an attribute or element is ignored on this API level (the CLI shows these as notes).
    package var isAPIGatedNote: Bool { rule == Rule.androidFilterApiGatedAttributes.id }
}
