import Foundation
import Testing

@testable import LinkSimCore

/// The catalog's OS ranges are what the engine obeys: the engine asks `Rule.applies(to:)` instead of writing
/// version numbers, so a cut-off lives in one place. These tests pin every cut-off and check the engine follows it.
@Suite struct RuleVersionTests {
    /// Rules the engine cites below their range only to say the feature does not exist there yet
    /// ("defaults are ignored: iOS 13.7 predates them", "\"NOT \" is plain text on iOS 9.1").
    static let citedToExplainAbsence: Set<RuleID> = [
        Rule.iosAasaDefaults.id, Rule.iosAasaCaseSensitive.id, Rule.iosAasaSubstitutionVariables.id,
        Rule.iosAasaPathsNotExclude.id, Rule.iosEntitlementModeDeveloper.id, Rule.iosEntitlementModeManaged.id,
        Rule.androidApplinksDynamicRules.id, Rule.androidApplinksShell.id,
        // Cited on Android 16 to say an escaped dot is literal there.
        Rule.androidFilterSimpleGlobEscapedDot.id,
    ]

    /// Every bounded range in the catalog, written out once more. Moving a cut-off in the catalog fails this table;
    /// `engineFollowsEveryBoundary` then shows the behaviour moved with it.
    static let boundaries: [String: String] = [
        "android.applinks.assetlinks-http": "Android API 23+",
        "android.applinks.assetlinks-include": "Android API 31+",
        "android.applinks.assetlinks-json": "Android API 23+",
        "android.applinks.assetlinks-match": "Android API 23+",
        "android.applinks.collected-hosts": "Android API 23+",
        "android.applinks.dynamic-rules": "Android API 35+",
        "android.applinks.fingerprint": "Android API 23+",
        "android.applinks.legacy-all-or-nothing": "Android API 23–API 30",
        "android.applinks.per-filter": "Android API 31+",
        "android.applinks.legacy-chooser": "Android up to API 30",
        "android.applinks.link-handling-off": "Android API 23+",
        "android.applinks.package-lifecycle": "Android API 23+",
        "android.applinks.resolution-12": "Android API 31+",
        "android.applinks.selection-vs-verified": "Android API 31+",
        "android.applinks.shell": "Android API 31+",
        "android.applinks.state": "Android API 31+",
        "android.applinks.two-approved": "Android API 31+",
        "android.applinks.user-selection": "Android API 31+",
        "android.applinks.wildcard": "Android API 23+",
        "android.filter.advanced-glob-greedy": "Android API 31+",
        "android.filter.api-gated-attributes": "Android up to API 34",
        "android.filter.exported-explicit-required": "Android API 31+",
        "android.filter.simple-glob-escaped-dot": "Android up to API 35",
        "android.filter.uri-relative-filter-group": "Android API 35+",
        "deferred.adjust.linkme": "iOS 15+",
        "deferred.af.att-wait": "iOS 14+",
        "deferred.branch.nativelink": "iOS 15+",
        "deferred.click.opens-app": "iOS 9+; Android API 23+",
        "deferred.ios.paste-alert": "iOS 16+",
        "deferred.ios.paste-banner": "iOS 14–15",
        "deferred.ios.paste-denied": "iOS 16+",
        "deferred.match.idfa-att": "iOS 14.5+",
        "deferred.match.private-relay": "iOS 15+",
        "ios.aasa-host.cdn": "iOS 14+",
        "ios.aasa-host.content-type": "iOS 9+",
        "ios.aasa-host.direct-fetch": "iOS 9–13",
        "ios.aasa-host.fetch-timing": "iOS 9+",
        "ios.aasa-host.invalid-json": "iOS 9+",
        "ios.aasa-host.location": "iOS 9+",
        "ios.aasa-host.no-redirects": "iOS 9+",
        "ios.aasa-host.status": "iOS 9+",
        "ios.app-clip.card": "iOS 14+",
        "ios.aasa.all-keys-must-match": "iOS 13+",
        "ios.aasa.appids-precedence": "iOS 9+",
        "ios.aasa.appids-ios13": "iOS 9–12",
        "ios.aasa.safari-percent-encodes": "iOS 9+",
        "ios.aasa.applinks-section": "iOS 9+",
        "ios.aasa.case-sensitive": "iOS 13.5+",
        "ios.aasa.components-first-hit": "iOS 13+",
        "ios.aasa.components-over-paths": "iOS 9+",
        "ios.aasa.defaults": "iOS 14+",
        "ios.aasa.details-dictionary": "iOS 9+",
        "ios.aasa.details-order": "iOS 9+",
        "ios.aasa.exclude": "iOS 13+",
        "ios.aasa.fragment": "iOS 13+",
        "ios.aasa.host-case-insensitive": "iOS 9+",
        "ios.aasa.path-normalisation": "iOS 9+",
        "ios.aasa.paths-legacy": "iOS 9+",
        "ios.aasa.paths-not-exclude": "iOS 9.2+",
        "ios.aasa.pattern-wildcards": "iOS 9+",
        "ios.aasa.percent-encoded": "iOS 13+",
        "ios.aasa.query-all-items": "iOS 13+",
        "ios.aasa.query-nonstring-ignored": "iOS 13+",
        "ios.aasa.query-string": "iOS 13+",
        "ios.aasa.size-limit": "iOS 9.3.1+",
        "ios.aasa.substitution-variables": "iOS 13.5+",
        "ios.aasa.unknown-keys-ignored": "iOS 13+",
        "ios.aasa.web-urls-only": "iOS 9+",
        "ios.delivery.open-url-deprecated-26": "iOS 26+",
        "ios.delivery.scenes-cold": "iOS 13+",
        "ios.delivery.scenes-required-27": "iOS 27+",
        "ios.delivery.scenes-warm": "iOS 13+",
        "ios.delivery.swiftui": "iOS 14+",
        "ios.delivery.swiftui-18-4-quirk": "iOS 18.4",
        "ios.entitlement.app-id": "iOS 9+",
        "ios.entitlement.applinks": "iOS 9+",
        "ios.entitlement.mode-developer": "iOS 14+",
        "ios.entitlement.mode-managed": "iOS 14+",
        "ios.entitlement.no-port": "iOS 9+",
        "ios.entitlement.wildcard": "iOS 9+",
        "ios.scheme.no-prompt-before-9": "iOS up to 8",
        "ios.scheme.prompt-cancel": "iOS 9+",
        "ios.scheme.safari-prompt": "iOS 9+",
        "ios.ul.association-missing": "iOS 9+",
        "ios.ul.embedded-tap": "iOS 9+",
        "ios.ul.in-app-browser": "iOS 9+",
        "ios.ul.no-matching-rule": "iOS 9+",
        "ios.ul.not-associated": "iOS 9+",
        "ios.ul.not-installed": "iOS 9+",
        "ios.ul.other-app-open": "iOS 10+",
        "ios.ul.own-app": "iOS 9+",
        "ios.ul.programmatic-load": "iOS 9+",
        "ios.ul.redirect-chain": "iOS 9+",
        "ios.ul.redirect-chain-radars": "iOS 9–11",
        "ios.ul.requires-ios9": "iOS up to 8",
        "ios.ul.safari-tap": "iOS 9+",
        "ios.ul.same-domain": "iOS 9+",
        "ios.ul.several-apps": "iOS 9+",
        "ios.ul.system-apps": "iOS 9+",
        "ios.ul.third-party-browser": "iOS 9+",
        "ios.ul.user-preference": "iOS 9+",
        // issue #18 item 5 (the app side's APIs)
        "ios.app.can-open-url-undeclared": "iOS 9+",
        "ios.app.open-not-restricted": "iOS 9+",
        "android.app.package-visibility": "Android API 30+",
        "android.app.package-visible": "Android API 30+",
        "android.app.start-activity-unaffected": "Android API 30+",
    ]

