import Foundation

/// Date parsing and age arithmetic on the UTC Gregorian calendar.
///
/// Pure: "now" is always passed in. Days are converted to and from (year, month, day) with integer
/// arithmetic on the proleptic Gregorian calendar, the same on every platform and in every time zone.
/// Tests check the results against `Calendar` over many dates.
public enum CalendarMath {
    private static let secondsPerDay = 86_400

    /// A day on the calendar.
    private struct Day: Comparable {
        var year: Int
        var month: Int
        var day: Int

        static func < (lhs: Day, rhs: Day) -> Bool {
            (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
        }
    }

    /// Parses a strict `YYYY-MM-DD` date (UTC midnight); `nil` for anything else, including `2023-02-30`.
    public static func parseDay(_ text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            year >= 1900, (1...12).contains(month), (1...daysIn(month, of: year)).contains(day)
        else { return nil }
        let days = daysSinceEpoch(Day(year: year, month: month, day: day))
        return Date(timeIntervalSince1970: TimeInterval(days * secondsPerDay))
    }

    /// Formats a date as strict `YYYY-MM-DD` (UTC), the inverse of ``parseDay(_:)``.
    public static func formatDay(_ date: Date) -> String {
        let day = self.day(of: date).day
        return String(format: "%04d-%02d-%02d", day.year, day.month, day.day)
    }

    /// Whole years between a birth date and `now`; a birthday counts from its day on (from 28 February
    /// in a common year for someone born on 29 February, as `Calendar` counts).
    public static func age(bornOn birthDate: Date, at now: Date) -> Int {
        let (born, bornSecond) = day(of: birthDate)
        let (today, second) = day(of: now)
        guard born < today || (born == today && bornSecond <= second) else {
            return -age(bornOn: now, at: birthDate)
        }
        var years = today.year - born.year
        let birthday = Day(
            year: today.year, month: born.month, day: min(born.day, daysIn(born.month, of: today.year)))
        if today < birthday || (today == birthday && second < bornSecond) { years -= 1 }
        return years
    }

    // MARK: Arithmetic

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The day a date falls on in UTC, and the second of that day.
    private static func day(of date: Date) -> (day: Day, second: Int) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = floorDivide(seconds, secondsPerDay)
        return (civil(fromDays: days), seconds - days * secondsPerDay)
    }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    /// Days from 1970-01-01 to `day`, counting in 400-year eras that start on 1 March.
    private static func daysSinceEpoch(_ day: Day) -> Int {
        let year = day.month <= 2 ? day.year - 1 : day.year
        let era = floorDivide(year, 400)
        let yearOfEra = year - era * 400
        let monthFromMarch = (day.month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `days` after 1970-01-01: the inverse of ``daysSinceEpoch(_:)``.
    private static func civil(fromDays days: Int) -> Day {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return Day(year: year, month: month, day: day)
    }
}
