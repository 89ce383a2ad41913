/// Rules about reading a team's own files: manifests with placeholders and resource references,
/// merged manifests, APKs, entitlements and Info.plist (issue #11).
package enum RealFileRules {

    static let placeholdersDoc = "[doc] https://developer.android.com/build/manage-manifests#inject_build_variables_into_the_manifest"
    static let mergerDoc =
        "[doc] https://developer.android.com/build/manage-manifests#merge-manifests (merge priorities, merge rule markers tools:node and tools:remove)"
    static let mergerCode =
        "[code] Android Gradle plugin manifest-merger, com/android/manifmerger/ManifestMerger2.java and NodeOperationType.java (android.googlesource.com/platform/tools/base, build-system/manifest-merger)"
    static let wwdc19UniversalLinks =
        "[W] WWDC19 session 717 \"What's New in Universal Links\" (https://developer.apple.com/videos/play/wwdc2019/717/): appIDs and components arrive with iOS 13"
    static let appleDetailsDoc = "[A] https://developer.apple.com/documentation/bundleresources/applinks/details"
    static let whatwgURL =
        "[spec] WHATWG URL Standard, percent-encode sets (https://url.spec.whatwg.org/#path-percent-encode-set), which WebKit's URL parser follows"
    static let wwdc20Unicode =
        "[W] WWDC20 session 10098 \"What's new in Universal Links\" (https://developer.apple.com/videos/play/wwdc2020/10098/): URLs are ASCII; Unicode patterns need percentEncoded false"
    static let resourcesDoc = "[doc] https://developer.android.com/guide/topics/resources/providing-resources#BestMatch"

    package static let all: [Rule] = [
        .linksimManifestUnresolvedValue, .androidManifestMerger, .iosAasaAppidsIos13,
        .iosAasaSafariPercentEncodes,
    ]
}

extension Rule {
    package static let linksimManifestUnresolvedValue = Rule(
        id: "linksim.manifest.unresolved-value",
        title: "A filter that depends on a value linksim could not resolve is unknown",
        versions: [.android()],
        explanation: """
            The build fills `${applicationId}` and other manifest placeholders from Gradle, and the device \
            resolves `@string/`, `@bool/` and `@integer/` references from the app's resources. linksim fills \
            `${applicationId}` from the app's ID, other placeholders from --define (or `manifest_placeholders`), \
            and references from --res (or `res`), picking `values-vN` folders by API level. A value it still \
            cannot resolve is only a warning on an attribute that plays no part in link matching. On a filter's \
            scheme, host, port, path, action, category or autoVerify, or an activity's exported/enabled, linksim \
            checks whether the filter could match with the most permissive value: if not, it is a sure \
            non-match; if so, the real value decides, so the result is unknown rather than a guess.
            """,
        sources: [RealFileRules.placeholdersDoc, RealFileRules.resourcesDoc])

    /// Decided in ``AndroidHandlers/search``.
    package static let androidManifestMerger = Rule(
        id: "android.manifest.merger",
        title: "Library modules' manifests are merged into the app's",
        versions: [.android()],
        explanation: """
            The build merges the app module's AndroidManifest.xml with those of its library modules (the \
            app's has the highest priority), so an activity or intent filter declared in a library is part \
            of the installed app. Components with the same fully qualified name merge: attributes of the \
            higher-priority file win, intent filters are combined. Merge rule markers in a higher-priority \
            file act on lower ones: tools:node="remove" drops the element, "removeAll" every element of that \
            kind, "replace" keeps only the higher one, tools:remove="android:x" drops attributes. linksim \
            merges activities, aliases and their filters this way and shows which file each filter came from.
            """,
        sources: [RealFileRules.mergerDoc, RealFileRules.mergerCode])

    /// Decided in ``MatchRun/evaluate``.
    package static let iosAasaAppidsIos13 = Rule(
        id: "ios.aasa.appids-ios13",
        title: "appIDs exists from iOS 13; iOS 12 and earlier read only appID",
        versions: [.ios(9, through: 12)],
        explanation: """
            The "appIDs" array arrived with iOS 13, together with "components". iOS 9–12 know only the \
            single "appID" (or the legacy dictionary keyed by app ID): an entry that names its apps only in \
            "appIDs" applies to no app there. A file that must serve iOS 12 devices keeps "appID" (and \
            "paths") next to "appIDs" and "components".
            """,
        sources: [RealFileRules.wwdc19UniversalLinks, RealFileRules.appleDetailsDoc])

    /// Decided in ``MatchRun/classify``.
    package static let iosAasaSafariPercentEncodes = Rule(
        id: "ios.aasa.safari-percent-encodes",
        title: "Safari percent-encodes a URL before iOS matches it",
        versions: [.ios(9)],
        explanation: """
            A link is matched in the form the browser sends it: WebKit's URL parser percent-encodes every \
            non-ASCII character of the path, query and fragment (as %XX of its UTF-8 bytes, upper-case hex), \
            and a few ASCII ones (" < > ` { } in the path). A pattern is compared with that encoded text \
            unless its component says percentEncoded false. So "/wiki/특수:*" only matches when written \
            "/wiki/%ED%8A%B9%EC%88%98:*", or with percentEncoded false.
            """,
        sources: [RealFileRules.whatwgURL, RealFileRules.wwdc20Unicode])
}