    /// The rules whose version cut-off the engine decides by (`Rule.applies(to:)` / `applies(toSDK:)`).
    static let gates: [Rule] = [
        .iosAasaApplinksSection, .iosAasaDefaults, .iosAasaSizeLimit,
        .iosUlRequiresIos9, .iosSchemeNoPromptBefore9,
        .iosDeliverySwiftui184Quirk, .iosDeliveryOpenUrlDeprecated26, .iosDeliveryScenesCold, .iosDeliveryScenesRequired27,
        .androidFilterExportedExplicitRequired, .androidFilterAdvancedGlobGreedy,
        .androidFilterUriRelativeFilterGroup, .androidApplinksCollectedHosts,
        .androidApplinksDynamicRules, .androidApplinksShell, .androidApplinksPerFilter, .iosUlRedirectChainRadars,
        .deferredBranchNativelink, .deferredAdjustLinkme, .deferredIosPasteAlert, .deferredIosPasteBanner,
        .deferredMatchPrivateRelay, .deferredMatchIdfaAtt, .iosAppClipCard,
        .iosAppCanOpenURLUndeclared, .androidAppPackageVisibility,
    ]

    static func isBounded(_ rule: Rule) -> Bool { rule.versions.contains { $0.from != nil || $0.through != nil } }

