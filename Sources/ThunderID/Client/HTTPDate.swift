import Foundation

/// Reads the three HTTP date forms of RFC 9110 §5.6.7 (for `Retry-After`) by hand: fixed
/// fields, every number range-checked, no `DateFormatter` (which costs an ICU formatter per
/// call and accepts more than the grammar).
///
/// - IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`
/// - RFC 850: `Sunday, 06-Nov-94 08:49:37 GMT` (a two-digit year more than 50 years ahead of
///   `now` is the most recent past year with those digits)
/// - asctime: `Sun Nov  6 08:49:37 1994`
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let shortDays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let longDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The instant `text` names, or nil when it is none of the three forms or names no real time.
    static func parse(_ text: String, now: Date) -> Date? {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if words.count == 6, words[0].hasSuffix(","), shortDays.contains(String(words[0].dropLast())), words[5] == "GMT" {
            // IMF-fixdate: day, DD Mon YYYY HH:MM:SS GMT
            guard words[1].count == 2, let day = number(words[1]), let month = months.firstIndex(of: words[2]),
                  words[3].count == 4, let year = number(words[3]) else { return nil }
            return date(year: year, month: month + 1, day: day, time: words[4])
        }
        if words.count == 4, words[0].hasSuffix(","), longDays.contains(String(words[0].dropLast())), words[3] == "GMT" {
            // RFC 850: weekday, DD-Mon-YY HH:MM:SS GMT
            let parts = words[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, parts[0].count == 2, let day = number(parts[0]),
                  let month = months.firstIndex(of: parts[1]), parts[2].count == 2, let shortYear = number(parts[2]) else {
                return nil
            }
            // The year of `now` to within a day, which is all the 50-year rule needs.
            let years = (now.timeIntervalSince1970 / 31_556_952).rounded(.down)
            let currentYear = 1970 + Int(max(-1_000, min(10_000, years.isNaN ? 0 : years)))
            var year = currentYear - currentYear % 100 + shortYear
            if year > currentYear + 50 { year -= 100 }
            return date(year: year, month: month + 1, day: day, time: words[2])
        }
        if words.count == 5, shortDays.contains(words[0]) {
            // asctime: day Mon D HH:MM:SS YYYY (the day may be space-padded, which split removed)
            guard let month = months.firstIndex(of: words[1]), (1...2).contains(words[2].count), let day = number(words[2]),
                  words[4].count == 4, let year = number(words[4]) else { return nil }
            return date(year: year, month: month + 1, day: day, time: words[3])
        }
        return nil
    }

    /// A string of ASCII digits (at most four, so no overflow) as a number.
    private static func number(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 4, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return text.utf8.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    private static func date(year: Int, month: Int, day: Int, time: String) -> Date? {
        let parts = time.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts.allSatisfy({ $0.count == 2 }),
              let hour = number(parts[0]), let minute = number(parts[1]), let second = number(parts[2]),
              hour < 24, minute < 60, second <= 60, day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's days-from-civil).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
