/// The rules of Android intent-filter matching (AOSP `IntentFilter.match`, `PatternMatcher`,
/// manifest parsing). Each rule cites the AOSP code, CTS test or Android documentation it rests on.
package enum AndroidFilterRules {
    // IDs the matcher and the parser cite. Every one of them is in `all`.

    static let intentFilterJava =
        "[code] AOSP frameworks/base core/java/android/content/IntentFilter.java, match()/matchData() (github.com/aosp-mirror/platform_frameworks_base, commit 01a7983f31379854c073b23844df7dd4705b004a)"
    static let patternMatcherJava =
        "[code] AOSP frameworks/base core/java/android/os/PatternMatcher.java (github.com/aosp-mirror/platform_frameworks_base, commit 01a7983f31379854c073b23844df7dd4705b004a)"
    static let parsedIntentInfoUtils =
        "[code] AOSP frameworks/base core/java/com/android/internal/pm/pkg/component/ParsedIntentInfoUtils.java, parseData (Android 13/14 copy: services/core/java/com/android/server/pm/pkg/component/ParsedIntentInfoUtils.java)"
    static let dataElementDoc = "[doc] https://developer.android.com/guide/topics/manifest/data-element"
    static let ctsIntentFilterTest =
        "[test] AOSP CTS tests/tests/content/src/android/content/cts/IntentFilterTest.java (github.com/msft-mirror-aosp/platform.cts)"
    static let chromeIntentsDoc = "[doc] https://developer.chrome.com/docs/android/intents"
    static let chromeExternalNavigation =
        "[code] Chromium components/external_intents/android/java/src/org/chromium/components/external_intents/ExternalNavigationHandler.java (sanitizeQueryIntentActivitiesIntent, queryIntentActivities)"
    static let intentResolverJava =
        "[code] AOSP frameworks/base services/core/java/com/android/server/IntentResolver.java, buildResolveList (\"found match, but none with CATEGORY_DEFAULT\")"

    package static let all: [Rule] = [
        .androidFilterMatchOrder,
        .androidFilterActionViewRequired,
        .androidFilterDataCrossProduct,
        .androidFilterSchemeRequired,
        .androidFilterSchemeCaseSensitive,
        .androidFilterHostMatch,
        .androidFilterPortExact,
        .androidFilterPortNeedsHost,
        .androidFilterPathNeedsHost,
        .androidFilterPathMatch,
        .androidFilterPatternTypes,
        .androidFilterSimpleGlobNoBacktracking,
        .androidFilterSimpleGlobEscapedDot,
        .androidFilterAdvancedGlobGreedy,
        .androidFilterSchemeSpecificPart,
        .androidFilterMimeTypeBreaksLinks,
        .androidFilterApiGatedAttributes,
        .androidFilterUriRelativeFilterGroup,
        .androidFilterBrowsableRequired,
        .androidFilterDefaultCategoryRequired,
        .androidFilterExported,
        .androidFilterExportedExplicitRequired,
        .androidFilterActivityName,
        .androidFilterDisabledComponent,
        .androidFilterManifestEscaping,
    ]

    static let ids: Set<RuleID> = Set(all.map(\.id))

    package static func contains(_ id: RuleID) -> Bool { ids.contains(id) }
}

extension Rule {
    /// An intent filter checks action, then data, then categories
    /// Decided in ``IntentFilterMatcher/match``.
    package static let androidFilterMatchOrder = Rule(
        id: "android.filter.match-order",
        title: "An intent filter checks action, then data, then categories",
        versions: [.android()],
        explanation: """
            IntentFilter.match() first requires the intent's action to be listed, then matches the data \
            (scheme, host, port, path, MIME type), then requires every category of the intent to be listed. \
            The first failing step decides the result (NO_MATCH_ACTION, NO_MATCH_DATA, NO_MATCH_TYPE, \
            NO_MATCH_CATEGORY). A match is scored by how specific the data match was: EMPTY < SCHEME < HOST < \
            PORT < PATH < SCHEME_SPECIFIC_PART < TYPE.
            """,
        sources: [AndroidFilterRules.intentFilterJava])

    /// A link filter must list the VIEW action
    /// Decided in ``IntentFilterMatcher/match``.
    package static let androidFilterActionViewRequired = Rule(
        id: "android.filter.action-view-required",
        title: "A link filter must list the VIEW action",
        versions: [.android()],
        explanation: """
            A tapped link is an intent with action android.intent.action.VIEW. A filter that does not list \
            that action (or lists no action at all) fails with NO_MATCH_ACTION before its data is even looked at.
            """,
        sources: [AndroidFilterRules.intentFilterJava, AndroidFilterRules.chromeIntentsDoc])