    @Test func everyCatalogBoundaryIsPinned() {
        var catalog: [String: String] = [:]
        for rule in RuleCatalog.all where Self.isBounded(rule) {
            catalog[rule.id.rawValue] = rule.versions.map(\.description).joined(separator: "; ")
        }
        for (id, range) in catalog.sorted(by: { $0.key < $1.key }) {
            #expect(Self.boundaries[id] == range, "\(id): the catalog says \(range), the pinned table \(Self.boundaries[id] ?? "nothing")")
        }
        for id in Self.boundaries.keys where catalog[id] == nil {
            Issue.record("\(id) is pinned but has no bounded range in the catalog")
        }
    }

    /// Every rule the library's traces cite applies, by its catalog range, on the device the action ran on.
    @Test func everyCitedRuleAppliesOnTheDevice() throws {
        var violations: Set<String> = []
        for file in ScenarioLibraryTests.scenarioFiles() {
            let scenario = try ScenarioLoader.load(path: file)
            for result in Simulator.run(scenario).results {
                let os = result.before?.device.os ?? scenario.device.os
                for id in Set(result.trace.compactMap(\.rule)) where !Self.citedToExplainAbsence.contains(id) {
                    guard let rule = RuleCatalog.rule(id), !rule.applies(to: os) else { continue }
                    violations.insert("\(URL(fileURLWithPath: file).lastPathComponent)#\(result.index): \(id) on \(os)")
                }
            }
        }
        #expect(violations.isEmpty, "citations outside the catalog range:\n\(violations.sorted().joined(separator: "\n"))")
    }

    /// The OS versions on each side of a range's bounds: (inside, outside).
    static func sides(of range: VersionRange) -> [(inside: OSVersion, outside: OSVersion)] {
        var out: [(OSVersion, OSVersion)] = []
        if let from = range.from {
            if range.platform == .android {
                out.append((from, OSVersion(androidAPI: from.apiLevel - 1)))
            } else {
                let c = from.components + [0, 0]
                let below =
                    c[2] > 0
                    ? OSVersion(ios: c[0], c[1], c[2] - 1)
                    : c[1] > 0 ? OSVersion(ios: c[0], c[1] - 1, 9) : OSVersion(ios: c[0] - 1, 9)
                out.append((from, below))
            }
        }
        if let through = range.through {
            if range.platform == .android {
                out.append((through, OSVersion(androidAPI: through.apiLevel + 1)))
            } else {
                let c = through.components + [0, 0]
                let inside = c[1] == 99 ? OSVersion(ios: c[0], 9) : OSVersion(ios: c[0], c[1])
                let above = c[1] == 99 ? OSVersion(ios: c[0] + 1) : OSVersion(ios: c[0], c[1] + 1)
                out.append((inside, above))
            }
        }
        return out
    }

    /// For every bound of every range: the library's scenarios that cite the rule, re-run at the bound and just past
    /// it, cite it at the bound and never past it. Moving a cut-off in the catalog moves the behaviour.
    @Test func engineFollowsEveryBoundary() throws {
        var scenarios: [(Scenario, Set<RuleID>)] = []
        for file in ScenarioLibraryTests.scenarioFiles() {
            let scenario = try ScenarioLoader.load(path: file)
            let cited = Set(Simulator.run(scenario).results.flatMap { $0.trace.compactMap(\.rule) })
            scenarios.append((scenario, cited))
        }
        var checked = 0
        for rule in RuleCatalog.all where Self.isBounded(rule) {
            for range in rule.versions {
                let citing = scenarios.filter { $0.1.contains(rule.id) && $0.0.device.platform == range.platform }.map(\.0)
                guard !citing.isEmpty else { continue }
                for (inside, outside) in Self.sides(of: range) {
                    var citedInside = false
                    for var scenario in citing {
                        scenario.device.os = outside
                        // An action runs on the OS the world has then (a scenario may update the OS on the way).
                        for result in Simulator.run(scenario).results where result.trace.contains(where: { $0.rule == rule.id }) {
                            let os = result.before?.device.os ?? outside
                            if !Self.citedToExplainAbsence.contains(rule.id), !rule.applies(to: os) {
                                Issue.record("\(rule.id) is cited on \(os), past its range \(range.description) (\(scenario.name), action \(result.index))")
                            }
                        }
                        scenario.device.os = inside
                        let at = Set(Simulator.run(scenario).results.flatMap { $0.trace.compactMap(\.rule) })
                        if at.contains(rule.id) { citedInside = true }
                    }
                    // At the bound itself, a gate must still fire (other rules can keep the rest from being reached,
                    // e.g. a components-only AASA file on iOS 9.0).
                    if Self.gates.contains(where: { $0.id == rule.id }) {
                        #expect(citedInside, "\(rule.id) is cited by no scenario on \(inside), at the bound of \(range.description)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked >= 100)
    }
}
