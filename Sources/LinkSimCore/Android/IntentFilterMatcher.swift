/// The intent a tapped link becomes: action VIEW, the URL as data, category BROWSABLE (the browser
/// adds it), no MIME type, resolved with MATCH_DEFAULT_ONLY (so filters need DEFAULT too).
public struct ViewIntent: Sendable, Equatable {
    public var url: String
    public var uri: AndroidURI
    public var action: String?
    /// Full category names the intent carries.
    public var categories: [String]
    /// The resolved MIME type: nil for a plain link.
    public var mimeType: String?
    /// `PackageManager.MATCH_DEFAULT_ONLY`, which `startActivity` and Chrome use.
    public var matchDefaultOnly: Bool

    public init(url: String, action: String? = IntentFilter.actionView,
                categories: [String] = [IntentFilter.categoryBrowsable],
                mimeType: String? = nil, matchDefaultOnly: Bool = true) {
        self.url = url
        self.uri = AndroidURI(url)
        self.action = action
        self.categories = categories
        self.mimeType = mimeType
        self.matchDefaultOnly = matchDefaultOnly
    }
}

/// `IntentFilter.MATCH_CATEGORY_*`: how specific a data match was (higher is better).
public enum MatchCategory: Int, Sendable, CaseIterable, Comparable {
    case empty = 0x100000
    case scheme = 0x200000
    case host = 0x300000
    case port = 0x400000
    case path = 0x500000
    case schemeSpecificPart = 0x580000
    case type = 0x600000

    /// What `IntentFilter.match` returns: the category plus MATCH_ADJUSTMENT_NORMAL.
    public var matchValue: Int { rawValue + 0x8000 }

    public var aospName: String {
        switch self {
        case .empty: return "MATCH_CATEGORY_EMPTY"
        case .scheme: return "MATCH_CATEGORY_SCHEME"
        case .host: return "MATCH_CATEGORY_HOST"
        case .port: return "MATCH_CATEGORY_PORT"
        case .path: return "MATCH_CATEGORY_PATH"
        case .schemeSpecificPart: return "MATCH_CATEGORY_SCHEME_SPECIFIC_PART"
        case .type: return "MATCH_CATEGORY_TYPE"
        }
    }

    public static func < (lhs: MatchCategory, rhs: MatchCategory) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Why a filter did not match: `IntentFilter.NO_MATCH_*`, or the MATCH_DEFAULT_ONLY drop.
public enum FilterMismatch: Sendable, Equatable, CaseIterable {
    case type, data, action, category
    /// The filter matched but has no category DEFAULT, and the intent was resolved with MATCH_DEFAULT_ONLY.
    case missingDefaultCategory

    /// The AOSP constant (`NO_MATCH_DATA`...), or `MATCH_DEFAULT_ONLY` for the resolver drop.
    public var aospName: String {
        switch self {
        case .type: return "NO_MATCH_TYPE"
        case .data: return "NO_MATCH_DATA"
        case .action: return "NO_MATCH_ACTION"
        case .category: return "NO_MATCH_CATEGORY"
        case .missingDefaultCategory: return "MATCH_DEFAULT_ONLY"
        }
    }

    /// `IntentFilter`'s negative result code (nil for the resolver drop, which is not one).
    public var code: Int? {
        switch self {
        case .type: return -1
        case .data: return -2
        case .action: return -3
        case .category: return -4
        case .missingDefaultCategory: return nil
        }
    }
}

/// One explained step of matching, citing the rule that decided it.
public struct FilterMatchStep: Sendable, Equatable {
    public var summary: String
    public var detail: String?
    public var rule: String

    public init(summary: String, detail: String? = nil, rule: String) {
        self.summary = summary
        self.detail = detail
        self.rule = rule
    }
}

/// The result of matching one intent filter, with the steps that explain it.
public struct FilterMatchOutcome: Sendable, Equatable {
    public enum Result: Sendable, Equatable {
        case matched(MatchCategory)
        case failed(FilterMismatch)
    }

    public var result: Result
    /// One plain-English sentence: why it matched, or why not.
    public var why: String
    public var steps: [FilterMatchStep]

    public var isMatch: Bool { if case .matched = result { return true } else { return false } }
    public var category: MatchCategory? { if case .matched(let category) = result { return category } else { return nil } }
    public var mismatch: FilterMismatch? { if case .failed(let reason) = result { return reason } else { return nil } }
}

/// One (activity, intent filter) pair of a manifest, evaluated against a link.
public struct ActivityFilterMatch: Sendable, Equatable {
    /// Fully qualified class name (for an alias: the alias's name).
    public var activity: String
    /// Index in `AndroidManifest.activities` (activities and aliases in manifest order).
    public var activityIndex: Int
    /// 0-based index of the `<intent-filter>` within the activity.
    public var filter: Int
    public var autoVerify: Bool
    /// For `<activity-alias>`: the fully qualified activity it launches.
    public var targetActivity: String?
    /// The filter's own result (`IntentFilter.match` + MATCH_DEFAULT_ONLY).
    public var outcome: FilterMatchOutcome
    /// True when the filter matches and the activity can be started by another app.
    public var isMatch: Bool
    /// Activity-level steps (exported, enabled) followed by the filter's steps.
    public var steps: [FilterMatchStep]
    /// Why it is (not) a candidate, in one sentence.
    public var why: String
}

/// Every filter of a manifest evaluated against one link.
public struct ManifestMatchReport: Sendable, Equatable {
    public var url: String
    public var api: Int
    /// Every (activity, filter) pair, in manifest order.
    public var evaluations: [ActivityFilterMatch]
    /// Package-level findings (e.g. the app cannot be installed), before any filter.
    public var packageSteps: [FilterMatchStep]
    /// True when the app would not even install, so nothing matches.
    public var installBlocked: Bool

