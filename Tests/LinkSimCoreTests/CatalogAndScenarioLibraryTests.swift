import Foundation
import Testing

@testable import LinkSimCore

@Suite struct RuleCatalogTests {
    @Test func idsAreUniqueAndWellFormed() {
        let ids = RuleCatalog.all.map(\.id.rawValue)
        #expect(Set(ids).count == ids.count)
        for rule in RuleCatalog.all {
            #expect(rule.id.rawValue.split(separator: ".").count >= 2, "\(rule.id)")
            #expect(["ios", "android", "web", "deferred", "linksim"].contains(String(rule.id.rawValue.split(separator: ".")[0])), "\(rule.id)")
            #expect(!rule.title.isEmpty && rule.explanation.count > 40, "\(rule.id)")
            #expect(!rule.versions.isEmpty, "\(rule.id)")
        }
    }

    @Test func everyPlatformRuleHasASource() {
        for rule in RuleCatalog.all where rule.id.namespace != "linksim" {
            #expect(!rule.sources.isEmpty, "\(rule.id) has no source")
        }
    }

    @Test func versionRanges() {
        #expect(VersionRange.ios(9).contains(OSVersion(ios: 17, 4)))
        #expect(!VersionRange.ios(9).contains(OSVersion(ios: 8, 4)))
        #expect(VersionRange.ios(through: 8).contains(OSVersion(ios: 8, 4)))
        #expect(!VersionRange.ios(9).contains(OSVersion(androidAPI: 34)))
        #expect(VersionRange.android(api: 31).description == "Android API 31+")
    }
}

/// Replays the whole scenarios/ folder: every expectation must hold, and every rule in the
/// catalog must be exercised by at least one scenario.
@Suite struct ScenarioLibraryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scenarios")

    static func scenarioFiles() -> [String] {
        let fm = FileManager.default
        guard let walker = fm.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
            .map { root.appendingPathComponent($0).path }
    }

    @Test func theFolderHasScenarios() {
        #expect(Self.scenarioFiles().count >= 10)
    }

    @Test func everyScenarioPasses() throws {
        var failures: [String] = []
        for file in Self.scenarioFiles() {
            do {
                let result = Simulator.run(try ScenarioLoader.load(path: file))
                for r in result.results {
                    for m in r.check?.mismatches ?? [] { failures.append("\(file) #\(r.index + 1): \(m)") }
                }
                #expect(result.hasExpectations, "\(file) has no expect")
                #expect(result.scenario.description != nil, "\(file) has no description")
            } catch {
                failures.append("\(file): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func everyRuleIsExercisedByAScenario() throws {
        var cited: Set<RuleID> = []
        for file in Self.scenarioFiles() {
            let result = Simulator.run(try ScenarioLoader.load(path: file))
            for r in result.results { cited.formUnion(r.trace.compactMap(\.rule)) }
        }
        let missing = RuleCatalog.all.map(\.id).filter { !cited.contains($0) }
        #expect(missing.isEmpty, "rules no scenario exercises: \(missing.map(\.rawValue).joined(separator: ", "))")
    }
}
