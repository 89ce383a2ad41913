/// The rules Apple's apple-app-site-association matcher follows, as `AASAMatcher` cites them.
/// Each rule cites its primary source: Apple's documentation, or swcutil behaviour recorded in public test suites.
package enum IOSAASARules {

    // Sources with their evidence tags ([A] Apple docs, [A-arch] Apple's archived guide, [W] WWDC, [O] swcutil observed).
    static let sAL = "[A] https://developer.apple.com/documentation/bundleresources/applinks"
    static let sDET = "[A] https://developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary"
    static let sCOMP = "[A] https://developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary/components-swift.dictionary"
    static let sQRY = "[A] https://developer.apple.com/documentation/bundleresources/applinks/details-swift.dictionary/components-swift.dictionary/query"
    static let sDEF = "[A] https://developer.apple.com/documentation/bundleresources/applinks/defaults-swift.dictionary"
    static let sSUB = "[A] https://developer.apple.com/documentation/bundleresources/applinks/substitutionvariables-swift.dictionary"
    static let sTN = "[A] TN3155 Debugging universal links https://developer.apple.com/documentation/technotes/tn3155-debugging-universal-links"
    static let sARCH = "[A-arch] https://developer.apple.com/library/archive/documentation/General/Conceptual/AppSearch/UniversalLinks.html"
    static let sWWDC19 =
        "[W] WWDC19 717 What's New in Universal Links https://developer.apple.com/videos/play/wwdc2019/717/ (transcript quoted in https://stackoverflow.com/q/60937903)"
    static let sWWDC20 =
        "[W] WWDC20 10098 What's new in Universal Links https://developer.apple.com/videos/play/wwdc2020/10098 (notes: https://wwdcnotes.com/notes/wwdc20/10098/)"
    static let rBA = "[O] https://github.com/sergii-ziborov/blazingly-aasa (swcutil captures: conformance/oracle/swcutil-probes.tsv, docs/parity.md)"
    static let rBAGaps = "[O] https://github.com/sergii-ziborov/blazingly-aasa (conformance/oracle/swcutil-gap-probes.tsv)"
    static let rBACorpus = "[O] https://github.com/sergii-ziborov/blazingly-aasa (conformance/oracle/swcutil-corpus.txt)"
    static let rST = "[O] https://github.com/st-tech/universal-links-test (tests/node.test.ts, run against swcutil in CI)"

    package static let all: [Rule] = [
        .iosAasaApplinksSection,
        .iosAasaWebUrlsOnly,
        .iosAasaHostCaseInsensitive,
        .iosAasaSizeLimit,
        .iosAasaAppidsPrecedence,
        .iosAasaDetailsOrder,
        .iosAasaDetailsDictionary,
        .iosAasaComponentsOverPaths,
        .iosAasaPathsLegacy,
        .iosAasaPathsNotExclude,
        .iosAasaComponentsFirstHit,
        .iosAasaExclude,
        .iosAasaAllKeysMustMatch,
        .iosAasaPatternWildcards,
        .iosAasaPathNormalisation,
        .iosAasaQueryString,
        .iosAasaQueryAllItems,
        .iosAasaQueryNonstringIgnored,
        .iosAasaFragment,
        .iosAasaPercentEncoded,
        .iosAasaCaseSensitive,
        .iosAasaDefaults,
        .iosAasaSubstitutionVariables,
        .iosAasaUnknownKeysIgnored,
    ]
}

extension Rule {
    /// Universal links come from the applinks section
    /// Decided in ``MatchRun/appLinksActive``.
    package static let iosAasaApplinksSection = Rule(
        id: "ios.aasa.applinks-section", title: "Universal links come from the applinks section",
        versions: [.ios(9)],
        explanation: """
            Only the top-level "applinks" object of the file can make a URL open an app, and only from \
            iOS 9. Its "details" array lists which apps may open which URLs. Other sections \
            (webcredentials, appclips, activitycontinuation) never make a URL a universal link.
            """,
        sources: [
            IOSAASARules.sAL, IOSAASARules.sDET, "[O] https://github.com/sergii-ziborov/blazingly-aasa (services/webcredentials-only-never-matches-urls)",
        ])

    /// Only http and https URLs are matched
    /// Decided in ``MatchRun/tellNotWebURL``.
    package static let iosAasaWebUrlsOnly = Rule(
        id: "ios.aasa.web-urls-only", title: "Only http and https URLs are matched",
        versions: [.ios(9)],
        explanation: """
            A universal link is a web URL. linksim's reference algorithm only checks URLs whose scheme is \
            https or http against the file; anything else (a custom scheme, mailto:) never matches it.
            """,
        sources: [IOSAASARules.sAL + " (universal links are web links)", IOSAASARules.sARCH])

