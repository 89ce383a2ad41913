import Foundation

/// A span of simulated time, in whole seconds.
package struct SimDuration: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var seconds: Int64

    package init(seconds: Int64) { self.seconds = seconds }
    package static func minutes(_ m: Int64) -> SimDuration { SimDuration(seconds: saturating(m, times: 60)) }
    package static func hours(_ h: Int64) -> SimDuration { SimDuration(seconds: saturating(h, times: 3600)) }
    package static func days(_ d: Int64) -> SimDuration { SimDuration(seconds: saturating(d, times: 86400)) }

    /// The longest duration a scenario may write (100 years): `validate` refuses longer ones, so
    /// nothing that validates can overflow the simulated clock.
    package static let maximum = SimDuration(seconds: 100 * 365 * 86400 + 25 * 86400)

    package static func < (lhs: SimDuration, rhs: SimDuration) -> Bool { lhs.seconds < rhs.seconds }
    /// Saturates instead of trapping: durations can also come from link parameters at run time.
    package static func + (lhs: SimDuration, rhs: SimDuration) -> SimDuration {
        SimDuration(seconds: saturatingSum(lhs.seconds, rhs.seconds))
    }

    /// Parses `30s`, `20m`, `36h`, `8d` (and combinations such as `1h30m`).
    package static func parse(_ text: String) -> SimDuration? {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604_800]
        var total: Int64 = 0
        var number = ""
        var sawUnit = false
        for ch in text.trimmedWhitespace {
            if ch.isASCII, ch.isNumber {
                number.append(ch)
            } else if let unit = units[ch], let n = Int64(number) {
                let (product, overflow) = n.multipliedReportingOverflow(by: unit)
                guard !overflow else { return nil }
                let (sum, sumOverflow) = total.addingReportingOverflow(product)
                guard !sumOverflow else { return nil }
                total = sum
                number = ""
                sawUnit = true
            } else {
                return nil
            }
        }
        guard sawUnit, number.isEmpty else { return nil }
        return SimDuration(seconds: total)
    }

    package var description: String {
        if seconds == 0 { return "0s" }
        var rest = seconds
        var out = ""
        for (unit, size) in [("d", Int64(86400)), ("h", 3600), ("m", 60), ("s", 1)] where rest >= size {
            out += "\(rest / size)\(unit)"
            rest %= size
        }
        return out
    }
}