    /// All <data> elements of one filter merge into one set of lists
    /// Decided in ``DataMatcher/crossProductNote``.
    package static let androidFilterDataCrossProduct = Rule(
        id: "android.filter.data-cross-product",
        title: "All <data> elements of one filter merge into one set of lists",
        versions: [.android()],
        explanation: """
            Every <data> element inside one <intent-filter> only adds its attributes to shared lists: schemes, \
            hosts (with ports), paths. Attributes written on the same <data> are not tied together, so the \
            filter matches every combination scheme × host × path. A filter with <data scheme="https" \
            host="a.com" pathPrefix="/x"/> and <data scheme="myapp" host="b"/> also matches https://b/x1 \
            and myapp://a.com/x. Put unrelated links in separate <intent-filter>s.
            """,
        sources: [
            AndroidFilterRules.parsedIntentInfoUtils,
            AndroidFilterRules.dataElementDoc
                + " (\"All the <data> elements contained within the same <intent-filter> element contribute to the same filter\")",
        ])

    /// A filter without a scheme matches no URL
    /// Decided in ``DataMatcher/match``.
    package static let androidFilterSchemeRequired = Rule(
        id: "android.filter.scheme-required",
        title: "A filter without a scheme matches no URL",
        versions: [.android()],
        explanation: """
            When a filter declares no scheme and no MIME type, it only matches intents that carry no data at \
            all. A <data android:host=...> without any android:scheme in the same filter therefore makes the \
            filter match nothing that has a URL.
            """,
        sources: [AndroidFilterRules.intentFilterJava + " [derived]"])

    /// The URL's scheme must be listed exactly (case-sensitive)
    /// Decided in ``DataMatcher/match``.
    package static let androidFilterSchemeCaseSensitive = Rule(
        id: "android.filter.scheme-case-sensitive",
        title: "The URL's scheme must be listed exactly (case-sensitive)",
        versions: [.android()],
        explanation: """
            The scheme of the intent's URI (as Uri.parse keeps it, case preserved) must equal one of the \
            filter's schemes, character for character. HTTPS://example.com built by an app does not match a \
            filter declaring https. Browsers lowercase the scheme when they canonicalise, so this only bites \
            app-to-app intents and adb.
            """,
        sources: [AndroidFilterRules.dataElementDoc + " (scheme matching is case-sensitive)", AndroidFilterRules.intentFilterJava])

    /// Host matching: only a leading * is a wildcard, and case is ignored
    /// Decided in ``DataMatcher/authorityStep``.
    package static let androidFilterHostMatch = Rule(
        id: "android.filter.host-match",
        title: "Host matching: only a leading * is a wildcard, and case is ignored",
        versions: [.android()],
        explanation: """
            A host starting with * matches any host that ends with the rest: *.example.com matches \
            www.example.com and a.b.example.com but not the apex example.com; *example.com also matches \
            badexample.com; * alone matches any host. Anything else, such as www.*.com, is literal. Hosts are \
            compared ignoring case (the code uses compareToIgnoreCase although the javadoc says otherwise). \
            Host entries are tried in declaration order.
            """,
        sources: [AndroidFilterRules.intentFilterJava + " (AuthorityEntry.match)", AndroidFilterRules.ctsIntentFilterTest + " #testAuthorities"])

    /// A declared port must appear explicitly in the URL
    /// Decided in ``DataMatcher/authorityStep``.
    package static let androidFilterPortExact = Rule(
        id: "android.filter.port-exact",
        title: "A declared port must appear explicitly in the URL",
        versions: [.android()],
        explanation: """
            With android:port the URL's explicit port must be exactly that number (match category PORT). \
            Uri.getPort() is -1 when the URL names no port, so port="443" does not match https://example.com/. \
            Without android:port any port, or none, matches (category HOST).
            """,
        sources: [AndroidFilterRules.intentFilterJava + " (AuthorityEntry.match)", AndroidFilterRules.ctsIntentFilterTest + " #testAuthorities"])

    /// A port without a host on the same <data> is ignored
    /// Decided in ``DataMatcher/init``.
    package static let androidFilterPortNeedsHost = Rule(
        id: "android.filter.port-needs-host",
        title: "A port without a host on the same <data> is ignored",
        versions: [.android()],
        explanation: """
            The manifest parser only creates a host/port entry when android:host is present on that <data> \
            element; an android:port on a <data> without android:host is dropped.
            """,
        sources: [
            AndroidFilterRules.parsedIntentInfoUtils,
            "[derived] from AOSP frameworks/base ParsedIntentInfoUtils.java parseData (a port becomes part of an AuthorityEntry only with a host), checked with a port of the AOSP matcher",
        ])