    /// The host is compared without regard to case
    /// Decided in ``MatchRun/classify``.
    package static let iosAasaHostCaseInsensitive = Rule(
        id: "ios.aasa.host-case-insensitive", title: "The host is compared without regard to case",
        versions: [.ios(9)],
        explanation: """
            The file never names its own host: it applies to the host it was downloaded from. That host is \
            compared case-insensitively, so https://EXAMPLE.COM/x is checked against example.com's file.
            """,
        sources: [IOSAASARules.rBACorpus])

    /// Files over 128 KB are rejected
    /// Decided in ``AASADocument/sizeRejection``.
    package static let iosAasaSizeLimit = Rule(
        id: "ios.aasa.size-limit", title: "Files over 128 KB are rejected",
        versions: [VersionRange(.ios, from: OSVersion(ios: 9, 3, 1))],
        explanation: """
            From iOS 9.3.1 the apple-app-site-association file may be at most 128 KB, uncompressed. A larger \
            file is rejected as a whole, so none of its links open an app.
            """,
        sources: [IOSAASARules.sARCH])

    /// appIDs wins over appID
    /// Decided in ``MatchRun/evaluate``.
    package static let iosAasaAppidsPrecedence = Rule(
        id: "ios.aasa.appids-precedence", title: "appIDs wins over appID",
        versions: [.ios(9)],
        explanation: """
            A details entry names its apps with "appIDs" (an array) or the older "appID" (one string). When \
            both are present, "appIDs" is used and "appID" is ignored, even if "appIDs" is empty. An entry \
            with neither applies to no app. App IDs are compared as plain strings.
            """,
        sources: [IOSAASARules.sDET, IOSAASARules.rST])

    /// details entries are tried in order; the first hit decides
    /// Decided in ``MatchRun/walk``.
    package static let iosAasaDetailsOrder = Rule(
        id: "ios.aasa.details-order", title: "details entries are tried in order; the first hit decides",
        versions: [.ios(9)],
        explanation: """
            iOS walks the details array from the top, skipping entries that do not list the app. The first \
            entry with a rule that hits (match or exclude) decides; later entries are only consulted if \
            earlier ones did not hit. This lets one app take part of a site and another app the rest.
            """,
        sources: [IOSAASARules.sARCH, IOSAASARules.sCOMP, "[A-staff] https://developer.apple.com/forums/thread/649423 (accepted answer)", IOSAASARules.rST])

    /// Legacy details dictionary keyed by app ID
    /// Decided in ``MatchRun/classify``.
    package static let iosAasaDetailsDictionary = Rule(
        id: "ios.aasa.details-dictionary", title: "Legacy details dictionary keyed by app ID",
        versions: [.ios(9)],
        explanation: """
            Old files write details as an object whose keys are app IDs. swcutil still accepts it. The order \
            of keys in a JSON object is undefined, so linksim evaluates them in sorted order.
            """,
        sources: [
            "[O] https://github.com/sergii-ziborov/blazingly-aasa (corpus legacy/details-as-dictionary)",
            "[C] https://github.com/sergii-ziborov/blazingly-aasa (decision: sorted key order)",
        ])

    /// components replace paths from iOS 13
    /// Decided in ``MatchRun/evaluate``.
    package static let iosAasaComponentsOverPaths = Rule(
        id: "ios.aasa.components-over-paths", title: "components replace paths from iOS 13",
        versions: [.ios(9)],
        explanation: """
            From iOS 13 an entry's "components" are used and its "paths" are ignored when both are present. \
            iOS 12 and earlier only know "paths". Keep "paths" only for iOS 12 clients; Apple warns not to \
            mix the formats.
            """,
        sources: [IOSAASARules.sWWDC19, IOSAASARules.sTN, IOSAASARules.sCOMP + " (components exist from iOS 13; earlier releases read only paths)"])

    /// Legacy paths: path only, in order, case-sensitive
    /// Decided in ``MatchRun/evaluate``.
    package static let iosAasaPathsLegacy = Rule(
        id: "ios.aasa.paths-legacy", title: "Legacy paths: path only, in order, case-sensitive",
        versions: [.ios(9)],
        explanation: """
            Each string in "paths" is a pattern for the URL path only: the query and the fragment are ignored. \
            Patterns are case-sensitive and tried in array order; the first one that hits decides. "*" alone \
            claims the whole site.
            """,
        sources: [IOSAASARules.sARCH, "[O] https://github.com/sergii-ziborov/blazingly-aasa (corpus legacy/paths-*)"])

