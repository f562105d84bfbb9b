import Foundation
import JSONCore

/// Writes compact JSON text as UTF-8 bytes into a buffer: the writing half of the package's one
/// hand-written JSON implementation (`JSONParser`, in JSONCore, is the reading half), used by the event
/// log's record writer (ThunderIDEventLog) and by `JSONValue.jsonText`. A module of its own, so that an
/// app, which reads JSON (the schema, error bodies) but writes none unless it logs, does not link it.
///
/// It exists because the file event log writes a record on every keystroke, and Foundation's writers
/// (`JSONSerialization`, `JSONEncoder`) cost many times more per record than this one
/// (`keystroke-bench` measures all three); `JSONSerialization` would also lose the order of keys (records
/// read `v`, `seq`, `ts` … first). Reading a log (`EventLogRecord(jsonLine:)`) is not on the keystroke
/// path and uses Foundation.
///
/// The writer is `public`, not `package`, although only this package's modules use it (JSONWriting
/// is no product): an `@inlinable package` body is not inlined into another module without unsafe
/// flags, so each of the event log's `raw(_:)` calls would be a call and a `memmove`; public, a
/// constant fragment is a few stores.
///
/// Strings are copied in runs of bytes that need no escape; `"`, `\`, control characters and
/// U+2028 / U+2029 (so a line is also one line for JavaScript readers) are escaped.
/// Timestamps are formatted from integers (``timestamp(_:)``), with no calendar or formatter.
/// The bytes live in one growing allocation this writer owns (it is not copyable).
public struct JSONLineWriter: ~Copyable {
    /// The text so far: `count` bytes at `base`, room for `capacity`.
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    public var count = 0
    @usableFromInline var capacity: Int
    /// The second whose timestamp text ``stampText`` holds (`Int64.min`: none yet).
    @usableFromInline var stampSecond = Int64.min
    /// `"YYYY-MM-DDTHH:MM:SS` of ``stampSecond``: 20 bytes of UTF-8, in memory order.
    @usableFromInline var stampText: (UInt64, UInt64, UInt32) = (0, 0, 0)

