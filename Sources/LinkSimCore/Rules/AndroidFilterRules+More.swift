/// Android intent-filter rules, continued (the catalog list is AndroidFilterRules.all).
extension Rule {
    /// pathAdvancedPattern is greedy and never backtracks
    /// Decided in ``DataMatcher/rule``.
    package static let androidFilterAdvancedGlobGreedy = Rule(
        id: "android.filter.advanced-glob-greedy",
        title: "pathAdvancedPattern is greedy and never backtracks",
        versions: [.android(api: 31)],
        explanation: """
            ADVANCED_GLOB supports ., literals, [sets], [^sets] with ranges, and the modifiers *, +, {n}, {n,}, \
            {n,m}. Every token takes as many characters as it can and never gives any back, so .*bar and .+bar \
            never match anything; only a trailing .* is useful. A malformed pattern (modifier without a token, \
            unterminated set, empty set, bad range) is rejected.
            """,
        sources: [
            AndroidFilterRules.patternMatcherJava + " (parseAndVerifyAdvancedPattern, matchAdvancedPattern)",
            "[test] AOSP frameworks/base core/tests/coretests/src/android/os/PatternMatcherTest.java",
        ])

    /// ssp attributes match the scheme-specific part, and can replace host/path checks
    /// Decided in ``DataMatcher/match``.
    package static let androidFilterSchemeSpecificPart = Rule(
        id: "android.filter.scheme-specific-part",
        title: "ssp attributes match the scheme-specific part, and can replace host/path checks",
        versions: [.android()],
        explanation: """
            ssp, sspPrefix, sspPattern, sspAdvancedPattern and sspSuffix match Uri.getSchemeSpecificPart() \
            (everything between the scheme's colon and the fragment, decoded, query included). If one matches, \
            the host and path checks are skipped; if none matches, the filter falls back to its host/path \
            entries, and fails if it has none.
            """,
        sources: [
            AndroidFilterRules.intentFilterJava, AndroidFilterRules.ctsIntentFilterTest + " #testSchemeSpecificParts",
            "[derived] AOSP frameworks/base core/java/android/content/IntentFilter.java (SSP checked before the authority and path), checked with a port of the AOSP matcher",
        ])

    /// A mimeType on a link filter stops it matching plain links
    /// Decided in ``DataMatcher/match``.
    package static let androidFilterMimeTypeBreaksLinks = Rule(
        id: "android.filter.mime-type-breaks-links",
        title: "A mimeType on a link filter stops it matching plain links",
        versions: [.android()],
        explanation: """
            A tapped http(s) or custom-scheme link carries no MIME type. A filter that declares any \
            android:mimeType requires the intent's type to match one of them, so it fails with NO_MATCH_TYPE \
            for every plain link. Remove mimeType from link filters.
            """,
        sources: [AndroidFilterRules.intentFilterJava + " [derived]"])

    /// Newer <data> attributes do not exist on older Android
    /// Decided in ``DataMatcher/init``.
    package static let androidFilterApiGatedAttributes = Rule(
        id: "android.filter.api-gated-attributes",
        title: "Newer <data> attributes do not exist on older Android",
        versions: [.android(through: 34)],
        explanation: """
            pathSuffix and pathAdvancedPattern were added in API 31 (Android 12); <uri-relative-filter-group> \
            is only parsed from Android 15 (API 35). An older platform does not know them, so they are simply \
            absent from the filter: a filter whose only path attribute is pathSuffix has no path restriction on \
            Android 11 and matches every path of its hosts, and a filter with scheme, host and groups matches \
            every path on Android 14. linksim applies the API 31 cut-off to sspSuffix/sspAdvancedPattern too.
            """,
        sources: [
            "[doc] https://developer.android.com/reference/android/os/PatternMatcher",
            "[doc] https://developer.android.com/guide/topics/manifest/uri-relative-filter-group-element (\"ignored and have no effect on lower Android versions\")",
            AndroidFilterRules.parsedIntentInfoUtils + " [derived]",
        ])

    /// <uri-relative-filter-group>: query and fragment conditions (Android 15+)
    /// Decided in ``DataMatcher/readsGroups``.
    package static let androidFilterUriRelativeFilterGroup = Rule(
        id: "android.filter.uri-relative-filter-group",
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
        sources: [
            "[code] AOSP frameworks/base UriRelativeFilterGroup.java (matchData, matchGroupsToUri), UriRelativeFilter.matchQuery, IntentFilter.matchRelRefGroups",
            AndroidFilterRules.ctsIntentFilterTest + " #testMatchDataWithRelRefGroups",
            "[doc] https://developer.android.com/guide/topics/manifest/uri-relative-filter-group-element",
            "[doc] https://developer.android.com/about/versions/15/features",
        ])

