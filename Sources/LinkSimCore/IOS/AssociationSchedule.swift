/// When the device (re)checks an app's association files: at install,
/// at each update, and about once a week after that.
enum AssociationSchedule {
    static let weekly = SimDuration.days(7)

    static func lastCheck(app: App, now: SimInstant, start: SimInstant) -> SimInstant {
        let base = app.associationCheckedAt ?? World.installTime(of: app, start: start) ?? start
        guard now.secondsSinceEpoch > base.secondsSinceEpoch else { return base }
        let weeks = (now - base).seconds / weekly.seconds
        return base + SimDuration(seconds: weeks * weekly.seconds)
    }

    static func reason(app: App, checkedAt: SimInstant, start: SimInstant) -> String {
        let installedAt = World.installTime(of: app, start: start)
        let base = app.associationCheckedAt ?? installedAt
        if let base, base == checkedAt {
            return app.associationCheckedAt != nil && app.associationCheckedAt != installedAt ? "the last update" : "at install"
        }
        return "the weekly re-check; assumption: exactly every 7 days"
    }
}