    public var matches: [ActivityFilterMatch] { evaluations.filter(\.isMatch) }
}

/// AOSP `IntentFilter.match()` for links, plus the resolver's MATCH_DEFAULT_ONLY and `exported` checks.
public enum IntentFilterMatcher {
    /// Matches one filter against an intent on a device of API level `api`.
    public static func match(_ filter: IntentFilter, intent: ViewIntent, api: Int) -> FilterMatchOutcome {
        var steps: [FilterMatchStep] = []
        func fail(_ reason: FilterMismatch, _ why: String, rule: String, detail: String? = nil) -> FilterMatchOutcome {
            steps.append(FilterMatchStep(summary: why, detail: detail, rule: rule))
            return FilterMatchOutcome(result: .failed(reason), why: why, steps: steps)
        }

        // 1. Action.
        if let action = intent.action {
            guard filter.actions.contains(action) else {
                let listed = filter.actions.isEmpty
                    ? "it declares no <action> at all"
                    : "it declares \(filter.actions.map(shortName).joined(separator: ", "))"
                return fail(.action, "the filter does not list action \(shortName(action)): \(listed)",
                            rule: AndroidFilterRules.actionViewRequired)
            }
            steps.append(FilterMatchStep(summary: "action \(shortName(action)) is listed",
                                         rule: AndroidFilterRules.actionViewRequired))
        }

        // 2. Data.
        let data = DataMatcher(filter: filter, api: api)
        let dataResult = data.match(intent: intent)
        steps.append(contentsOf: dataResult.steps)
        let category: MatchCategory
        switch dataResult.result {
        case .failed(let reason):
            return FilterMatchOutcome(result: .failed(reason), why: dataResult.steps.last?.summary ?? reason.aospName,
                                      steps: steps)
        case .matched(let matched):
            category = matched
        }

        // 3. Categories: every category of the intent must be listed.
        for intentCategory in intent.categories where !filter.categories.contains(intentCategory) {
            let rule: String
            switch intentCategory {
            case IntentFilter.categoryBrowsable: rule = AndroidFilterRules.browsableRequired
            case IntentFilter.categoryDefault: rule = AndroidFilterRules.defaultCategoryRequired
            default: rule = AndroidFilterRules.matchOrder
            }
            return fail(.category,
                        "the data matches, but the filter does not list category \(shortName(intentCategory)), which the intent carries",
                        rule: rule)
        }
        if !intent.categories.isEmpty {
            steps.append(FilterMatchStep(
                summary: intent.categories.count == 1
                    ? "category \(shortName(intent.categories[0])) is listed"
                    : "categories \(intent.categories.map(shortName).joined(separator: ", ")) are listed",
                rule: intent.categories.contains(IntentFilter.categoryBrowsable)
                    ? AndroidFilterRules.browsableRequired : AndroidFilterRules.matchOrder))
        }

        // 4. The resolver's MATCH_DEFAULT_ONLY.
        if intent.matchDefaultOnly {
            guard filter.categories.contains(IntentFilter.categoryDefault) else {
                return fail(.missingDefaultCategory,
                            "the filter matches but lacks category DEFAULT, so startActivity (MATCH_DEFAULT_ONLY) ignores it",
                            rule: AndroidFilterRules.defaultCategoryRequired)
            }
            steps.append(FilterMatchStep(summary: "category DEFAULT is listed (required by MATCH_DEFAULT_ONLY)",
                                         rule: AndroidFilterRules.defaultCategoryRequired))
        }

        let why = "matches (\(category.aospName))"
        steps.append(FilterMatchStep(summary: "the filter matches with \(category.aospName)",
                                     detail: "IntentFilter.match() returns 0x\(String(category.matchValue, radix: 16))",
                                     rule: AndroidFilterRules.matchOrder))
        return FilterMatchOutcome(result: .matched(category), why: why, steps: steps)
    }

    /// The verdict alone, as `match` would give it, with no explanation built.
    public static func verdict(_ filter: IntentFilter, intent: ViewIntent, api: Int) -> FilterMatchOutcome.Result {
        PreparedFilter(filter, api: api).verdict(intent)
    }

    /// A filter made ready for many verdicts on one API level: its `<data>` entries are sorted into
    /// schemes, authorities and compiled patterns once, so each verdict only compares.
    public struct PreparedFilter: Sendable {
        /// Immutable and shared: copying a prepared filter (into a loop variable, an array) costs
        /// one reference count, not one per string and array inside it.
        final class Storage: Sendable {
            let filter: IntentFilter
            let data: DataMatcher
            let listsDefault: Bool
            init(_ filter: IntentFilter, api: Int) {
                self.filter = filter
                data = DataMatcher(filter: filter, api: api)
                listsDefault = filter.categories.contains(IntentFilter.categoryDefault)
            }
        }
        let storage: Storage
        public var filter: IntentFilter { storage.filter }