    /// A link from a browser or another app needs category BROWSABLE
    /// Decided in ``IntentFilterMatcher/match``.
    package static let androidFilterBrowsableRequired = Rule(
        id: "android.filter.browsable-required",
        title: "A link from a browser or another app needs category BROWSABLE",
        versions: [.android()],
        explanation: """
            Chrome (and any app following the rules) adds android.intent.category.BROWSABLE to the intent of a \
            tapped link. Every category of the intent must be listed by the filter, so a filter without \
            BROWSABLE fails with NO_MATCH_CATEGORY. A link filter needs VIEW + BROWSABLE + DEFAULT.
            """,
        sources: [
            AndroidFilterRules.chromeExternalNavigation,
            AndroidFilterRules.chromeIntentsDoc
                + " (\"Only activities that have the category filter, android.intent.category.BROWSABLE are able to be invoked\")",
            AndroidFilterRules.intentFilterJava,
        ])

    /// startActivity drops filters without category DEFAULT
    /// Decided in ``IntentFilterMatcher/match``.
    package static let androidFilterDefaultCategoryRequired = Rule(
        id: "android.filter.default-category-required",
        title: "startActivity drops filters without category DEFAULT",
        versions: [.android()],
        explanation: """
            startActivity (and Chrome's queryIntentActivities) resolve with MATCH_DEFAULT_ONLY: a filter that \
            matches but does not list android.intent.category.DEFAULT is not a candidate.
            """,
        sources: [AndroidFilterRules.intentResolverJava, AndroidFilterRules.chromeExternalNavigation])

    /// android:exported=\"false\" activities cannot be opened by a link
    /// Decided in ``IntentFilterMatcher/activityBlockers``.
    package static let androidFilterExported = Rule(
        id: "android.filter.exported",
        title: "android:exported=\"false\" activities cannot be opened by a link",
        versions: [.android()],
        explanation: """
            An activity with android:exported="false" cannot be started by other apps, so a link tapped in the \
            browser or another app never reaches it. Without an explicit value the activity is exported when \
            it has intent filters (apps targeting API 30 or lower).
            """,
        sources: [
            "[doc] https://developer.android.com/about/versions/12/behavior-changes-12",
            "[code] Chromium components/external_intents/android/java/src/org/chromium/components/external_intents/ExternalNavigationHandler.java (resolvesToNonExportedActivity)",
        ])

    /// Targeting API 31+, activities with intent filters must set android:exported
    /// Decided in ``IntentFilterMatcher/activityBlockers``.
    package static let androidFilterExportedExplicitRequired = Rule(
        id: "android.filter.exported-explicit-required",
        title: "Targeting API 31+, activities with intent filters must set android:exported",
        versions: [.android(api: 31)], sdk: [.android(api: 31)],
        explanation: """
            An app targeting API 31 or higher whose activity has an <intent-filter> but no android:exported \
            fails to install on Android 12+: INSTALL_PARSE_FAILED_MANIFEST_MALFORMED "Targeting S+ (version 31 \
            and above) requires that an explicit value for android:exported be defined when intent filters \
            are present". No link can open an app that is not installed.
            """,
        sources: [
            "[doc] https://developer.android.com/about/versions/12/behavior-changes-12",
            "github.com/piwigo/piwigo-flutter-app/issues/66 (error text)",
        ])

    /// Activity names are qualified with the package
    /// Decided in ``IntentFilterMatcher/evaluate``.
    package static let androidFilterActivityName = Rule(
        id: "android.filter.activity-name",
        title: "Activity names are qualified with the package",
        versions: [.android()],
        explanation: """
            android:name=".MainActivity" (leading dot) and android:name="MainActivity" (no dot at all) both \
            expand to <package>.MainActivity; a name containing a dot elsewhere is already fully qualified.
            """,
        sources: [
            "[code] AOSP frameworks/base core/java/android/content/pm/PackageParser.java buildClassName (ParsingUtils.buildClassName in newer trees): a leading dot or a name without a dot gets the package prepended",
            "[doc] https://developer.android.com/guide/topics/manifest/activity-element#nm",
        ])

    /// android:enabled=\"false\" activities are not link targets
    /// Decided in ``IntentFilterMatcher/activityBlockers``.
    package static let androidFilterDisabledComponent = Rule(
        id: "android.filter.disabled-component",
        title: "android:enabled=\"false\" activities are not link targets",
        versions: [.android()],
        explanation: """
            The system does not instantiate an activity (or alias) declared with android:enabled="false", so it \
            is not offered for a link until the app enables it at run time.
            """,
        sources: ["[doc] https://developer.android.com/guide/topics/manifest/activity-element (android:enabled)"])

    /// Manifest attributes are unescaped before they become patterns
    /// Decided in ``DataMatcher/manifestEscapeNote``.
    package static let androidFilterManifestEscaping = Rule(
        id: "android.filter.manifest-escaping",
        title: "Manifest attributes are unescaped before they become patterns",
        versions: [.android()],
        explanation: """
            The build tools unescape attribute strings: a literal * in a pattern is written \\\\* and a \
            literal backslash \\\\\\\\ in the manifest. The backslash of an unknown escape is dropped, so \
            pathPattern="/a\\*" reaches the device as /a* (a run of a's), not as a literal star.
            """,
        sources: [
            AndroidFilterRules.dataElementDoc,
            "[derived] from https://developer.android.com/guide/topics/manifest/data-element (attribute strings are unescaped): aapt2 drops the backslash of an unknown escape",
        ])
}
