/// When the device (re)checks an app's association files: at install,
/// at each update, and about once a week after that.
enum AssociationSchedule {
    static let weekly = SimDuration.days(7)

    static func lastCheck(app: App, now: SimInstant, start: SimInstant) -> SimInstant {
        let base = app.associationCheckedAt ?? app.installedAt ?? start
        guard now.secondsSinceEpoch > base.secondsSinceEpoch else { return base }
        let weeks = (now - base).seconds / weekly.seconds
        return base + SimDuration(seconds: weeks * weekly.seconds)
    }

    static func reason(app: App, checkedAt: SimInstant) -> String {
        let base = app.associationCheckedAt ?? app.installedAt
        if let base, base == checkedAt {
            return app.associationCheckedAt != nil && app.associationCheckedAt != app.installedAt ? "the last update" : "at install"
        }
        return "the weekly re-check; assumption: exactly every 7 days"
    }
}