        public init(_ filter: IntentFilter, api: Int) {
            storage = Storage(filter, api: api)
        }

        /// The same verdict as `IntentFilterMatcher.match(filter, intent:api:).result`.
        public func verdict(_ intent: ViewIntent) -> FilterMatchOutcome.Result {
            let storage = self.storage
            if let action = intent.action, !storage.filter.actions.contains(action) { return .failed(.action) }
            let result = storage.data.verdict(uri: intent.uri, mimeType: intent.mimeType)
            guard case .matched = result else { return result }
            for category in intent.categories where !storage.filter.categories.contains(category) { return .failed(.category) }
            if intent.matchDefaultOnly && !storage.listsDefault { return .failed(.missingDefaultCategory) }
            return result
        }
    }

    /// Every filter of every activity and alias, evaluated for `url`.
    /// `packageName` qualifies relative activity names (the application id or the manifest's package).
    ///
    /// `explainMismatch`: when given, a filter for which it returns false is first decided by the
    /// verdict-only path (`PreparedFilter`); if it does not match, its evaluation carries the verdict
    /// alone (empty `why` and `steps`), because the caller will not show it. Matching filters, and
    /// filters the predicate accepts, are explained in full as without it.
    public static func evaluate(_ manifest: AndroidManifest, packageName: String, url: String, api: Int,
                                explainMismatch: ((IntentFilter) -> Bool)? = nil) -> ManifestMatchReport {
        let intent = ViewIntent(url: url)
        var packageSteps: [FilterMatchStep] = []
        let target = manifest.targetSDK
        // Android 12+ refuses to install an app targeting 31+ with an implicit `exported` on a filtered activity.
        let offending = manifest.activities.filter { $0.exported == nil && !$0.intentFilters.isEmpty }
        var installBlocked = false
        if let target, target >= 31, api >= 31, let first = offending.first {
            installBlocked = true
            packageSteps.append(FilterMatchStep(
                summary: "the app does not install: it targets API \(target) and \(qualify(first.name, packageName)) has intent filters but no android:exported",
                detail: "INSTALL_PARSE_FAILED_MANIFEST_MALFORMED: Targeting S+ (version 31 and above) requires that an explicit value for android:exported be defined when intent filters are present",
                rule: AndroidFilterRules.exportedExplicitRequired))
        }

        var evaluations: [ActivityFilterMatch] = []
        for (activityIndex, activity) in manifest.activities.enumerated() {
            let name = qualify(activity.name, packageName)
            var activitySteps: [FilterMatchStep] = []
            if activity.name.hasPrefix(".") || !activity.name.contains("."), !packageName.isEmpty {
                activitySteps.append(FilterMatchStep(summary: "\(activity.name) means \(name)",
                                                     rule: AndroidFilterRules.activityName))
            }
            // Why the activity cannot be started by a link, whatever its filters say.
            var blocker: String?
            if installBlocked {
                blocker = "the app does not install (android:exported missing while targeting API 31+)"
                activitySteps.append(FilterMatchStep(summary: blocker ?? "", rule: AndroidFilterRules.exportedExplicitRequired))
            } else if !activity.enabled {
                blocker = "\(name) is declared android:enabled=\"false\""
                activitySteps.append(FilterMatchStep(summary: blocker ?? "", rule: AndroidFilterRules.disabledComponent))
            } else {
                switch activity.exported {
                case false?:
                    blocker = "\(name) is android:exported=\"false\": other apps cannot start it"
                    activitySteps.append(FilterMatchStep(summary: blocker ?? "", rule: AndroidFilterRules.exported))
                case true?:
                    break
                case nil where !activity.intentFilters.isEmpty:
                    let summary: String
                    if let target {
                        summary = target >= 31
                            ? "android:exported is missing; API \(api) (below Android 12) does not enforce the API 31 requirement and treats the activity as exported because it has intent filters"
                            : "android:exported is missing; with intent filters and target API \(target) it defaults to true"
                    } else {
                        summary = "android:exported is missing and the target SDK is unknown: assuming exported (the default below target API 31); an app targeting 31+ would fail to install"
                    }
                    activitySteps.append(FilterMatchStep(summary: summary, rule: AndroidFilterRules.exported))
                case nil:
                    break
                }
            }
            for (filterIndex, filter) in activity.intentFilters.enumerated() {
                if let explainMismatch, !explainMismatch(filter),
                   case .failed(let reason) = PreparedFilter(filter, api: api).verdict(intent) {
                    let outcome = FilterMatchOutcome(result: .failed(reason), why: "", steps: [])
                    evaluations.append(ActivityFilterMatch(
                        activity: name, activityIndex: activityIndex, filter: filterIndex, autoVerify: filter.autoVerify,
                        targetActivity: activity.targetActivity.map { qualify($0, packageName) },
                        outcome: outcome, isMatch: false, steps: [], why: ""))
                    continue
                }
                let outcome = match(filter, intent: intent, api: api)
                let isMatch = outcome.isMatch && blocker == nil
                let why: String
                if outcome.isMatch, let blocker {
                    why = "the filter matches, but \(blocker)"
                } else {
                    why = outcome.why
                }
                evaluations.append(ActivityFilterMatch(
                    activity: name, activityIndex: activityIndex, filter: filterIndex, autoVerify: filter.autoVerify,
                    targetActivity: activity.targetActivity.map { qualify($0, packageName) },
                    outcome: outcome, isMatch: isMatch, steps: activitySteps + outcome.steps, why: why))
            }
        }
        return ManifestMatchReport(url: url, api: api, evaluations: evaluations, packageSteps: packageSteps,
                                   installBlocked: installBlocked)
    }

