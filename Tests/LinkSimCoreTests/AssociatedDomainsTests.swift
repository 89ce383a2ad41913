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

/// `AssociatedDomains.entry(for:in:)` reads the entries in one pass (issue #14): it answers as the two
/// filters and `max(by:)` it replaced, ties and invalid entries included, over generated entitlements.
@Suite struct AssociatedDomainsOnePassTests {
    /// The former implementation, kept as the reference.
    static func reference(_ host: String, _ entries: [AppLinksEntry]) -> (entry: AppLinksEntry?, ignored: [AppLinksEntry]) {
        let ignored = entries.filter { $0.invalidReason != nil && $0.covers(host) }
        let valid = entries.filter { $0.invalidReason == nil && $0.covers(host) }
        let best = valid.max { a, b in (a.isWildcard ? 0 : 1, a.domain.count) < (b.isWildcard ? 0 : 1, b.domain.count) }
        return (best, ignored)
    }

    @Test func answersAsTheFiltersDid() {
        let written = [
            "applinks:example.com", "applinks:*.example.com", "applinks:shop.example.com", "applinks:*.shop.example.com",
            "applinks:Example.com", "applinks:example.com?mode=developer", "applinks:example.com:443", "applinks:example.com/path",
            "applinks:*.users.example.com", "applinks:bücher.example", "applinks:*.example.org", "applinks:example.com?mode=bogus",
            "webcredentials:example.com", "applinks:a.example.com", "applinks:*.a.example.com",
        ]
        let hosts = ["example.com", "shop.example.com", "a.shop.example.com", "x.users.example.com", "EXAMPLE.COM", "bücher.example", "other.org"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<3000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var bits = state
            var list: [String] = []
            for _ in 0..<Int(bits % 7) {
                bits = bits / 5 &+ 0x5851_F42D
                list.append(written[Int(bits % UInt64(written.count))])
            }
            let entries = list.compactMap(AppLinksEntry.init)
            for host in hosts {
                let got = AssociatedDomains.entry(for: host, in: entries)
                let want = Self.reference(host, entries)
                #expect(got.entry == want.entry && got.ignored == want.ignored, "\(host) in \(list)")
            }
        }
    }
}