/// A point on the simulated clock: seconds since 1970-01-01T00:00:00Z. Never the wall clock.
package struct SimInstant: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var secondsSinceEpoch: Int64

    package init(secondsSinceEpoch: Int64) { self.secondsSinceEpoch = secondsSinceEpoch }

    package static let defaultStart = SimInstant(secondsSinceEpoch: 1_767_225_600)  // 2026-01-01T00:00:00Z

    package static func < (lhs: SimInstant, rhs: SimInstant) -> Bool { lhs.secondsSinceEpoch < rhs.secondsSinceEpoch }
    package static func + (lhs: SimInstant, rhs: SimDuration) -> SimInstant {
        SimInstant(secondsSinceEpoch: saturatingSum(lhs.secondsSinceEpoch, rhs.seconds))
    }
    package static func - (lhs: SimInstant, rhs: SimInstant) -> SimDuration {
        let (difference, overflow) = lhs.secondsSinceEpoch.subtractingReportingOverflow(rhs.secondsSinceEpoch)
        return SimDuration(seconds: overflow ? (rhs.secondsSinceEpoch > 0 ? .min : .max) : difference)
    }

    /// The days of a month of the proleptic Gregorian calendar (February 29 in leap years).
    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `2026-02-30…` names a day its month does not have: what to say about it (nil for any other text).
    package static func impossibleDay(_ text: String) -> String? {
        let s = Array(text.trimmedWhitespace.utf8.prefix(10))
        guard s.count == 10, s[4] == 45, s[7] == 45, s.allSatisfy({ $0 == 45 || ($0 >= 48 && $0 <= 57) }),
            let year = Int(String(decoding: s[0..<4], as: UTF8.self)), let month = Int(String(decoding: s[5..<7], as: UTF8.self)),
            let day = Int(String(decoding: s[8..<10], as: UTF8.self)), (1...12).contains(month), day > daysIn(month: month, year: year)
        else { return nil }
        return "\(String(decoding: s[0..<7], as: UTF8.self)) has \(daysIn(month: month, year: year)) days"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ`, `YYYY-MM-DD HH:MM:SS`, offsets `+HH:MM`, and a plain `YYYY-MM-DD`.
    /// A day its month does not have (`2026-02-30`) is refused, not carried into the next month.
    package static func parse(_ text: String) -> SimInstant? {
        let s = Array(text.trimmedWhitespace.utf8)
        func num(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= s.count else { return nil }
            var v = 0
            for b in s[from..<(from + count)] {
                guard b >= 48, b <= 57 else { return nil }
                v = v * 10 + Int(b - 48)
            }
            return v
        }
        guard let year = num(0, 4), s.count >= 10, s[4] == 45, let month = num(5, 2), s[7] == 45,
            let day = num(8, 2), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        var hour = 0
        var minute = 0
        var second = 0
        var offset = 0
        var i = 10
        if s.count > 10 {
            guard s[10] == 84 || s[10] == 116 || s[10] == 32,  // T, t or space
                let h = num(11, 2), s.count > 13, s[13] == 58, let m = num(14, 2)
            else { return nil }
            hour = h
            minute = m
            i = 16
            if s.count > 16, s[16] == 58 {
                guard let sec = num(17, 2) else { return nil }
                second = sec
                i = 19
                if i < s.count, s[i] == 46 {  // fractional seconds: ignored
                    i += 1
                    while i < s.count, s[i] >= 48, s[i] <= 57 { i += 1 }
                }
            }
            // No leap second: 23:59:60 would roll into the next day, a time the file did not write.
            guard hour < 24, minute < 60, second < 60 else { return nil }
            if i < s.count {
                if s[i] == 90 || s[i] == 122 {  // Z
                    i += 1
                } else if s[i] == 43 || s[i] == 45 {  // + or -
                    let sign = s[i] == 43 ? 1 : -1
                    guard let oh = num(i + 1, 2), oh < 24 else { return nil }
                    var om = 0
                    var next = i + 3
                    if next < s.count, s[next] == 58 { next += 1 }
                    if next < s.count {
                        guard let m = num(next, 2), m < 60 else { return nil }
                        om = m
                        next += 2
                    }
                    offset = sign * (oh * 3600 + om * 60)
                    i = next
                } else {
                    return nil
                }
            }
            guard i == s.count else { return nil }
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        let total = Int64(days) * 86400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
        return SimInstant(secondsSinceEpoch: total)
    }

    /// ISO 8601 in UTC, e.g. `2026-01-15T09:00:00Z`.
    package var description: String {
        let days = Int(floorDiv(secondsSinceEpoch, 86400))
        let rest = Int(secondsSinceEpoch - Int64(days) * 86400)
        let (y, m, d) = SimInstant.civilFromDays(days)
        // Written as bytes: traces print instants often, and interpolating six parts cost 5,000
        // instructions. Every part after the year is 0...59, so it is always two digits.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        bytes.append(contentsOf: String(y).utf8)
        func two(_ v: Int, then separator: UInt8) {
            bytes.append(UInt8(ascii: "0") + UInt8(v / 10))
            bytes.append(UInt8(ascii: "0") + UInt8(v % 10))
            bytes.append(separator)
        }
        bytes.append(UInt8(ascii: "-"))
        two(m, then: UInt8(ascii: "-"))
        two(d, then: UInt8(ascii: "T"))
        two(rest / 3600, then: UInt8(ascii: ":"))
        two(rest % 3600 / 60, then: UInt8(ascii: ":"))
        two(rest % 60, then: UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    private func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    // Howard Hinnant's civil-date algorithms.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }
}

/// Clock arithmetic never traps: values past Int64's range stick at its ends.
func saturatingSum(_ a: Int64, _ b: Int64) -> Int64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b > 0 ? .max : .min) : sum
}

func saturating(_ a: Int64, times b: Int64) -> Int64 {
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? ((a > 0) == (b > 0) ? .max : .min) : product
}
