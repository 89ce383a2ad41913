/// The rules of Android intent-filter matching (AOSP `IntentFilter.match`, `PatternMatcher`,
/// manifest parsing). Sources are copied from `shared/knowledge/android.md` §1 and §6.
public enum AndroidFilterRules {
    // IDs the matcher and the parser cite. Every one of them is in `all`.
    public static let matchOrder = "android.filter.match-order"
    public static let actionViewRequired = "android.filter.action-view-required"
    public static let dataCrossProduct = "android.filter.data-cross-product"
    public static let schemeRequired = "android.filter.scheme-required"
    public static let schemeCaseSensitive = "android.filter.scheme-case-sensitive"
    public static let hostMatch = "android.filter.host-match"
    public static let portExact = "android.filter.port-exact"
    public static let portNeedsHost = "android.filter.port-needs-host"
    public static let pathNeedsHost = "android.filter.path-needs-host"
    public static let pathMatch = "android.filter.path-match"
    public static let patternTypes = "android.filter.pattern-types"
    public static let simpleGlobNoBacktracking = "android.filter.simple-glob-no-backtracking"
    public static let simpleGlobEscapedDot = "android.filter.simple-glob-escaped-dot"
    public static let advancedGlobGreedy = "android.filter.advanced-glob-greedy"
    public static let schemeSpecificPart = "android.filter.scheme-specific-part"
    public static let mimeTypeBreaksLinks = "android.filter.mime-type-breaks-links"
    public static let apiGatedAttributes = "android.filter.api-gated-attributes"
    public static let uriRelativeFilterGroup = "android.filter.uri-relative-filter-group"
    public static let browsableRequired = "android.filter.browsable-required"
    public static let defaultCategoryRequired = "android.filter.default-category-required"
    public static let exported = "android.filter.exported"
    public static let exportedExplicitRequired = "android.filter.exported-explicit-required"
    public static let activityName = "android.filter.activity-name"
    public static let disabledComponent = "android.filter.disabled-component"
    public static let manifestEscaping = "android.filter.manifest-escaping"

    private static let intentFilterJava =
        "[code] AOSP frameworks/base core/java/android/content/IntentFilter.java, match()/matchData() (github.com/aosp-mirror/platform_frameworks_base, commit 01a7983f31379854c073b23844df7dd4705b004a)"
    private static let patternMatcherJava =
        "[code] AOSP frameworks/base core/java/android/os/PatternMatcher.java (github.com/aosp-mirror/platform_frameworks_base, commit 01a7983f31379854c073b23844df7dd4705b004a)"
    private static let parsedIntentInfoUtils =
        "[code] AOSP frameworks/base core/java/com/android/internal/pm/pkg/component/ParsedIntentInfoUtils.java, parseData (Android 13/14 copy: services/core/java/com/android/server/pm/pkg/component/ParsedIntentInfoUtils.java)"
    private static let dataElementDoc = "[doc] https://developer.android.com/guide/topics/manifest/data-element"
    private static let ctsIntentFilterTest =
        "[test] AOSP CTS tests/tests/content/src/android/content/cts/IntentFilterTest.java (github.com/msft-mirror-aosp/platform.cts)"
    private static let chromeIntentsDoc = "[doc] https://developer.chrome.com/docs/android/intents"
    private static let chromeExternalNavigation =
        "[code] Chromium components/external_intents/android/java/src/org/chromium/components/external_intents/ExternalNavigationHandler.java (sanitizeQueryIntentActivitiesIntent, queryIntentActivities)"
    private static let intentResolverJava =
        "[code] AOSP frameworks/base services/core/java/com/android/server/IntentResolver.java, buildResolveList (\"found match, but none with CATEGORY_DEFAULT\")"