    /// The (activity, filter) pairs that match `url` and can be started by another app, in manifest order.
    public static func matchingActivities(in manifest: AndroidManifest, packageName: String, url: String,
                                          api: Int) -> [ActivityFilterMatch] {
        evaluate(manifest, packageName: packageName, url: url, api: api).matches
    }

    /// A leading `.` or a name without any dot is relative to the package (android.md §6.4).
    static func qualify(_ name: String, _ packageName: String) -> String {
        guard !packageName.isEmpty else { return name }
        return Activity(name: name).qualifiedName(package: packageName)
    }

    /// `android.intent.action.VIEW` → `VIEW`, for readable messages.
    static func shortName(_ name: String) -> String {
        for prefix in ["android.intent.action.", "android.intent.category."] where name.hasPrefix(prefix) {
            return String(name.dropFirst(prefix.count))
        }
        return name
    }
}

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

    init(filter: IntentFilter, api: Int) {
        escapedDot = .forAPI(api)
        declaredData = filter.data
        let knowsAPI31Attributes = api >= 31
        for (index, data) in filter.data.enumerated() {
            if let type = data.mimeType, !types.contains(type) { types.append(type) }
            if let scheme = data.scheme, !schemes.contains(where: { $0.scheme == scheme }) {
                schemes.append((scheme, index))
            }
            let sspAttributes: [(String?, PatternMatcher.Kind)] = [
                (data.ssp, .literal), (data.sspPrefix, .prefix), (data.sspPattern, .simpleGlob),
                (data.sspAdvancedPattern, .advancedGlob), (data.sspSuffix, .suffix),
            ]
            for case let (value?, kind) in sspAttributes {
                if !knowsAPI31Attributes && (kind == .advancedGlob || kind == .suffix) {
                    notes.append(Self.gatedNote(kind.attribute(part: "ssp"), value, api: api, since: 31))
                    continue
                }
                ssps.append(PathEntry(matcher: PatternMatcher(value, kind: kind), dataIndex: index))
            }
            if let host = data.host {
                let wild = host.hasPrefix("*")
                authorities.append(Authority(
                    declared: host, host: wild ? String(host.dropFirst()) : host, wild: wild,
                    port: data.port.map { Int32($0).map(Int.init) }, portText: data.port, dataIndex: index,
                    hostUnits: Array((wild ? String(host.dropFirst()) : host).utf16)))
            } else if let port = data.port {
                notes.append(FilterMatchStep(
                    summary: "android:port=\"\(port)\" on <data> #\(index + 1) is ignored: that <data> has no android:host",
                    rule: AndroidFilterRules.portNeedsHost))
            }
            let pathAttributes: [(String?, PatternMatcher.Kind)] = [
                (data.path, .literal), (data.pathPrefix, .prefix), (data.pathPattern, .simpleGlob),
                (data.pathAdvancedPattern, .advancedGlob), (data.pathSuffix, .suffix),
            ]
            for case let (value?, kind) in pathAttributes {
                if !knowsAPI31Attributes && (kind == .advancedGlob || kind == .suffix) {
                    notes.append(Self.gatedNote(kind.attribute(part: "path"), value, api: api, since: 31))
                    continue
                }
                paths.append(PathEntry(matcher: PatternMatcher(value, kind: kind), dataIndex: index))
            }
        }
        if api >= 35 {
            for (index, group) in filter.uriRelativeFilterGroups.enumerated() {
                let conditions = group.data.flatMap { Self.conditions(of: $0) }
                // A group without conditions is dropped by the parser.
                guard !conditions.isEmpty else { continue }
                groups.append(Group(allow: group.allow, conditions: conditions, index: index))
            }
        } else if !filter.uriRelativeFilterGroups.isEmpty {
            notes.append(FilterMatchStep(
                summary: "\(filter.uriRelativeFilterGroups.count) <uri-relative-filter-group> element(s) are ignored on API \(api): they exist from Android 15 (API 35)",
                rule: AndroidFilterRules.apiGatedAttributes))
        }
    }

    private static func gatedNote(_ attribute: String, _ value: String, api: Int, since: Int) -> FilterMatchStep {
        FilterMatchStep(summary: "android:\(attribute)=\"\(value)\" is ignored on API \(api): the attribute exists from API \(since)",
                        rule: AndroidFilterRules.apiGatedAttributes)
    }

