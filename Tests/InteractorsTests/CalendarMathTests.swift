import Foundation
import Interactors
import Models
import Testing

@Suite struct CalendarMathTests {
    @Test func parse_givesUTCMidnight() {
        #expect(CalendarMath.parseDay("1970-01-02") == Date(timeIntervalSince1970: 86_400))
    }

    @Test func format_isTheInverseOfParse() {
        for text in ["1970-01-02", "1996-04-12", "2000-02-29", "2026-12-31"] {
            #expect(CalendarMath.parseDay(text).map(CalendarMath.formatDay) == text)
        }
    }

    @Test func age_countsABirthdayFromItsDay() {
        guard let born = CalendarMath.parseDay("2000-06-15"),
            let before = CalendarMath.parseDay("2018-06-14"),
            let after = CalendarMath.parseDay("2018-06-15")
        else {
            Issue.record("dates should parse")
            return
        }
        #expect(CalendarMath.age(bornOn: born, at: before) == 17)
        #expect(CalendarMath.age(bornOn: born, at: after) == 18)
    }
}

/// The integer arithmetic agrees with Foundation's `Calendar` (UTC Gregorian), which it replaces for
/// speed.
@Suite struct CalendarMathAgreesWithCalendarTests {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    /// A fixed sequence of pseudo-random numbers (SplitMix64), so the test is deterministic.
    private struct Numbers {
        var state: UInt64
        mutating func next(_ range: ClosedRange<Int>) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return range.lowerBound + Int(z % UInt64(range.count))
        }
    }

    @Test func parseAndFormat_agreeWithCalendar_forEveryDayFrom1900To2100() {
        var date = Self.calendar.date(from: DateComponents(year: 1900, month: 1, day: 1)) ?? Date()
        var mismatches: [String] = []
        while Self.calendar.component(.year, from: date) <= 2100 {
            let parts = Self.calendar.dateComponents([.year, .month, .day], from: date)
            let text = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            if CalendarMath.formatDay(date) != text || CalendarMath.parseDay(text) != date {
                mismatches.append(text)
            }
            date = date.addingTimeInterval(86_400)
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    }

    @Test func parse_rejectsDaysThatDoNotExist() {
        for text in ["2023-02-29", "2100-02-29", "2024-04-31", "2024-13-01", "2024-00-10", "2024-01-00"] {
            #expect(CalendarMath.parseDay(text) == nil, "\(text)")
        }
        #expect(CalendarMath.parseDay("2000-02-29") != nil)
        #expect(CalendarMath.parseDay("2024-02-29") != nil)
    }

    @Test func age_agreesWithCalendar_onRandomPairsAndLeapDayBirthdays() {
        var numbers = Numbers(state: 42)
        var pairs: [(Date, Date)] = []
        for _ in 0..<20_000 {
            let born = Date(timeIntervalSince1970: TimeInterval(numbers.next(-2_208_988_800...4_102_444_800)))
            let now = born.addingTimeInterval(TimeInterval(numbers.next(0...3_500_000_000)))
            pairs.append((born, now))
        }
        // Someone born on 29 February, around their birthdays in common and leap years.
        let leapBorn = CalendarMath.parseDay("2000-02-29") ?? Date()
        for text in ["2001-02-27", "2001-02-28", "2001-03-01", "2004-02-28", "2004-02-29", "2100-02-28"] {
            if let day = CalendarMath.parseDay(text) {
                pairs.append((leapBorn, day))
                pairs.append((leapBorn, day.addingTimeInterval(86_399)))
            }
        }
        // Exactly at, and a second before, a birthday with a time of day.
        let noon = Date(timeIntervalSince1970: 1_000_000_000)
        pairs.append((noon, noon.addingTimeInterval(365 * 86_400)))
        pairs.append((noon, noon.addingTimeInterval(365 * 86_400 - 1)))
        var mismatches: [String] = []
        for (born, now) in pairs {
            let expected = Self.calendar.dateComponents([.year], from: born, to: now).year ?? 0
            let actual = CalendarMath.age(bornOn: born, at: now)
            if actual != expected { mismatches.append("\(born) → \(now): \(actual), Calendar \(expected)") }
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    }
}
