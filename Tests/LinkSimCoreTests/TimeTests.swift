import Testing

@testable import LinkSimCore

@Suite struct TimeTests {
    @Test func parsesDurations() {
        #expect(SimDuration.parse("30s")?.seconds == 30)
        #expect(SimDuration.parse("20m")?.seconds == 1200)
        #expect(SimDuration.parse("36h")?.seconds == 129_600)
        #expect(SimDuration.parse("8d")?.seconds == 691_200)
        #expect(SimDuration.parse("1h30m")?.seconds == 5400)
        #expect(SimDuration.parse("20") == nil)
        #expect(SimDuration.parse("m") == nil)
        #expect(SimDuration.parse("5x") == nil)
    }

    @Test func parsesAndPrintsInstants() {
        #expect(SimInstant.parse("2026-01-01T00:00:00Z") == SimInstant.defaultStart)
        #expect(SimInstant.parse("2026-01-15T09:00:00Z")?.description == "2026-01-15T09:00:00Z")
        #expect(SimInstant.parse("2026-01-15T10:00:00+01:00")?.description == "2026-01-15T09:00:00Z")
        #expect(SimInstant.parse("2025-08-25")?.description == "2025-08-25T00:00:00Z")
        #expect(SimInstant.parse("yesterday") == nil)
        #expect(SimInstant.parse("2026-13-01T00:00:00Z") == nil)
    }
}
