import Testing

@testable import LinkSimCore

/// A version that names no release is refused with its reason; one past the described releases is simulated
/// with the newest rules and the trace says so, once per version, as an assumption.
@Suite struct OSReleaseTests {
    @Test(arguments: [
        ("1", true), ("9.3", true), ("18.7", true), ("19", false), ("25.9", false), ("26", true), ("27.4", true),
        ("37.9.9", true), ("38", false), ("0", false), ("0.9", false), ("999", false),
    ])
    func iosReleases(text: String, accepted: Bool) {
        #expect((OSVersion.parse(text, platform: .ios) != nil) == accepted, "\(text)")
        // Every refused version-shaped value says why; every accepted one has nothing to say.
        #expect((OSVersion.problem(text, platform: .ios) == nil) == accepted, "\(text)")
    }

    @Test(arguments: [
        ("api1", true), ("api22", true), ("6", true), ("16", true), ("12L", true), ("api46", true), ("api47", false),
        ("api0", false), ("5", false), ("17", false),
    ])
    func androidReleases(text: String, accepted: Bool) {
        #expect((OSVersion.parse(text, platform: .android) != nil) == accepted, "\(text)")
        #expect((OSVersion.problem(text, platform: .android) == nil) == accepted, "\(text)")
    }

    @Test func theYearNumberingGap() throws {
        let why = try #require(OSVersion.problem("21.2", platform: .ios))
        #expect(why.contains("there is no iOS 21"))
        #expect(why.contains("did you mean \"26\""))
        #expect(OSVersion.problem("not a version", platform: .ios) == nil)
    }

    @Test func aScenarioOnAnUnreleasedVersionIsLocatedAndExplained() {
        let messages = diagnostics(
            """
            linksim: 1
            name: x
            device: {platform: ios, os: "20.1"}
            actions:
              - tap: https://a.example.com/
            """
        ).joined(separator: "\n")
        #expect(messages.contains("test.yaml:3:"), "\(messages)")
        #expect(messages.contains("there is no iOS 20"), "\(messages)")
    }

    /// The boundary: iOS 27 (described) has no such step; iOS 28 has it on its first action only, and the same
    /// holds for Android 16 (API 36) and API 37.
    @Test(arguments: [("ios", "27.9", false), ("ios", "28", true), ("android", "api36", false), ("android", "api37", true)])
    func theTraceSaysWhenTheNewestRulesStandIn(platform: String, os: String, noted: Bool) throws {
        let scenario = try loadScenario(
            """
            linksim: 1
            name: x
            device: {platform: \(platform), os: "\(os)"}
            actions:
              - tap: https://a.example.com/
              - tap: https://a.example.com/
            """)
        for detail in [TraceDetail.full, .verdicts] {
            let results = Simulator.run(scenario, detail: detail).results
            let steps = results.map { $0.trace.filter { $0.rule == Rule.linksimOSPastDescribed.id } }
            #expect(steps[0].count == (noted ? 1 : 0), "\(os) \(detail)")
            #expect(steps[1].isEmpty, "said again on the second action: \(os)")
            if noted { #expect(steps[0].first?.assumption?.hasPrefix("assumption: ") == true) }
        }
    }
}