    /// An empty writer with room for `capacity` bytes.
    @inlinable public init(capacity: Int = 512) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// A copy of the text so far.
    @inlinable public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Calls `body` with the text so far.
    @inlinable public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Forgets the text, keeping the room.
    @inlinable public mutating func removeAll() {
        count = 0
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    @inlinable mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toHold: extra) }
    }

    @inline(never)
    @usableFromInline mutating func grow(toHold extra: Int) {
        let grown = max(capacity * 2, count + extra)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = grown
    }

    /// Appends `count` bytes from `source`.
    @inline(__always)
    @inlinable mutating func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        reserve(length)
        (base + count).update(from: source, count: length)
        count += length
    }

    /// Appends `bytes` as they are (JSON text the caller wrote or kept).
    @inline(__always)
    @inlinable public mutating func raw(_ bytes: UnsafeRawBufferPointer) {
        guard let start = bytes.baseAddress else { return }
        reserve(bytes.count)
        UnsafeMutableRawPointer(base + count).copyMemory(from: start, byteCount: bytes.count)
        count += bytes.count
    }

    /// Appends the text `other` holds (JSON written ahead of time, such as a fragment that repeats).
    @inline(__always)
    @inlinable public mutating func append(_ other: borrowing JSONLineWriter) {
        append(other.base, count: other.count)
    }

    /// Appends `text` as it is (keys, punctuation and other JSON the caller wrote).
    @inline(__always)
    @inlinable public mutating func raw(_ text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// Appends one byte.
    @inline(__always)
    @inlinable public mutating func byte(_ value: UInt8) {
        reserve(1)
        base[count] = value
        count += 1
    }

    /// Appends `text` as a JSON string, quoted and escaped.
    @inlinable public mutating func string(_ text: String) {
        byte(UInt8(ascii: "\""))
        if text.utf8.withContiguousStorageIfAvailable({ escape($0) }) == nil {
            var text = text
            text.withUTF8 { escape($0) }
        }
        byte(UInt8(ascii: "\""))
    }

    /// `text` quoted and escaped.
    @inlinable mutating func escape(_ source: UnsafeBufferPointer<UInt8>) {
        var start = 0
        var index = 0
        let length = source.count
        while index < length {
            let byte = source[index]
            if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte != 0xE2 {
                index += 1
                continue
            }
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9; any other E2 sequence is copied.
            if byte == 0xE2 {
                guard index + 2 < length, source[index + 1] == 0x80, source[index + 2] == 0xA8 || source[index + 2] == 0xA9 else {
                    index += 1
                    continue
                }
            }
            if index > start { append(source.baseAddress! + start, count: index - start) }
            switch byte {
            case UInt8(ascii: "\""): raw(#"\""#)
            case UInt8(ascii: "\\"): raw(#"\\"#)
            case UInt8(ascii: "\n"): raw(#"\n"#)
            case UInt8(ascii: "\r"): raw(#"\r"#)
            case UInt8(ascii: "\t"): raw(#"\t"#)
            case 0xE2:
                raw(#"\u202"#)
                self.byte(source[index + 2] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9"))
                index += 2
            default:
                raw(#"\u00"#)
                self.byte(Self.hexDigit(byte >> 4))
                self.byte(Self.hexDigit(byte & 0x0F))
            }
            index += 1
            start = index
        }
        if length > start { append(source.baseAddress! + start, count: length - start) }
    }

    @inlinable static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// Appends `text` as a JSON string, or `null`.
    @inlinable public mutating func optionalString(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }

    /// Appends `true` or `false`.
    @inline(__always)
    @inlinable public mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// Appends an integer in decimal.
    @inlinable public mutating func int(_ value: Int) {
        if value < 0 {
            byte(UInt8(ascii: "-"))
            unsigned(UInt64(value.magnitude))
        } else {
            unsigned(UInt64(value))
        }
    }

    /// `UInt64` on every platform: ``number(_:)`` writes integers up to 10^15, past `UInt.max` where it
    /// has 32 bits (watchOS's arm64_32).
    @inlinable mutating func unsigned(_ value: UInt64) {
        if value < 10 {
            byte(UInt8(ascii: "0") + UInt8(value))
            return
        }
        // Sequence numbers and lengths are short: their digits are counted without dividing.
        var digits = value < 100 ? 2 : value < 1000 ? 3 : value < 10_000 ? 4 : value < 100_000 ? 5 : 6
        var rest = value / 1_000_000
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        reserve(digits)
        rest = value
        var position = count + digits - 1
        while rest > 0 {
            base[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            position -= 1
        }
        count += digits
    }

    /// Appends a number as ``JSONCore/JSONNumber`` says: integral values below 10^15 as integers, other
    /// finite values as Swift prints a `Double`, NaN and the infinities as `null`.
    @inlinable public mutating func number(_ value: Double) {
        guard value.isFinite else {
            raw("null")
            return
        }
        if JSONNumber.isWrittenAsInteger(value) {
            // `Int64`: an integer below 10^15 passes `Int.max` where `Int` has 32 bits.
            let whole = Int64(value)
            if whole < 0 { byte(UInt8(ascii: "-")) }
            unsigned(whole.magnitude)
        } else {
            var text = String(value)
            text.withUTF8 { append($0.baseAddress!, count: $0.count) }
        }
    }

    /// `date` rounded to the nearest millisecond, as whole seconds since 1970 and the milliseconds
    /// (0...999) after them. Dates beyond JavaScript's `Date` (±10^15 × 8.64 ms from 1970, years
    /// −271821 to 275760) become the nearest end of that range, and NaN becomes 1970, so no date traps.
    @inlinable static func wholeMilliseconds(_ date: Date) -> (seconds: Int64, millis: Int64) {
        var scaled = (date.timeIntervalSince1970 * 1000).rounded()
        if !(scaled >= -8.64e15 && scaled <= 8.64e15) { scaled = scaled.isNaN ? 0 : scaled < 0 ? -8.64e15 : 8.64e15 }
        let total = Int64(scaled)
        let millis = total % 1000
        return millis < 0 ? (total / 1000 - 1, millis + 1000) : (total / 1000, millis)
    }

    /// Appends `date` as a JSON string `"2026-11-29T11:40:00.123Z"` (UTC, whole milliseconds,
    /// rounded to the nearest), so a written timestamp reads back to the same text.
    ///
    /// The text up to the seconds is formatted once per second and kept (``stampSecond``): records
    /// written within one second format only their milliseconds.
    @inlinable public mutating func timestamp(_ date: Date) {
        let (seconds, wholeMillis) = Self.wholeMilliseconds(date)
        if seconds != stampSecond, !keepStamp(ofSecond: seconds) {
            // Outside four-digit years: the slower formatter (never reached by a clock).
            string(Self.formatTimestamp(date))
            return
        }
        reserve(26)
        let target = UnsafeMutableRawPointer(base + count)
        target.storeBytes(of: stampText.0, as: UInt64.self)
        target.storeBytes(of: stampText.1, toByteOffset: 8, as: UInt64.self)
        target.storeBytes(of: stampText.2, toByteOffset: 16, as: UInt32.self)
        let millis = Int(truncatingIfNeeded: wholeMillis)
        base[count + 20] = UInt8(ascii: ".")
        base[count + 21] = UInt8(ascii: "0") + UInt8(millis / 100)
        base[count + 22] = UInt8(ascii: "0") + UInt8(millis / 10 % 10)
        base[count + 23] = UInt8(ascii: "0") + UInt8(millis % 10)
        base[count + 24] = UInt8(ascii: "Z")
        base[count + 25] = UInt8(ascii: "\"")
        count += 26
    }

    /// The day since 1970-01-01 of the second `seconds` since 1970, and the second within that day
    /// (0..<86,400; floor division, so a second before 1970 falls in the day it belongs to).
    @usableFromInline static func daysAndSecond(ofSecond seconds: Int64) -> (days: Int64, secondOfDay: Int64) {
        let secondOfDay = seconds % 86_400
        return secondOfDay < 0 ? (seconds / 86_400 - 1, secondOfDay + 86_400) : (seconds / 86_400, secondOfDay)
    }

    /// Formats `"YYYY-MM-DDTHH:MM:SS` (20 bytes) of the second `seconds` since 1970 into
    /// ``stampText``; false (nothing kept) outside four-digit years.
    @inline(never)
    @usableFromInline mutating func keepStamp(ofSecond seconds: Int64) -> Bool {
        let (days, secondOfDay) = Self.daysAndSecond(ofSecond: seconds)
        let (year, month, day) = Self.civilDate(daysSinceEpoch: days)
        guard (0...9999).contains(year) else { return false }
        // Formatted in the free room past the text, then kept.
        reserve(20)
        let text = base + count
        func put(_ value: Int64, width: Int, at offset: Int) {
            var rest = value
            for position in stride(from: offset + width - 1, through: offset, by: -1) {
                text[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
        text[0] = UInt8(ascii: "\"")
        put(year, width: 4, at: 1)
        text[5] = UInt8(ascii: "-")
        put(month, width: 2, at: 6)
        text[8] = UInt8(ascii: "-")
        put(day, width: 2, at: 9)
        text[11] = UInt8(ascii: "T")
        put(secondOfDay / 3600, width: 2, at: 12)
        text[14] = UInt8(ascii: ":")
        put(secondOfDay / 60 % 60, width: 2, at: 15)
        text[17] = UInt8(ascii: ":")
        put(secondOfDay % 60, width: 2, at: 18)
        let raw = UnsafeRawPointer(text)
        stampText = (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                     raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
        stampSecond = seconds
        return true
    }

    /// `date` as ``timestamp(_:)`` writes it, without the quotes: `2026-11-29T11:40:00.123Z` (UTC,
    /// whole milliseconds, rounded to the nearest), in the proleptic Gregorian calendar for every year
    /// (also before 1582, where Foundation's Gregorian calendar switches to the Julian one). Years
    /// outside 0…9999 are written as ISO 8601 expanded years, a sign and six digits, as JavaScript's
    /// `toISOString` writes them (`-000001-12-31T00:00:00.000Z`, `+275760-09-13T00:00:00.000Z`).
    /// ``timestamp(_:)``'s fallback outside four-digit years, and the reference of its tests.
    public static func formatTimestamp(_ date: Date) -> String {
        let (seconds, millis) = Self.wholeMilliseconds(date)
        let (days, secondOfDay) = Self.daysAndSecond(ofSecond: seconds)
        let (year, month, day) = Self.civilDate(daysSinceEpoch: days)
        func padded(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let yearText = (0...9999).contains(year) ? padded(year, 4) : (year < 0 ? "-" : "+") + padded(Int64(year.magnitude), 6)
        return yearText + "-" + padded(month, 2) + "-" + padded(day, 2) + "T" + padded(secondOfDay / 3600, 2) + ":"
            + padded(secondOfDay / 60 % 60, 2) + ":" + padded(secondOfDay % 60, 2) + "." + padded(millis, 3) + "Z"
    }

    /// The day counted from 1970-01-01 of a proleptic Gregorian date (the inverse of
    /// ``civilDate(daysSinceEpoch:)``, in eras of 400 years); `month` is 1…12 and `day` 1…31.
    public static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01 (the days-from-civil
    /// inverse, in eras of 400 years).
    @inlinable public static func civilDate(daysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
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