    /// Without a host, path attributes are ignored
    /// Decided in ``DataMatcher/match``.
    package static let androidFilterPathNeedsHost = Rule(
        id: "android.filter.path-needs-host",
        title: "Without a host, path attributes are ignored",
        versions: [.android()],
        explanation: """
            Paths are only checked after a host entry has matched. A filter with a scheme and paths but no \
            host matches every URL with that scheme, whatever its path.
            """,
        sources: [
            AndroidFilterRules.intentFilterJava,
            AndroidFilterRules.dataElementDoc + " (\"If a host isn't specified for the filter, the port attribute and all the path attributes are ignored\")",
        ])

    /// Paths: any entry may match the decoded path; query and fragment are ignored
    /// Decided in ``DataMatcher/match``.
    package static let androidFilterPathMatch = Rule(
        id: "android.filter.path-match",
        title: "Paths: any entry may match the decoded path; query and fragment are ignored",
        versions: [.android()],
        explanation: """
            When a filter has path entries, the URL matches if any one of them matches Uri.getPath(), which \
            is percent-decoded (%20 becomes a space, so a filter path containing %20 never matches). The query \
            string and the fragment never take part. https://example.com without a slash has the empty path \
            "", which pathPrefix="/" does not match (Chrome adds the slash; adb does not).
            """,
        sources: [
            AndroidFilterRules.intentFilterJava, "[doc] https://developer.android.com/reference/android/net/Uri#getPath()",
            AndroidFilterRules.ctsIntentFilterTest + " #testPaths",
        ])

    /// path, pathPrefix, pathPattern, pathAdvancedPattern, pathSuffix
    /// Decided in ``DataMatcher/patternTypeNote``.
    package static let androidFilterPatternTypes = Rule(
        id: "android.filter.pattern-types",
        title: "path, pathPrefix, pathPattern, pathAdvancedPattern, pathSuffix",
        versions: [.android()],
        explanation: """
            path is whole-string equality, pathPrefix a startsWith, pathSuffix an endsWith (all case-sensitive); \
            pathPattern is PatternMatcher's SIMPLE_GLOB and pathAdvancedPattern its ADVANCED_GLOB. The same \
            five kinds exist for ssp and, inside <uri-relative-filter-group>, for query and fragment.
            """,
        sources: [
            AndroidFilterRules.parsedIntentInfoUtils, AndroidFilterRules.patternMatcherJava,
            "[doc] https://developer.android.com/reference/android/os/PatternMatcher",
        ])

    /// pathPattern is not a regular expression: one pass, no backtracking
    /// Decided in ``DataMatcher/rule``.
    package static let androidFilterSimpleGlobNoBacktracking = Rule(
        id: "android.filter.simple-glob-no-backtracking",
        title: "pathPattern is not a regular expression: one pass, no backtracking",
        versions: [.android()],
        explanation: """
            SIMPLE_GLOB knows only . (any character), c* (a run of c) and .* (anything). .* skips to the FIRST \
            occurrence of the next pattern character (compared literally, even if it is a dot) and never \
            reconsiders: /a.*b does not match /axxbyb, /app/.*/edit does not match /app/x/y/edit, /.*\\.pdf \
            does not match /a.b.pdf. A trailing .* matches anything, including nothing (/path.* matches \
            /path), but a trailing c* is never reached once the input is used up (/a1* does not match /a).
            """,
        sources: [
            AndroidFilterRules.patternMatcherJava + " (matchGlobPattern)", AndroidFilterRules.ctsIntentFilterTest + " #testPaths",
            "[derived] AOSP frameworks/base core/java/android/os/PatternMatcher.java matchGlobPattern (no backtracking), checked with a port of the AOSP code",
        ])

    /// pathPattern: an escaped dot \\. still matches any character (up to Android 15)
    /// Decided in ``PatternMatcher/forAPI``.
    package static let androidFilterSimpleGlobEscapedDot = Rule(
        id: "android.filter.simple-glob-escaped-dot",
        title: "pathPattern: an escaped dot \\. still matches any character (up to Android 15)",
        versions: [.android(api: nil, through: 35)],
        explanation: """
            In SIMPLE_GLOB an escaped \\. that is not followed by * matches any character in AOSP sources up \
            to Android 15 (/te\\.t matches /test); only newer trees make it a literal dot, which linksim applies \
            from API 36. \\.* (escaped dot, star) is a run of literal dots in every version. Remember the XML \
            escaping: write \\\\. in the manifest to get \\. in the pattern.
            """,
        sources: [AndroidFilterRules.patternMatcherJava + " (matchGlobPattern; newer trees add CTS testMatch_simpleGlobPattern_dot)"])
}