    private static func conditions(of data: RelativeFilterData) -> [RelativeCondition] {
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

    func match(intent: ViewIntent) -> Result {
        var steps = notes
        func fail(_ reason: FilterMismatch, _ summary: String, rule: String, detail: String? = nil) -> Result {
            steps.append(FilterMatchStep(summary: summary, detail: detail, rule: rule))
            return Result(result: .failed(reason), steps: steps)
        }
        let uri = intent.uri
        let scheme = uri.scheme

        if types.isEmpty && schemes.isEmpty {
            if authorities.isEmpty && paths.isEmpty {
                return fail(.data, "the filter declares no <data> scheme, so it only matches intents without a URL",
                            rule: AndroidFilterRules.schemeRequired)
            }
            return fail(.data, "the filter declares a host or path but no android:scheme, so it matches no URL at all",
                        rule: AndroidFilterRules.schemeRequired)
        }

        var category = MatchCategory.empty
        var matchedScheme: (scheme: String, dataIndex: Int)?
        var matchedAuthority: Authority?
        var matchedPath: PathEntry?
        if !schemes.isEmpty {
            let wanted = scheme ?? ""
            guard let found = schemes.first(where: { $0.scheme == wanted }) else {
                let declared = schemes.map { "\"\($0.scheme)\"" }.joined(separator: ", ")
                if let sameIgnoringCase = schemes.first(where: { $0.scheme.lowercased() == wanted.lowercased() }) {
                    return fail(.data, "scheme \"\(wanted)\" differs from the declared \"\(sameIgnoringCase.scheme)\" only in case, and schemes are compared case-sensitively",
                                rule: AndroidFilterRules.schemeCaseSensitive)
                }
                let what = scheme == nil ? "the URL has no scheme" : "scheme \"\(wanted)\" is not declared"
                return fail(.data, "\(what) (the filter declares \(declared))", rule: AndroidFilterRules.schemeCaseSensitive)
            }
            matchedScheme = found
            category = .scheme
            steps.append(FilterMatchStep(summary: "scheme \"\(found.scheme)\" is declared", rule: AndroidFilterRules.schemeCaseSensitive))

            var sspMatched = false
            if !ssps.isEmpty {
                let ssp = uri.schemeSpecificPart
                if let entry = ssps.first(where: { $0.matcher.matches(ssp, escapedDot: escapedDot) }) {
                    sspMatched = true
                    category = .schemeSpecificPart
                    steps.append(FilterMatchStep(
                        summary: "scheme-specific part \"\(ssp)\" matches \(entry.matcher.kind.attribute(part: "ssp")) \"\(entry.matcher.pattern)\"; host and path are not checked",
                        rule: AndroidFilterRules.schemeSpecificPart))
                } else {
                    steps.append(FilterMatchStep(
                        summary: "scheme-specific part \"\(ssp)\" matches no ssp entry" + (authorities.isEmpty ? "" : "; falling back to the host and path entries"),
                        rule: AndroidFilterRules.schemeSpecificPart))
                }
            }

            if !sspMatched && !authorities.isEmpty {
                guard let (authority, authorityCategory) = matchAuthority(uri) else {
                    return fail(.data, authorityFailure(uri), rule: authorityRule(uri))
                }
                matchedAuthority = authority
                steps.append(authorityStep(authority, uri: uri, category: authorityCategory))
                if paths.isEmpty && groups.isEmpty {
                    category = authorityCategory
                } else {
                    let path = uri.path
                    var pathSteps: [FilterMatchStep] = []
                    if let entry = paths.first(where: { $0.matcher.matches(path, escapedDot: escapedDot) }) {
                        matchedPath = entry
                        category = .path
                        steps.append(FilterMatchStep(
                            summary: "path \(quoted(path)) matches \(entry.attribute) \"\(entry.matcher.pattern)\"",
                            detail: pathDetail(uri), rule: rule(for: entry.matcher.kind)))
                        if let note = escapedDotNote(entry.matcher) { steps.append(note) }
                        steps.append(patternTypeNote(entry.attribute, entry.matcher))
                        if let note = manifestEscapeNote(entry.matcher) { steps.append(note) }
                    } else {
                        for entry in paths {
                            pathSteps.append(FilterMatchStep(
                                summary: "path \(quoted(path)) does not match \(entry.attribute) \"\(entry.matcher.pattern)\"",
                                detail: entry.matcher.parseError.map { "invalid advanced pattern: \($0)" },
                                rule: rule(for: entry.matcher.kind)))
                            if let note = escapedDotNote(entry.matcher) { pathSteps.append(note) }
                        }
                        steps.append(contentsOf: pathSteps)
                        let groupResult = matchGroups(uri)
                        steps.append(contentsOf: groupResult.steps)
                        guard groupResult.allowed else {
                            let summary: String
                            if groups.isEmpty {
                                summary = "path \(quoted(path)) matches none of the filter's \(paths.count) path entr\(paths.count == 1 ? "y" : "ies")"
                            } else if let decider = groupResult.decidingGroup {
                                summary = "<uri-relative-filter-group> #\(decider + 1) (allow=\"false\") blocks the URL"
                            } else {
                                summary = "no path entry and no <uri-relative-filter-group> allows the URL"
                            }
                            return fail(.data, summary, rule: groups.isEmpty ? AndroidFilterRules.pathMatch : AndroidFilterRules.uriRelativeFilterGroup,
                                        detail: pathDetail(uri))
                        }
                        category = .path
                    }
                }
            } else if !sspMatched {
                if !ssps.isEmpty {
                    return fail(.data, "the scheme-specific part matches no ssp entry and the filter has no host to fall back to",
                                rule: AndroidFilterRules.schemeSpecificPart)
                }
                if !paths.isEmpty || !groups.isEmpty {
                    steps.append(FilterMatchStep(
                        summary: "the filter has no android:host, so its path attributes are ignored: every \"\(found.scheme):\" URL matches",
                        rule: AndroidFilterRules.pathNeedsHost))
                }
            }
        } else if let scheme, !scheme.isEmpty, scheme != "content", scheme != "file" {
            return fail(.data, "the filter declares only MIME types and no scheme, so it matches content: and file: URIs only",
                        rule: AndroidFilterRules.mimeTypeBreaksLinks)
        }

        if !types.isEmpty {
            guard let type = intent.mimeType else {
                return fail(.type, "the filter declares android:mimeType \(types.map { "\"\($0)\"" }.joined(separator: ", ")); a tapped link carries no MIME type, so it never matches",
                            rule: AndroidFilterRules.mimeTypeBreaksLinks)
            }
            guard types.contains(where: { Self.mimeType(type, matches: $0) }) else {
                return fail(.type, "MIME type \"\(type)\" is not declared", rule: AndroidFilterRules.mimeTypeBreaksLinks)
            }
            category = .type
        } else if let type = intent.mimeType {
            return fail(.type, "the intent has MIME type \"\(type)\" but the filter declares none", rule: AndroidFilterRules.mimeTypeBreaksLinks)
        }