    /// \"NOT \" excludes a path
    /// Decided in ``MatchRun/readsNotPrefix``.
    package static let iosAasaPathsNotExclude = Rule(
        id: "ios.aasa.paths-not-exclude", title: "\"NOT \" excludes a path",
        versions: [VersionRange(.ios, from: OSVersion(ios: 9, 2))],
        explanation: """
            A paths entry that starts with "NOT " (N, O, T, then a space) excludes the matching URLs: if it \
            hits first, the URL does not open the app. Added in iOS 9.2.
            """,
        sources: ["[A-staff] https://developer.apple.com/forums/thread/24981", IOSAASARules.sARCH])

    /// components are tried in order; the first hit wins
    /// Decided in ``MatchRun/readsComponents``.
    package static let iosAasaComponentsFirstHit = Rule(
        id: "ios.aasa.components-first-hit", title: "components are tried in order; the first hit wins",
        versions: [.ios(13)],
        explanation: """
            The components array is evaluated from the top and the first component that matches the URL \
            decides. So a general rule placed before a specific exclude makes the exclude unreachable.
            """,
        sources: [IOSAASARules.sCOMP, IOSAASARules.rBA])

    /// exclude stops matching
    /// Decided in ``MatchRun/evaluate``.
    package static let iosAasaExclude = Rule(
        id: "ios.aasa.exclude", title: "exclude stops matching",
        versions: [.ios(13)],
        explanation: """
            A component with "exclude": true that matches the URL stops the evaluation: the URL does not open \
            the app, and later components and details are never consulted for it.
            """,
        sources: [IOSAASARules.sCOMP, IOSAASARules.rBA])

    /// Every key of a component must match
    /// Decided in ``MatchRun/evaluate``.
    package static let iosAasaAllKeysMustMatch = Rule(
        id: "ios.aasa.all-keys-must-match", title: "Every key of a component must match",
        versions: [.ios(13)],
        explanation: """
            A component matches only if its path ("/"), query ("?") and fragment ("#") patterns all match. \
            A key left out means "*". A URL part that is missing (no query, no fragment) is read as the \
            empty string, so it matches "*" and "" but not "?*".
            """,
        sources: [IOSAASARules.sCOMP, IOSAASARules.rBA])

    /// Pattern wildcards * and ?
    /// Decided in ``MatchRun/pathOutcome``.
    package static let iosAasaPatternWildcards = Rule(
        id: "ios.aasa.pattern-wildcards", title: "Pattern wildcards * and ?",
        versions: [.ios(9)],
        explanation: """
            "*" matches any run of characters, including none and including "/". "?" matches exactly one \
            character, so "?*" means one or more. There is no escape. The pattern must match the whole URL \
            part, not just its beginning: "/buy/*" does not match "/buyer".
            """,
        sources: [IOSAASARules.sCOMP, IOSAASARules.sARCH, IOSAASARules.rBA])

    /// Path normalisation: slashes at the ends
    /// Decided in ``MatchRun/pathOutcome``.
    package static let iosAasaPathNormalisation = Rule(
        id: "ios.aasa.path-normalisation", title: "Path normalisation: slashes at the ends",
        versions: [.ios(9)],
        explanation: """
            Trailing slashes do not matter on either side ("/buy" matches "/buy/"), a pattern ending in "/*" \
            also matches its parent ("/buy/*" matches "/buy"), the leading slash of a pattern is optional, \
            and an empty URL path reads as "/". A slash is never added to the URL, and "*" in the middle needs \
            the slashes around it ("/a/*/c" does not match "/a/c"). Apple does not document this; it was \
            measured with swcutil.
            """,
        sources: [IOSAASARules.rBA])

    /// A string \"?\" must match the whole query
    /// Decided in ``MatchRun/evaluate``.
    package static let iosAasaQueryString = Rule(
        id: "ios.aasa.query-string", title: "A string \"?\" must match the whole query",
        versions: [.ios(13)],
        explanation: """
            When "?" is a string, it is a pattern for the entire raw query (the text after "?" and before \
            "#"). So "a=1" matches "?a=1" but not "?a=1&b=2".
            """,
        sources: [IOSAASARules.sCOMP, IOSAASARules.rST, IOSAASARules.rBA])

    /// A \"?\" dictionary checks named query items, every occurrence
    /// Decided in ``MatchRun/evaluate``.
    package static let iosAasaQueryAllItems = Rule(
        id: "ios.aasa.query-all-items", title: "A \"?\" dictionary checks named query items, every occurrence",
        versions: [.ios(13)],
        explanation: """
            When "?" is a dictionary, each key names a query item and its value is a pattern for that item's \
            value. Items the dictionary does not name are ignored. A missing item, or one without a value, \
            counts as the empty string. If a name appears several times, every occurrence must match.
            """,
        sources: [IOSAASARules.sQRY, IOSAASARules.sWWDC19, IOSAASARules.rBA, IOSAASARules.rST])

