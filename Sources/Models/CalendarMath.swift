import Foundation

/// Date parsing and age arithmetic on the UTC Gregorian calendar.
///
/// Pure: "now" is always passed in.
public enum CalendarMath {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    /// Parses a strict `YYYY-MM-DD` date (UTC midnight); `nil` for anything else, including `2023-02-30`.
    public static func parseDay(_ text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            year >= 1900
        else { return nil }
        let components = DateComponents(year: year, month: month, day: day)
        guard let date = calendar.date(from: components) else { return nil }
        let back = calendar.dateComponents([.year, .month, .day], from: date)
        guard back.year == year, back.month == month, back.day == day else { return nil }
        return date
    }

    /// Formats a date as strict `YYYY-MM-DD` (UTC), the inverse of ``parseDay(_:)``.
    public static func formatDay(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// Whole years between a birth date and `now`; a birthday counts from its day on.
    public static func age(bornOn birthDate: Date, at now: Date) -> Int {
        calendar.dateComponents([.year], from: birthDate, to: now).year ?? 0
    }
}