    public static let all: [Rule] = [
        Rule(id: matchOrder,
             title: "An intent filter checks action, then data, then categories",
             versions: [.android()],
             explanation: """
             IntentFilter.match() first requires the intent's action to be listed, then matches the data \
             (scheme, host, port, path, MIME type), then requires every category of the intent to be listed. \
             The first failing step decides the result (NO_MATCH_ACTION, NO_MATCH_DATA, NO_MATCH_TYPE, \
             NO_MATCH_CATEGORY). A match is scored by how specific the data match was: EMPTY < SCHEME < HOST < \
             PORT < PATH < SCHEME_SPECIFIC_PART < TYPE.
             """,
             sources: [intentFilterJava]),
        Rule(id: actionViewRequired,
             title: "A link filter must list the VIEW action",
             versions: [.android()],
             explanation: """
             A tapped link is an intent with action android.intent.action.VIEW. A filter that does not list \
             that action (or lists no action at all) fails with NO_MATCH_ACTION before its data is even looked at.
             """,
             sources: [intentFilterJava, chromeIntentsDoc]),
        Rule(id: dataCrossProduct,
             title: "All <data> elements of one filter merge into one set of lists",
             versions: [.android()],
             explanation: """
             Every <data> element inside one <intent-filter> only adds its attributes to shared lists: schemes, \
             hosts (with ports), paths. Attributes written on the same <data> are not tied together, so the \
             filter matches every combination scheme × host × path. A filter with <data scheme="https" \
             host="a.com" pathPrefix="/x"/> and <data scheme="myapp" host="b"/> also matches https://b/x1 \
             and myapp://a.com/x. Put unrelated links in separate <intent-filter>s.
             """,
             sources: [parsedIntentInfoUtils,
                       dataElementDoc + " (\"All the <data> elements contained within the same <intent-filter> element contribute to the same filter\")"]),
        Rule(id: schemeRequired,
             title: "A filter without a scheme matches no URL",
             versions: [.android()],
             explanation: """
             When a filter declares no scheme and no MIME type, it only matches intents that carry no data at \
             all. A <data android:host=...> without any android:scheme in the same filter therefore makes the \
             filter match nothing that has a URL.
             """,
             sources: [intentFilterJava + " [derived]"]),
        Rule(id: schemeCaseSensitive,
             title: "The URL's scheme must be listed exactly (case-sensitive)",
             versions: [.android()],
             explanation: """
             The scheme of the intent's URI (as Uri.parse keeps it, case preserved) must equal one of the \
             filter's schemes, character for character. HTTPS://example.com built by an app does not match a \
             filter declaring https. Browsers lowercase the scheme when they canonicalise, so this only bites \
             app-to-app intents and adb.
             """,
             sources: [dataElementDoc + " (scheme matching is case-sensitive)", intentFilterJava]),
        Rule(id: hostMatch,
             title: "Host matching: only a leading * is a wildcard, and case is ignored",
             versions: [.android()],
             explanation: """
             A host starting with * matches any host that ends with the rest: *.example.com matches \
             www.example.com and a.b.example.com but not the apex example.com; *example.com also matches \
             badexample.com; * alone matches any host. Anything else, such as www.*.com, is literal. Hosts are \
             compared ignoring case (the code uses compareToIgnoreCase although the javadoc says otherwise). \
             Host entries are tried in declaration order.
             """,
             sources: [intentFilterJava + " (AuthorityEntry.match)", ctsIntentFilterTest + " #testAuthorities"]),
        Rule(id: portExact,
             title: "A declared port must appear explicitly in the URL",
             versions: [.android()],
             explanation: """
             With android:port the URL's explicit port must be exactly that number (match category PORT). \
             Uri.getPort() is -1 when the URL names no port, so port="443" does not match https://example.com/. \
             Without android:port any port, or none, matches (category HOST).
             """,
             sources: [intentFilterJava + " (AuthorityEntry.match)", ctsIntentFilterTest + " #testAuthorities"]),
        Rule(id: portNeedsHost,
             title: "A port without a host on the same <data> is ignored",
             versions: [.android()],
             explanation: """
             The manifest parser only creates a host/port entry when android:host is present on that <data> \
             element; an android:port on a <data> without android:host is dropped.
             """,
             sources: [parsedIntentInfoUtils, "[derived] android.md §6.4 (checked with a port of the AOSP matcher)"]),
        Rule(id: pathNeedsHost,
             title: "Without a host, path attributes are ignored",
             versions: [.android()],
             explanation: """
             Paths are only checked after a host entry has matched. A filter with a scheme and paths but no \
             host matches every URL with that scheme, whatever its path.
             """,
             sources: [intentFilterJava,
                       dataElementDoc + " (\"If a host isn't specified for the filter, the port attribute and all the path attributes are ignored\")"]),
        Rule(id: pathMatch,
             title: "Paths: any entry may match the decoded path; query and fragment are ignored",
             versions: [.android()],
             explanation: """
             When a filter has path entries, the URL matches if any one of them matches Uri.getPath(), which \
             is percent-decoded (%20 becomes a space, so a filter path containing %20 never matches). The query \
             string and the fragment never take part. https://example.com without a slash has the empty path \
             "", which pathPrefix="/" does not match (Chrome adds the slash; adb does not).
             """,
             sources: [intentFilterJava, "[doc] https://developer.android.com/reference/android/net/Uri#getPath()",
                       ctsIntentFilterTest + " #testPaths"]),
        Rule(id: patternTypes,
             title: "path, pathPrefix, pathPattern, pathAdvancedPattern, pathSuffix",
             versions: [.android()],
             explanation: """
             path is whole-string equality, pathPrefix a startsWith, pathSuffix an endsWith (all case-sensitive); \
             pathPattern is PatternMatcher's SIMPLE_GLOB and pathAdvancedPattern its ADVANCED_GLOB. The same \
             five kinds exist for ssp and, inside <uri-relative-filter-group>, for query and fragment.
             """,
             sources: [parsedIntentInfoUtils, patternMatcherJava,
                       "[doc] https://developer.android.com/reference/android/os/PatternMatcher"]),
        Rule(id: simpleGlobNoBacktracking,
             title: "pathPattern is not a regular expression: one pass, no backtracking",
             versions: [.android()],
             explanation: """
             SIMPLE_GLOB knows only . (any character), c* (a run of c) and .* (anything). .* skips to the FIRST \
             occurrence of the next pattern character (compared literally, even if it is a dot) and never \
             reconsiders: /a.*b does not match /axxbyb, /app/.*/edit does not match /app/x/y/edit, /.*\\.pdf \
             does not match /a.b.pdf. A trailing .* matches anything, including nothing (/path.* matches \
             /path), but a trailing c* is never reached once the input is used up (/a1* does not match /a).
             """,
             sources: [patternMatcherJava + " (matchGlobPattern)", ctsIntentFilterTest + " #testPaths",
                       "[derived] android.md §6.1(c), checked with a port of the AOSP code"]),
        Rule(id: simpleGlobEscapedDot,
             title: "pathPattern: an escaped dot \\. still matches any character (up to Android 15)",
             versions: [.android()],
             explanation: """
             In SIMPLE_GLOB an escaped \\. that is not followed by * matches any character in AOSP sources up \
             to Android 15 (/te\\.t matches /test); only newer trees make it a literal dot, which linksim applies \
             from API 36. \\.* (escaped dot, star) is a run of literal dots in every version. Remember the XML \
             escaping: write \\\\. in the manifest to get \\. in the pattern.
             """,
             sources: [patternMatcherJava + " (matchGlobPattern; newer trees add CTS testMatch_simpleGlobPattern_dot)"]),
        Rule(id: advancedGlobGreedy,
             title: "pathAdvancedPattern is greedy and never backtracks",
             versions: [.android(api: 31)],
             explanation: """
             ADVANCED_GLOB supports ., literals, [sets], [^sets] with ranges, and the modifiers *, +, {n}, {n,}, \
             {n,m}. Every token takes as many characters as it can and never gives any back, so .*bar and .+bar \
             never match anything; only a trailing .* is useful. A malformed pattern (modifier without a token, \
             unterminated set, empty set, bad range) is rejected.
             """,
             sources: [patternMatcherJava + " (parseAndVerifyAdvancedPattern, matchAdvancedPattern)",
                       "[test] AOSP frameworks/base core/tests/coretests/src/android/os/PatternMatcherTest.java"]),
        Rule(id: schemeSpecificPart,
             title: "ssp attributes match the scheme-specific part, and can replace host/path checks",
             versions: [.android()],
             explanation: """
             ssp, sspPrefix, sspPattern, sspAdvancedPattern and sspSuffix match Uri.getSchemeSpecificPart() \
             (everything between the scheme's colon and the fragment, decoded, query included). If one matches, \
             the host and path checks are skipped; if none matches, the filter falls back to its host/path \
             entries, and fails if it has none.
             """,
             sources: [intentFilterJava, ctsIntentFilterTest + " #testSchemeSpecificParts",
                       "[derived] android.md §6.4 (checked with a port of the AOSP matcher)"]),
        Rule(id: mimeTypeBreaksLinks,
             title: "A mimeType on a link filter stops it matching plain links",
             versions: [.android()],
             explanation: """
             A tapped http(s) or custom-scheme link carries no MIME type. A filter that declares any \
             android:mimeType requires the intent's type to match one of them, so it fails with NO_MATCH_TYPE \
             for every plain link. Remove mimeType from link filters.
             """,
             sources: [intentFilterJava + " [derived]"]),
        Rule(id: apiGatedAttributes,
             title: "Newer <data> attributes do not exist on older Android",
             versions: [.android(through: 34)],
             explanation: """
             pathSuffix and pathAdvancedPattern were added in API 31 (Android 12); <uri-relative-filter-group> \
             is only parsed from Android 15 (API 35). An older platform does not know them, so they are simply \
             absent from the filter: a filter whose only path attribute is pathSuffix has no path restriction on \
             Android 11 and matches every path of its hosts, and a filter with scheme, host and groups matches \
             every path on Android 14. linksim applies the API 31 cut-off to sspSuffix/sspAdvancedPattern too.
             """,
             sources: ["[doc] https://developer.android.com/reference/android/os/PatternMatcher",
                       "[doc] https://developer.android.com/guide/topics/manifest/uri-relative-filter-group-element (\"ignored and have no effect on lower Android versions\")",
                       parsedIntentInfoUtils + " [derived]"]),
        Rule(id: uriRelativeFilterGroup,
             title: "<uri-relative-filter-group>: query and fragment conditions (Android 15+)",
             versions: [.android(api: 35)],
             explanation: """
             Inside a group, each attribute of each <data> is one condition and all must hold (AND): path* on \
             the decoded path, fragment* on the decoded fragment, query* on any one key=value piece of the \
             decoded query (split on &, or on ; when there is no &). Groups are tried in order and the first \
             group that matches decides: allow matches the filter (category PATH), allow="false" blocks it. \
             No group matching means no match. Groups are an alternative to the plain paths: if a plain path \
             matches, groups are not consulted, so a block group cannot veto it.
             """,
             sources: ["[code] AOSP frameworks/base UriRelativeFilterGroup.java (matchData, matchGroupsToUri), UriRelativeFilter.matchQuery, IntentFilter.matchRelRefGroups",
                       ctsIntentFilterTest + " #testMatchDataWithRelRefGroups",
                       "[doc] https://developer.android.com/guide/topics/manifest/uri-relative-filter-group-element",
                       "[doc] https://developer.android.com/about/versions/15/features"]),
        Rule(id: browsableRequired,
             title: "A link from a browser or another app needs category BROWSABLE",
             versions: [.android()],
             explanation: """
             Chrome (and any app following the rules) adds android.intent.category.BROWSABLE to the intent of a \
             tapped link. Every category of the intent must be listed by the filter, so a filter without \
             BROWSABLE fails with NO_MATCH_CATEGORY. A link filter needs VIEW + BROWSABLE + DEFAULT.
             """,
             sources: [chromeExternalNavigation,
                       chromeIntentsDoc + " (\"Only activities that have the category filter, android.intent.category.BROWSABLE are able to be invoked\")",
                       intentFilterJava]),
        Rule(id: defaultCategoryRequired,
             title: "startActivity drops filters without category DEFAULT",
             versions: [.android()],
             explanation: """
             startActivity (and Chrome's queryIntentActivities) resolve with MATCH_DEFAULT_ONLY: a filter that \
             matches but does not list android.intent.category.DEFAULT is not a candidate.
             """,
             sources: [intentResolverJava, chromeExternalNavigation]),
        Rule(id: exported,
             title: "android:exported=\"false\" activities cannot be opened by a link",
             versions: [.android()],
             explanation: """
             An activity with android:exported="false" cannot be started by other apps, so a link tapped in the \
             browser or another app never reaches it. Without an explicit value the activity is exported when \
             it has intent filters (apps targeting API 30 or lower).
             """,
             sources: ["[doc] https://developer.android.com/about/versions/12/behavior-changes-12",
                       "[code] Chromium ExternalNavigationHandler.java resolvesToNonExportedActivity"]),
        Rule(id: exportedExplicitRequired,
             title: "Targeting API 31+, activities with intent filters must set android:exported",
             versions: [.android(api: 31)],
             explanation: """
             An app targeting API 31 or higher whose activity has an <intent-filter> but no android:exported \
             fails to install on Android 12+: INSTALL_PARSE_FAILED_MANIFEST_MALFORMED "Targeting S+ (version 31 \
             and above) requires that an explicit value for android:exported be defined when intent filters \
             are present". No link can open an app that is not installed.
             """,
             sources: ["[doc] https://developer.android.com/about/versions/12/behavior-changes-12",
                       "github.com/piwigo/piwigo-flutter-app/issues/66 (error text)"]),
        Rule(id: activityName,
             title: "Activity names are qualified with the package",
             versions: [.android()],
             explanation: """
             android:name=".MainActivity" (leading dot) and android:name="MainActivity" (no dot at all) both \
             expand to <package>.MainActivity; a name containing a dot elsewhere is already fully qualified.
             """,
             sources: ["[derived] android.md §6.4 (checked with a port of the AOSP code)"]),
        Rule(id: disabledComponent,
             title: "android:enabled=\"false\" activities are not link targets",
             versions: [.android()],
             explanation: """
             The system does not instantiate an activity (or alias) declared with android:enabled="false", so it \
             is not offered for a link until the app enables it at run time.
             """,
             sources: ["[doc] https://developer.android.com/guide/topics/manifest/activity-element (android:enabled)"]),
        Rule(id: manifestEscaping,
             title: "Manifest attributes are unescaped before they become patterns",
             versions: [.android()],
             explanation: """
             The build tools unescape attribute strings: a literal * in a pattern is written \\\\* and a \
             literal backslash \\\\\\\\ in the manifest. The backslash of an unknown escape is dropped, so \
             pathPattern="/a\\*" reaches the device as /a* (a run of a's), not as a literal star.
             """,
             sources: [dataElementDoc, "[derived] android.md §1.1, §1.5 (aapt2 drops the backslash of an unknown escape)"]),
    ]

    private static let ids: Set<String> = Set(all.map(\.id))

    public static func contains(_ id: String) -> Bool { ids.contains(id) }
}
