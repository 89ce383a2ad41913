import Foundation
import Testing

/// The deferred scenarios through the built binary: JSON carries the deferred facts and the assumptions.
@Suite struct DeferredCommandTests {
    @Test func runJSONCarriesMatchTypeAndAssumptions() throws {
        let out = try BinaryRunner.run(["run", "--format", "json", "scenarios/deferred/af-ios-clipboard-recipe-allow.yaml"])
        #expect(out.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let results = try #require((json["scenarios"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let launch = try #require(results.first { $0["kind"] as? String == "launch" })
        let prompt = try #require(launch["landing"] as? [String: Any])
        #expect(prompt["kind"] as? String == "prompt" && prompt["paste_ui"] as? String == "alert")
        let answer = try #require(results.last?["landing"] as? [String: Any])
        #expect(answer["via"] as? String == "deferred" && answer["af_status"] as? String == "Organic")
        let trace = try #require(results.last?["trace"] as? [[String: Any]])
        #expect(trace.contains { ($0["assumption"] as? String)?.hasPrefix("assumption A2") == true })
    }

    @Test func replayOfTheDeferredFolderPasses() throws {
        let out = try BinaryRunner.run(["replay", "scenarios/deferred"])
        #expect(out.status == 0)
        let summary = out.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.hasSuffix(" passed, 0 failed"), "\(summary)")
        #expect((Int(summary.split(separator: " ").first ?? "") ?? 0) >= 25)
    }

    @Test func rulesExplainsADeferredRuleWithItsSources() throws {
        let out = try BinaryRunner.run(["rules", "deferred.af.udl-deferred"])
        #expect(out.status == 0)
        #expect(out.stdout.contains("[AF-UDL-iOS] https://dev.appsflyer.com/hc/docs/dl_ios_unified_deep_linking"))
    }
}
