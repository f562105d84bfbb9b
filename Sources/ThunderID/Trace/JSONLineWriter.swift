import Foundation

/// Writes compact JSON text as UTF-8 bytes into a buffer: the event log's record writer.
///
/// This is the package's one hand-written JSON writer, kept because Foundation misses the file
/// log's budget. `keystroke-bench` writes the three records of one keystroke both ways: this
/// writer took about 1.1 µs, `JSONSerialization` about 13 µs and `JSONEncoder` with `Codable`
/// mirrors about 21 µs (given the timestamp already formatted). The keystroke itself costs about
/// 0.3 µs with the log off and the file log may cost at most five times that, so
/// `JSONSerialization` alone would make a logged keystroke about 40× the unlogged one. Foundation
/// also loses the order of keys (the log's records read `v`, `seq`, `ts` … first).
///
/// Strings are copied in runs of bytes that need no escape; `"`, `\`, control characters and
/// U+2028 / U+2029 (so a line is also one line for JavaScript readers) are escaped as before.
/// Timestamps are formatted from integers (``timestamp(_:)``), with no calendar or formatter.
struct JSONLineWriter {
    /// The text so far.
    var bytes: [UInt8]

    /// An empty writer with room for `capacity` bytes.
    init(capacity: Int = 512) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends `text` as it is (keys, punctuation and other JSON the caller wrote).
    mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends one byte.
    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    /// Appends `text` as a JSON string, quoted and escaped.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { escape($0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `text` quoted and escaped.
    private mutating func escape(_ source: UnsafeBufferPointer<UInt8>) {
        var start = 0
        var index = 0
        let count = source.count
        while index < count {
            let byte = source[index]
            if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte != 0xE2 {
                index += 1
                continue
            }
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9; any other E2 sequence is copied.
            if byte == 0xE2 {
                guard index + 2 < count, source[index + 1] == 0x80, source[index + 2] == 0xA8 || source[index + 2] == 0xA9 else {
                    index += 1
                    continue
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<index]))
            switch byte {
            case UInt8(ascii: "\""): raw(#"\""#)
            case UInt8(ascii: "\\"): raw(#"\\"#)
            case UInt8(ascii: "\n"): raw(#"\n"#)
            case UInt8(ascii: "\r"): raw(#"\r"#)
            case UInt8(ascii: "\t"): raw(#"\t"#)
            case 0xE2:
                raw(#"\u202"#)
                bytes.append(source[index + 2] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9"))
                index += 2
            default:
                raw(#"\u00"#)
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            }
            index += 1
            start = index
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<count]))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `text` as a JSON string, or `null`.
    mutating func optionalString(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    /// Appends `true` or `false`.
    mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// Appends an integer in decimal.
    mutating func int(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            unsigned(value.magnitude)
        } else {
            unsigned(UInt(value))
        }
    }

    private mutating func unsigned(_ value: UInt) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var scratch: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &scratch) { buffer in
            while rest > 0 {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(20 - count)...]))
        }
    }

    /// Appends a number: integral values below 10^15 as integers, others as Swift prints a `Double`.
    mutating func number(_ value: Double) {
        if value == value.rounded(), abs(value) < 1e15 {
            int(Int(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    /// Appends `date` as a JSON string `"2026-11-29T11:40:00.123Z"` (UTC, whole milliseconds,
    /// rounded to the nearest), so a written timestamp reads back to the same text.
    mutating func timestamp(_ date: Date) {
        let totalMillis = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = totalMillis / 1000
        var millis = totalMillis % 1000
        if millis < 0 {
            seconds -= 1
            millis += 1000
        }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            days -= 1
            secondOfDay += 86_400
        }
        let (year, month, day) = Self.civilDate(daysSinceEpoch: days)
        guard (0...9999).contains(year) else {
            // Outside four-digit years: Foundation's formatter (never reached by a clock).
            string(EventLogRecord.formatTimestamp(date))
            return
        }
        bytes.append(UInt8(ascii: "\""))
        digits(Int(year), count: 4)
        bytes.append(UInt8(ascii: "-"))
        digits(Int(month), count: 2)
        bytes.append(UInt8(ascii: "-"))
        digits(Int(day), count: 2)
        bytes.append(UInt8(ascii: "T"))
        digits(Int(secondOfDay / 3600), count: 2)
        bytes.append(UInt8(ascii: ":"))
        digits(Int(secondOfDay / 60 % 60), count: 2)
        bytes.append(UInt8(ascii: ":"))
        digits(Int(secondOfDay % 60), count: 2)
        bytes.append(UInt8(ascii: "."))
        digits(Int(millis), count: 3)
        raw("Z\"")
    }

    /// `value` (non-negative) in exactly `count` decimal digits.
    private mutating func digits(_ value: Int, count: Int) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (the days-from-civil
    /// inverse, in eras of 400 years).
    static func civilDate(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
