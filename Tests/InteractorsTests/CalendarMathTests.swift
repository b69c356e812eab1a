import Foundation
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
