import LinkSimCore
import Testing

/// Every number a scenario gives is range-checked by `validate`, so nothing that validates can
/// overflow, and clock arithmetic on values from links saturates instead of trapping.
@Suite struct NumberRangeTests {
    func diagnostics(_ actions: String) -> [String] {
        let yaml = """
            linksim: 1
            name: ranges
            device: {platform: ios, os: "17.4"}
            apps:
              - {id: com.example.shop, name: Shop, state: background, url_schemes: [shopapp]}
            actions:
            \(actions)
            """
        do {
            _ = try ScenarioLoader.parse(yaml, file: "r.yaml", baseDirectory: nil)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func aWaitOfInt64MaxSecondsIsRefusedWhereItIsWritten() {
        #expect(
            diagnostics("  - wait: 9223372036854775807s") == [
                "r.yaml:7:11: error: `actions[0].wait` must be at most 36525d (100 years), got `9223372036854775807s`"
            ])
    }

    @Test func durationsThatOverflowWhileParsingAreNotDurations() {
        #expect(SimDuration.parse("9223372036854775807d") == nil)
        #expect(SimDuration.parse("9223372036854775807s1s") == nil)
        #expect(diagnostics("  - wait: 99999999999999999999s").first?.contains("must be a duration") == true)
    }

    @Test func theLongestAllowedWaitIsAccepted() {
        #expect(diagnostics("  - wait: 36525d\n  - wait: 36525d").isEmpty)
        #expect(diagnostics("  - wait: 36526d").count == 1)
    }

    @Test func clockArithmeticSaturates() {
        let late = SimInstant(secondsSinceEpoch: .max - 5)
        #expect((late + SimDuration(seconds: 100)).secondsSinceEpoch == .max)
        #expect((SimInstant(secondsSinceEpoch: .min) - SimInstant(secondsSinceEpoch: 10)).seconds == .min)
        #expect(SimDuration.days(.max).seconds == .max)
        #expect((SimDuration(seconds: .max) + SimDuration(seconds: 1)).seconds == .max)
    }

    @Test func wholeNumbersHaveBoundsEvenWithoutASpecificRange() {
        let yaml = """
            linksim: 1
            name: sdk option
            device: {platform: ios, os: "17.4"}
            apps:
              - id: com.example.shop
                name: Shop
                state: installed
                sdk: {provider: appsflyer, options: {deep_link_timeout_ms: 99999999999999}}
            actions:
              - wait: 1s
            """
        do {
            _ = try ScenarioLoader.parse(yaml, file: "s.yaml", baseDirectory: nil)
        } catch {
            // Either the option is unknown or out of range; what matters is a located error, not a crash.
            #expect(error.diagnostics.allSatisfy { $0.description.hasPrefix("s.yaml:") })
        }
    }
}