    /// A \"?\" dictionary with a non-string value is ignored
    /// Decided in ``MatchRun/evaluate``.
    package static let iosAasaQueryNonstringIgnored = Rule(
        id: "ios.aasa.query-nonstring-ignored", title: "A \"?\" dictionary with a non-string value is ignored",
        versions: [.ios(13)],
        explanation: """
            If any value in a "?" dictionary is not a string (true, a number, an array, null), iOS ignores the \
            whole dictionary, so the component matches every query.
            """,
        sources: [IOSAASARules.rBA])

    /// \"#\" matches the fragment
    /// Decided in ``MatchRun/evaluate``.
    package static let iosAasaFragment = Rule(
        id: "ios.aasa.fragment", title: "\"#\" matches the fragment",
        versions: [.ios(13)],
        explanation: """
            "#" is a pattern for the URL fragment, without the "#". A URL without a fragment has the empty \
            fragment. Single-page-app URLs such as /#/market/x must be matched with "#", not "/".
            """,
        sources: [IOSAASARules.sCOMP, IOSAASARules.rST])

    /// percentEncoded: compare encoded or decoded
    /// Decided in ``MatchRun/check``.
    package static let iosAasaPercentEncoded = Rule(
        id: "ios.aasa.percent-encoded", title: "percentEncoded: compare encoded or decoded",
        versions: [.ios(13)],
        explanation: """
            By default ("percentEncoded": true) the pattern is compared with the URL as written, still \
            percent-encoded: "%20" must be written as "%20", the hex case of escapes matters, and "%2F" is not \
            a slash. With "percentEncoded": false the URL is decoded first and the pattern is written in plain \
            (even Unicode) text.
            """,
        sources: [IOSAASARules.sCOMP, IOSAASARules.rBA, IOSAASARules.sWWDC20])

    /// Matching is case-sensitive unless caseSensitive is false
    /// Decided in ``MatchRun/check``.
    package static let iosAasaCaseSensitive = Rule(
        id: "ios.aasa.case-sensitive", title: "Matching is case-sensitive unless caseSensitive is false",
        versions: [.ios(from: OSVersion(ios: 13, 5))],
        explanation: """
            Patterns are case-sensitive by default: "/search/" does not match "/SEARCH/". A component (or \
            defaults) with "caseSensitive": false compares without regard to case, including in substitution \
            variables, so $(upper) then accepts lowercase letters too. The key exists from iOS 13.5.
            """,
        sources: [IOSAASARules.sCOMP, IOSAASARules.sWWDC20, IOSAASARules.rST, IOSAASARules.rBA])

    /// defaults: domain, app, component
    /// Decided in ``MatchRun/readsDefaults``.
    package static let iosAasaDefaults = Rule(
        id: "ios.aasa.defaults", title: "defaults: domain, app, component",
        versions: [.ios(14)],
        explanation: """
            From iOS 14, applinks.defaults (the domain) and details[].defaults (the app) give values for keys \
            a component leaves out, and the more specific level wins: component over app over domain. Besides \
            caseSensitive and percentEncoded, defaults also supply "/", "?", "#" and "exclude".
            """,
        sources: [IOSAASARules.sDEF, IOSAASARules.rBAGaps])

    /// Substitution variables $(name)
    /// Decided in ``MatchRun/check``.
    package static let iosAasaSubstitutionVariables = Rule(
        id: "ios.aasa.substitution-variables", title: "Substitution variables $(name)",
        versions: [VersionRange(.ios, from: OSVersion(ios: 13, 5))],
        explanation: """
            From iOS 13.5 a pattern may contain $(name): it matches any one of the variable's alternatives. \
            Custom variables are lists in applinks.substitutionVariables; predefined ones are $(alpha), \
            $(upper), $(lower), $(alnum), $(digit), $(xdigit) (one character each), $(region) and $(lang) \
            (ISO codes: GB is a region, UK is not). A URL containing the text "$(food)" does not match $(food).
            """,
        sources: [IOSAASARules.sSUB, IOSAASARules.rBA, IOSAASARules.sWWDC20])

    /// Unknown keys are ignored
    /// Decided in ``MatchRun/check``.
    package static let iosAasaUnknownKeysIgnored = Rule(
        id: "ios.aasa.unknown-keys-ignored", title: "Unknown keys are ignored",
        versions: [.ios(13)],
        explanation: """
            iOS ignores keys it does not know, including misspellings: "casesensitive": true has no effect. \
            A component with only unknown keys behaves like {} and matches every URL.
            """,
        sources: [IOSAASARules.rBAGaps])
}