        if let note = crossProductNote(scheme: matchedScheme, authority: matchedAuthority, path: matchedPath) {
            steps.append(note)
        }
        return Result(result: .matched(category), steps: steps)
    }

    /// `match(intent:)` without its steps: the same decisions in the same order (the fast path).
    func verdict(uri: AndroidURI, mimeType: String?) -> FilterMatchOutcome.Result {
        if types.isEmpty && schemes.isEmpty { return .failed(.data) }
        var category = MatchCategory.empty
        if !schemes.isEmpty {
            let wanted = uri.scheme ?? ""
            guard schemes.contains(where: { $0.scheme == wanted }) else { return .failed(.data) }
            category = .scheme
            var sspMatched = false
            if !ssps.isEmpty, ssps.contains(where: { $0.matcher.matches(units: uri.schemeSpecificPartUnits, escapedDot: escapedDot) }) {
                sspMatched = true
                category = .schemeSpecificPart
            }
            if !sspMatched && !authorities.isEmpty {
                guard let authorityCategory = authorityCategory(uri) else { return .failed(.data) }
                if paths.isEmpty && groups.isEmpty {
                    category = authorityCategory
                } else {
                    let pathMatched = uri.pathUnits.map { units in
                        paths.contains { $0.matcher.matches(units: units, escapedDot: escapedDot) }
                    } ?? false
                    if !pathMatched {
                        guard groupsAllow(uri) else { return .failed(.data) }
                    }
                    category = .path
                }
            } else if !sspMatched, !ssps.isEmpty {
                return .failed(.data)
            }
        } else if let scheme = uri.scheme, !scheme.isEmpty, scheme != "content", scheme != "file" {
            return .failed(.data)
        }
        if !types.isEmpty {
            guard let type = mimeType, types.contains(where: { Self.mimeType(type, matches: $0) }) else { return .failed(.type) }
            category = .type
        } else if mimeType != nil {
            return .failed(.type)
        }
        return .matched(category)
    }

    // MARK: Host and port

    /// `AuthorityEntry.match`: first entry in declaration order.
    func matchAuthority(_ uri: AndroidURI) -> (Authority, MatchCategory)? {
        guard let uriHost = uri.hostUnits else { return nil }
        for authority in authorities where Self.hostMatches(uriHost, authority) {
            switch authority.port {
            case nil: return (authority, .host)
            case let declared??:
                if declared == uri.port { return (authority, .port) }
            case .some(nil):
                continue // not a number: AOSP would not even parse the manifest
            }
        }
        return nil
    }

    /// `matchAuthority`'s category alone (no copy of the entry), for the verdict-only path.
    func authorityCategory(_ uri: AndroidURI) -> MatchCategory? {
        guard let uriHost = uri.hostUnits else { return nil }
        for index in authorities.indices where Self.hostMatches(uriHost, authorities[index]) {
            switch authorities[index].port {
            case nil: return .host
            case let declared??:
                if declared == uri.port { return .port }
            case .some(nil):
                continue
            }
        }
        return nil
    }

    static func hostMatches(_ uriHost: String, _ authority: Authority) -> Bool {
        hostMatches(Array(uriHost.utf16), authority)
    }

    static func hostMatches(_ host: [UInt16], _ authority: Authority) -> Bool {
        let wild = authority.wild
        return host.withUnsafeBufferPointer { h in
            authority.hostUnits.withUnsafeBufferPointer { stored in
                if wild {
                    if h.count < stored.count { return false }
                    return equalIgnoringCase(UnsafeBufferPointer(rebasing: h[(h.count - stored.count)...]), stored)
                }
                return equalIgnoringCase(h, stored)
            }
        }
    }

    /// `String.compareToIgnoreCase` per UTF-16 unit (upper, then lower case), ASCII and BMP letters.
    static func equalIgnoringCase(_ lhs: [UInt16], _ rhs: [UInt16]) -> Bool {
        equalIgnoringCase(lhs[...], rhs[...])
    }

    static func equalIgnoringCase(_ lhs: ArraySlice<UInt16>, _ rhs: ArraySlice<UInt16>) -> Bool {
        lhs.withUnsafeBufferPointer { l in rhs.withUnsafeBufferPointer { r in equalIgnoringCase(l, r) } }
    }

    /// The same on buffers: no slice or iterator to reference-count in the loop.
    static func equalIgnoringCase(_ lhs: UnsafeBufferPointer<UInt16>, _ rhs: UnsafeBufferPointer<UInt16>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for i in 0..<lhs.count where lhs[i] != rhs[i] {
            let a = lhs[i], b = rhs[i]
            // ASCII letters differ by 0x20 only; other ASCII never equals ignoring case.
            if a < 0x80 && b < 0x80 {
                let la = a >= 0x41 && a <= 0x5A ? a | 0x20 : a
                let lb = b >= 0x41 && b <= 0x5A ? b | 0x20 : b
                if la == lb { continue }
                return false
            }
            guard let sa = Unicode.Scalar(a), let sb = Unicode.Scalar(b) else { return false }
            let upperA = String(sa).uppercased(), upperB = String(sb).uppercased()
            if upperA == upperB { continue }
            if String(sa).lowercased() == String(sb).lowercased() { continue }
            return false
        }
        return true
    }

    private func authorityStep(_ authority: Authority, uri: AndroidURI, category: MatchCategory) -> FilterMatchStep {
        let host = uri.host ?? ""
        if category == .port {
            return FilterMatchStep(summary: "host \"\(host)\" and port \(uri.port) match \"\(authority.declared)\":\(authority.portText ?? "")",
                                   rule: AndroidFilterRules.portExact)
        }
        let how = authority.wild ? " (wildcard: only the leading * is special)" : (host == authority.declared ? "" : " (hosts are compared ignoring case)")
        return FilterMatchStep(summary: "host \"\(host)\" matches \"\(authority.declared)\"\(how)", rule: AndroidFilterRules.hostMatch)
    }

    private func authorityRule(_ uri: AndroidURI) -> String {
        guard let host = uri.host else { return AndroidFilterRules.hostMatch }
        let hostMatchesSomewhere = authorities.contains { Self.hostMatches(host, $0) }
        return hostMatchesSomewhere ? AndroidFilterRules.portExact : AndroidFilterRules.hostMatch
    }

    private func authorityFailure(_ uri: AndroidURI) -> String {
        let declared = authorities.map { entry in
            entry.portText.map { "\"\(entry.declared)\":\($0)" } ?? "\"\(entry.declared)\""
        }.joined(separator: ", ")
        guard let host = uri.host else {
            return "the URL has no host, and the filter requires one of \(declared)"
        }
        if authorities.contains(where: { Self.hostMatches(host, $0) }) {
            let port = uri.port == -1 ? "no explicit port" : "port \(uri.port)"
            return "host \"\(host)\" is declared only with a port, and the URL has \(port) (declared: \(declared))"
        }
        var hint = ""
        if let apexWildcard = authorities.first(where: { $0.wild && $0.host.hasPrefix(".") && $0.host.dropFirst().lowercased() == host.lowercased() }) {
            hint = "; \"\(apexWildcard.declared)\" does not cover the apex domain itself"
        }
        return "host \"\(host)\" is not declared (the filter declares \(declared))\(hint)"
    }

    // MARK: Paths and groups

    private func rule(for kind: PatternMatcher.Kind) -> String {
        switch kind {
        case .literal, .prefix, .suffix: return AndroidFilterRules.pathMatch
        case .simpleGlob: return AndroidFilterRules.simpleGlobNoBacktracking
        case .advancedGlob: return AndroidFilterRules.advancedGlobGreedy
        }
    }

    /// Which PatternMatcher type the attribute became (path → LITERAL, pathPrefix → PREFIX...).
    private func patternTypeNote(_ attribute: String, _ matcher: PatternMatcher) -> FilterMatchStep {
        FilterMatchStep(summary: "android:\(attribute) is a \(matcher.kind.aospName) pattern",
                        rule: AndroidFilterRules.patternTypes)
    }

    /// A backslash in a pattern came from the manifest's own escaping (`\\*` in XML is a literal `*`).
    private func manifestEscapeNote(_ matcher: PatternMatcher) -> FilterMatchStep? {
        guard matcher.pattern.contains("\\") else { return nil }
        return FilterMatchStep(summary: "the backslashes in \"\(matcher.pattern)\" are what is left after the manifest's XML unescaping",
                               detail: "In the manifest a literal * is written \\\\* and a literal backslash \\\\\\\\.",
                               rule: AndroidFilterRules.manifestEscaping)
    }

    private func escapedDotNote(_ matcher: PatternMatcher) -> FilterMatchStep? {
        guard matcher.hasVersionDependentEscapedDot else { return nil }
        let meaning = escapedDot == .literal ? "a literal dot" : "any character"
        return FilterMatchStep(
            summary: "in \"\(matcher.pattern)\" the escaped \\. means \(meaning) on this Android version",
            detail: "AOSP up to Android 15 lets an escaped dot not followed by * match any character; newer trees match only a dot",
            rule: AndroidFilterRules.simpleGlobEscapedDot)
    }

    private func pathDetail(_ uri: AndroidURI) -> String? {
        var notes: [String] = []
        if uri.path == "" {
            notes.append("the URL has an empty path (nothing after the host); Chrome would send \"/\"")
        }
        if let encoded = uri.encodedPath, let decoded = uri.path, encoded != decoded {
            notes.append("the path is matched decoded: \"\(encoded)\" → \"\(decoded)\"")
        }
        if uri.encodedQuery != nil || uri.encodedFragment != nil {
            notes.append("the query and fragment do not take part in path matching")
        }
        return notes.isEmpty ? nil : notes.joined(separator: "; ")
    }

    struct GroupResult {
        var allowed: Bool
        var decidingGroup: Int?
        var steps: [FilterMatchStep]
    }

    /// `UriRelativeFilterGroup.matchGroupsToUri`: the first group whose conditions all hold decides.
    /// `matchGroups(uri).allowed` without building its steps: the first group whose conditions all
    /// hold decides; none means not allowed.
    func groupsAllow(_ uri: AndroidURI) -> Bool {
        for group in groups where group.conditions.allSatisfy({ conditionHolds($0, uri) }) { return group.allow }
        return false
    }

    func matchGroups(_ uri: AndroidURI) -> GroupResult {
        var steps: [FilterMatchStep] = []
        for group in groups {
            let failing = group.conditions.first { !conditionHolds($0, uri) }
            let label = "<uri-relative-filter-group> #\(group.index + 1) (\(group.allow ? "allow" : "block"))"
            if let failing {
                steps.append(FilterMatchStep(
                    summary: "\(label) does not apply: \(failing.part.rawValue) does not match \(failing.attribute) \"\(failing.matcher.pattern)\"",
                    rule: AndroidFilterRules.uriRelativeFilterGroup))
                continue
            }
            let conditions = group.conditions.map { "\($0.attribute) \"\($0.matcher.pattern)\"" }.joined(separator: ", ")
            steps.append(FilterMatchStep(
                summary: "\(label) matches (\(conditions)) and \(group.allow ? "allows" : "blocks") the URL",
                rule: AndroidFilterRules.uriRelativeFilterGroup))
            return GroupResult(allowed: group.allow, decidingGroup: group.index, steps: steps)
        }
        return GroupResult(allowed: false, decidingGroup: nil, steps: steps)
    }

    private func conditionHolds(_ condition: RelativeCondition, _ uri: AndroidURI) -> Bool {
        switch condition.part {
        case .path: return condition.matcher.matches(uri.path, escapedDot: escapedDot)
        case .fragment: return condition.matcher.matches(uri.fragment, escapedDot: escapedDot)
        case .query:
            // `UriRelativeFilter.matchQuery`: decoded query split on `&`, or on `;` if that gives one piece.
            guard let query = uri.query else { return false }
            var pieces = Self.javaSplit(query, on: "&")
            if pieces.count == 1 { pieces = Self.javaSplit(query, on: ";") }
            return pieces.contains { condition.matcher.matches($0, escapedDot: escapedDot) }
        }
    }

    /// Java `String.split` with a one-character separator: trailing empty pieces are removed.
    static func javaSplit(_ text: String, on separator: Character) -> [String] {
        guard text.contains(separator) else { return [text] }
        var pieces = text.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
        while let last = pieces.last, last.isEmpty { pieces.removeLast() }
        return pieces
    }

    // MARK: Types and provenance

    static func mimeType(_ type: String, matches declared: String) -> Bool {
        if declared == type || declared == "*" || declared == "*/*" { return true }
        if declared.hasSuffix("/*") {
            return type.split(separator: "/").first == declared.split(separator: "/").first
        }
        return false
    }

    private static func value(of kind: PatternMatcher.Kind, in data: IntentFilterData) -> String? {
        switch kind {
        case .literal: return data.path
        case .prefix: return data.pathPrefix
        case .simpleGlob: return data.pathPattern
        case .advancedGlob: return data.pathAdvancedPattern
        case .suffix: return data.pathSuffix
        }
    }

    /// When the matching scheme, host and path come from different `<data>` elements, say so.
    private func crossProductNote(scheme: (scheme: String, dataIndex: Int)?, authority: Authority?, path: PathEntry?) -> FilterMatchStep? {
        guard let scheme, authority != nil || path != nil else { return nil }
        let declaredTogether = declaredData.contains { data in
            data.scheme == scheme.scheme
                && (authority.map { data.host == $0.declared && data.port == $0.portText } ?? true)
                && (path.map { Self.value(of: $0.matcher.kind, in: data) == $0.matcher.pattern } ?? true)
        }
        guard !declaredTogether else { return nil }
        var parts = ["scheme \"\(scheme.scheme)\" from <data> #\(scheme.dataIndex + 1)"]
        if let authority { parts.append("host \"\(authority.declared)\" from <data> #\(authority.dataIndex + 1)") }
        if let path { parts.append("\(path.attribute) \"\(path.matcher.pattern)\" from <data> #\(path.dataIndex + 1)") }
        return FilterMatchStep(
            summary: "this combination is not written on one <data>: \(parts.joined(separator: ", "))",
            detail: "all <data> elements of one filter are merged, so every scheme × host × path combination matches",
            rule: AndroidFilterRules.dataCrossProduct)
    }
}

private func quoted(_ path: String?) -> String {
    path.map { "\"\($0)\"" } ?? "(none)"
}
