import Testing

@testable import LinkSimCore

@Suite struct AssociatedDomainsTests {
    @Test func parsesEntries() throws {
        let e = try #require(AppLinksEntry("applinks:*.Example.com?mode=developer"))
        #expect(e.domain == "example.com" && e.isWildcard && e.mode == .developer && e.invalidReason == nil)
        #expect(AppLinksEntry("webcredentials:example.com") == nil)
        #expect(AppLinksEntry("applinks:example.com:8080")?.invalidReason?.contains("port") == true)
        #expect(AppLinksEntry("applinks:example.com/path")?.invalidReason?.contains("host only") == true)
        #expect(AppLinksEntry("applinks:example.com?mode=staging")?.invalidReason?.contains("unknown alternate mode") == true)
        #expect(AppLinksEntry("applinks:example.com?mode=developer+managed")?.mode == .developerManaged)
    }

    @Test func wildcardCoversSubdomainsNotTheApex() throws {
        let e = try #require(AppLinksEntry("applinks:*.example.com"))
        #expect(e.covers("m.example.com"))
        #expect(e.covers("a.b.EXAMPLE.com"))
        #expect(!e.covers("example.com"))
        #expect(!e.covers("badexample.com"))
        #expect(e.fileHost == "example.com")
    }

    @Test func longestMatchWins() {
        let entitlements = [
            "applinks:*.example.com", "applinks:*.users.example.com", "applinks:www.example.com",
            "webcredentials:example.com",
        ]
        #expect(AssociatedDomains.entry(for: "emily.users.example.com", in: entitlements).entry?.raw == "applinks:*.users.example.com")
        #expect(AssociatedDomains.entry(for: "www.example.com", in: entitlements).entry?.raw == "applinks:www.example.com")
        #expect(AssociatedDomains.entry(for: "shop.example.com", in: entitlements).entry?.raw == "applinks:*.example.com")
        #expect(AssociatedDomains.entry(for: "example.com", in: entitlements).entry == nil)
    }

    @Test func invalidEntriesAreReportedNotUsed() {
        let result = AssociatedDomains.entry(for: "example.com", in: ["applinks:example.com:443"])
        #expect(result.entry == nil)
        #expect(result.ignored.count == 1)
    }

    @Test func weeklyRechecks() {
        var app = App(id: "a")
        let t0 = SimInstant.defaultStart
        app.installedAt = t0
        #expect(AssociationSchedule.lastCheck(app: app, now: t0 + .days(6), start: t0) == t0)
        #expect(AssociationSchedule.lastCheck(app: app, now: t0 + .days(7), start: t0) == t0 + .days(7))
        #expect(AssociationSchedule.lastCheck(app: app, now: t0 + .days(15), start: t0) == t0 + .days(14))
        app.associationCheckedAt = t0 + .days(3)
        #expect(AssociationSchedule.lastCheck(app: app, now: t0 + .days(9), start: t0) == t0 + .days(3))
    }
}
