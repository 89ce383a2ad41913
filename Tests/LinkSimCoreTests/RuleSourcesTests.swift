import Foundation
import Testing

@testable import LinkSimCore

/// Every source a rule shows is one a user can open (issue #17 item 7): a URL, or a public repository and a path,
/// never a note of the project's own (`knowledge/*.md §…`, a seed file). `linksim rules` and `linksim explain`
/// print these sources, so a user who wants to check a rule must be able to follow each one.
@Suite struct RuleSourcesTests {
    /// Text that points at the project's private research notes and seed documents, which users do not have.
    static let internalMarkers = ["knowledge/", ".md §", "seeds", "[seed", "shared/", "/work/"]

    /// Platform rules whose sources may include a statement without a URL, each with the reason. Keep it short: a
    /// rule lands here only when no public source says what linksim decides, and the statement says so.
    static let exceptions: [String: String] = [
        "web.js-fallback.race":
            "no public source says how each browser treats the prompt when the page navigates away; the "
            + "[linksim model] source says linksim decides the race from the scenario's timings"
    ]

    /// The ID namespaces of rules about a platform's (or a browser's, or a provider's) behaviour.
    static let platformNamespaces: Set<Substring> = ["ios", "android", "deferred", "web"]

    /// `[linksim model] …`: linksim's own model, stated as such.
    static let modelTag = "[linksim model]"

    /// The internal markers `text` contains.
    static func internalReferences(in text: String) -> [String] {
        internalMarkers.filter { text.contains($0) }
    }

    /// A URL, a `github.com/` reference, or a repository path: a `/` and a file name with an extension
    /// (`AOSP frameworks/base core/java/android/content/IntentFilter.java`).
    static func isPublic(_ source: String) -> Bool {
        if source.contains("http://") || source.contains("https://") || source.contains("github.com/") { return true }
        return source.contains("/") && source.contains(#/[A-Za-z0-9_]\.(java|kt|mm|m|h|cc|md|yaml|ts|xml|json|swift)\b/#)
    }

    @Test func theChecksRejectInternalNotesAndAcceptPublicSources() {
        // The checks themselves, on the kinds of source this test was written to catch.
        #expect(!Self.internalReferences(in: "[C] knowledge/ios.md §5 testing hooks").isEmpty)
        #expect(!Self.internalReferences(in: "[derived] android.md §6.4 (checked with a port)").isEmpty)
        #expect(!Self.internalReferences(in: "[seed 003] \"Users can reset this\"").isEmpty)
        #expect(!Self.internalReferences(in: "[seed] ../shared/seeds/003_2596be633d688a93.txt").isEmpty)
        #expect(Self.internalReferences(in: "[A] https://developer.apple.com/documentation/xcode/supporting-associated-domains").isEmpty)
        #expect(!Self.isPublic("[C] openradar 22541203"))
        #expect(!Self.isPublic("[C] jessesquires TIL"))
        #expect(!Self.isPublic("[code] AOSP DomainVerificationService (matchUriRelativeFilterGroups)"))
        #expect(!Self.isPublic("[A-staff] Apple Developer Forums thread 649423"))
        #expect(Self.isPublic("[C] https://openradar.appspot.com/22541203"))
        #expect(Self.isPublic("[code] AOSP frameworks/base core/java/android/content/IntentFilter.java"))
        #expect(Self.isPublic("[AF-RN-UDL] AppsFlyerSDK/appsflyer-react-native-plugin Docs/RN_UnifiedDeepLink.md"))
        #expect(Self.isPublic("[test] CTS DomainVerificationIntentStandaloneTests.kt (github.com/TeamWin/android_cts)"))
    }

    @Test func noRuleShowsAnInternalNote() {
        for rule in RuleCatalog.all {
            for source in rule.sources {
                #expect(Self.internalReferences(in: source).isEmpty, "\(rule.id) cites an internal note: \(source)")
            }
            // The explanation and title are shown next to the sources.
            let shown = rule.title + " " + rule.explanation
            #expect(Self.internalReferences(in: shown).isEmpty, "\(rule.id) points at an internal note in its text")
            #expect(!shown.lowercased().contains("seed 0"), "\(rule.id) points at a seed document in its text")
            #expect(!shown.contains("knowledge file"), "\(rule.id) points at the knowledge files in its text")
        }
    }

    @Test func everySourceOfAPlatformRuleIsAURLOrARepositoryPath() {
        for rule in RuleCatalog.all where Self.platformNamespaces.contains(rule.id.namespace) {
            let unopenable = rule.sources.filter { !Self.isPublic($0) }
            if Self.exceptions[rule.id.rawValue] != nil {
                // An exception covers only an explicit linksim-model statement, never a vague reference.
                #expect(unopenable.allSatisfy { $0.hasPrefix(Self.modelTag) }, "\(rule.id): \(unopenable)")
            } else {
                #expect(unopenable.isEmpty, "\(rule.id) has a source a user cannot open: \(unopenable)")
            }
        }
    }

    @Test func everyExceptionIsStillNeeded() {
        for (id, reason) in Self.exceptions {
            #expect(!reason.isEmpty)
            let rule = RuleCatalog.all.first { $0.id.rawValue == id }
            #expect(rule != nil, "exception for \(id), which is not in the catalog")
            if let rule {
                #expect(rule.sources.contains { !Self.isPublic($0) }, "\(id) no longer needs its exception")
            }
        }
    }

    @Test func linksimModelStatementsNameNoFile() {
        // A linksim-model source is a plain statement: no path to a file users do not have.
        for rule in RuleCatalog.all {
            for source in rule.sources where source.hasPrefix(Self.modelTag) {
                #expect(!source.contains("/"), "\(rule.id): \(source)")
                #expect(source.count > Self.modelTag.count + 20, "\(rule.id): say what linksim models")
            }
        }
    }

    @Test func sourceCodePointsAtNoFileOutsideTheRepository() {
        // Comments and strings in Sources/ must not send a reader to the project's private notes or a local path.
        let files = RuleLocalityTests.swiftFiles(under: "Sources")
        for (path, text) in files {
            for marker in ["shared/knowledge", "../shared/", "shared/seeds", "/work/", "/Users/", "/home/"] {
                #expect(!text.contains(marker), "\(path) mentions \(marker)")
            }
            for line in text.split(separator: "\n") where ["knowledge/", ".md §", "seed 0"].contains(where: line.contains) {
                Issue.record("\(path) points at a research note: \(line)")
            }
        }
        #expect(files.count > 100)
    }
}
