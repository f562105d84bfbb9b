import Foundation

/// Reads the three HTTP date forms of RFC 9110 §5.6.7 (IMF-fixdate, RFC 850, asctime) for
/// `Retry-After`. The text's exact shape is checked first, since a `DateFormatter` alone accepts
/// one-digit days and wrong-length years; a two-digit year is read within 50 years of `now`.
enum HTTPDate {
    /// The instant `text` names, or nil when it is none of the three forms or names no real time.
    static func parse(_ text: String, now: Date) -> Date? {
        // The longest form is RFC 850 with "Wednesday": 33 characters.
        guard text.utf8.count <= 33, let format = format(ofShape: shape(of: text)) else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.isLenient = false
        formatter.twoDigitStartDate = now.addingTimeInterval(-50 * 365.2425 * 86_400)
        formatter.dateFormat = format
        return formatter.date(from: text)
    }

    /// `text` with every ASCII digit written `9` and every ASCII letter `a`.
    private static func shape(of text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            switch scalar.value {
            case 0x30...0x39: "9"
            case 0x41...0x5A, 0x61...0x7A: "a"
            default: scalar
            }
        }))
    }

    /// The `DateFormatter` format of the form that has `shape`, if any.
    private static func format(ofShape shape: String) -> String? {
        switch shape {
        case "aaa, 99 aaa 9999 99:99:99 aaa": return "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        case "aaa aaa 99 99:99:99 9999", "aaa aaa  9 99:99:99 9999": return "EEE MMM d HH:mm:ss yyyy"
        default:
            // RFC 850: a weekday's full name (6 to 9 letters), then fixed fields.
            let fields = ", 99-aaa-99 99:99:99 aaa"
            guard shape.hasSuffix(fields), (6...9).contains(shape.count - fields.count),
                  shape.dropLast(fields.count).allSatisfy({ $0 == "a" }) else { return nil }
            return "EEEE, dd-MMM-yy HH:mm:ss 'GMT'"
        }
    }
}
