/// Rules about reading a team's own files: manifests with placeholders and resource references,
/// merged manifests, APKs, entitlements and Info.plist (issue #11).
public enum RealFileRules {

    static let placeholdersDoc = "[doc] https://developer.android.com/build/manage-manifests#inject_build_variables_into_the_manifest"
    static let mergerDoc = "[doc] https://developer.android.com/build/manage-manifests#merge-manifests (merge priorities, merge rule markers tools:node and tools:remove)"
    static let mergerCode = "[code] Android Gradle plugin manifest-merger, com/android/manifmerger/ManifestMerger2.java and NodeOperationType.java (android.googlesource.com/platform/tools/base, build-system/manifest-merger)"
    static let resourcesDoc = "[doc] https://developer.android.com/guide/topics/resources/providing-resources#BestMatch"

    public static let all: [Rule] = [.linksimManifestUnresolvedValue, .androidManifestMerger]
}

extension Rule {
    public static let linksimManifestUnresolvedValue = Rule(id: "linksim.manifest.unresolved-value",
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

    public static let androidManifestMerger = Rule(id: "android.manifest.merger",
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
}
