import Foundation
@testable import ThunderID
@testable import ThunderIDEventLog
@testable import ThunderIDSpec
import Testing

/// The event log's timestamps read back to what was written, in every year the format can hold.
@Suite("Event log timestamps")
struct EventLogTimestampTests {
    static func record(at date: Date) -> EventLogRecord {
        EventLogRecord(sequence: 1, timestamp: date, instance: "I", attribute: "pin", body: .step(.open))
    }

    // Before the fix the reader used Foundation's calendar, which is Julian before 1582-10-15, so
    // `1013-12-07` read back six days off and was written again as `1013-12-13`.
    @Test("A timestamp before 1583 reads back to the same day", arguments: [
        "1013-12-07T10:20:30.400Z", "0001-01-01T00:00:00.000Z", "1582-10-04T23:59:59.999Z", "1582-10-10T12:00:00.000Z",
        "1600-02-29T00:00:00.000Z", "0400-02-29T06:00:00.000Z", "0000-03-01T00:00:00.000Z",
    ])
    func beforeGregorianReform(text: String) throws {
        let date = try #require(EventLogRecord.parseTimestamp(text))
        #expect(EventLogRecord.formatTimestamp(date) == text)
        let line = Self.record(at: date).jsonLine()
        #expect(line.contains(#""ts":""# + text + #"""#))
        #expect(try EventLogRecord(jsonLine: line).jsonLine() == line)
    }

    @Test("Write, read, write gives the same line for dates from year 1 to 9999 and beyond")
    func reencodingOracle() throws {
        var seconds: [Double] = [
            -62_135_596_800, -62_135_596_800.0005, 253_402_300_799.999, 253_402_300_799.9996, -12_219_292_800, -12_219_292_800.001,
            951_782_400, 0, -0.0004, 8.64e12, -8.64e12, -62_167_219_200.001,
        ]
        var generator = SystemRandomNumberGenerator()
        // Every year's first and last millisecond, and random instants.
        for year in stride(from: 1, through: 9999, by: 7) {
            let first = Double(EventLogRecord.daysSinceEpoch(year: Int64(year), month: 1, day: 1)) * 86_400
            seconds += [first, first - 0.001]
        }
        for _ in 0..<3000 { seconds.append(Double.random(in: -62_135_596_800...253_402_300_799.999, using: &generator)) }
        for value in seconds {
            let line = Self.record(at: Date(timeIntervalSince1970: value)).jsonLine()
            let reread = try EventLogRecord(jsonLine: line)
            #expect(reread.jsonLine() == line, "\(value)")
            // Within half a millisecond, give or take a Double's precision at year 9999 (about 3e-5 s).
            #expect(abs(reread.timestamp.timeIntervalSince1970 - value) <= 0.0006, "\(value) read back as \(reread.timestamp.timeIntervalSince1970): \(line)")
        }
    }

    @Test("Timestamps are proleptic Gregorian in every year, and years outside 0…9999 are written as a sign and six digits",
          arguments: [
            (-30_610_224_000.0, "1000-01-01T00:00:00.000Z"), (-30_585_427_200.0, "1000-10-15T00:00:00.000Z"),
            (-30_578_688_000.0, "1001-01-01T00:00:00.000Z"), (-30_610_310_400.0, "0999-12-31T00:00:00.000Z"),
            (-12_219_292_800.0, "1582-10-15T00:00:00.000Z"), (-12_219_379_200.0, "1582-10-14T00:00:00.000Z"),
            (-62_135_596_800.0, "0001-01-01T00:00:00.000Z"), (-62_167_219_200.0, "0000-01-01T00:00:00.000Z"),
            (-62_167_219_200.001, "-000001-12-31T23:59:59.999Z"), (253_402_300_800.0, "+010000-01-01T00:00:00.000Z"),
            (8.64e12, "+275760-09-13T00:00:00.000Z"), (-8.64e12, "-271821-04-20T00:00:00.000Z"),
            (1e300, "+275760-09-13T00:00:00.000Z"), (Double.nan, "1970-01-01T00:00:00.000Z"),
          ])
    func prolepticTimestamps(seconds: Double, expected: String) {
        #expect(EventLogRecord.formatTimestamp(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test("Timestamps match Foundation's ISO 8601 text for dates across eras, leap days and rounding")
    func foundationReference() {
        var dates: [Double] = [0, -0.0004, -0.0006, 0.0005, 951_782_400, 951_868_799.9996, 4_107_542_399.999, 1_764_590_400.123,
                               -86_400 * 365.25 * 60, 253_402_300_799.999]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 { dates.append(Double.random(in: -2_000_000_000...4_000_000_000, using: &generator)) }
        let style = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!)
        for seconds in dates {
            // Foundation's text of the whole second, and the milliseconds rounded to the nearest.
            // (From the date's own interval: a `Date` keeps its time from 2001, which may round `seconds`.)
            let total = Int64((Date(timeIntervalSince1970: seconds).timeIntervalSince1970 * 1000).rounded())
            let millis = ((total % 1000) + 1000) % 1000
            let base = style.format(Date(timeIntervalSince1970: Double((total - millis) / 1000)))
            let digits = String(millis)
            let expected = base.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
            #expect(EventLogRecord.formatTimestamp(Date(timeIntervalSince1970: seconds)) == expected, "\(seconds)")
        }
    }

    @Test("Impossible dates and other formats are refused", arguments: [
        // 1100-02-29 and 1500-02-29 are Julian leap days that the proleptic Gregorian calendar lacks.
        "1013-02-29T00:00:00.000Z", "1100-02-29T00:00:00.000Z", "1500-02-29T00:00:00.000Z", "2024-13-01T00:00:00.000Z", "2024-00-10T00:00:00.000Z",
        "2024-04-31T00:00:00.000Z", "2024-01-01T24:00:00.000Z", "2024-01-01T00:60:00.000Z", "2024-01-01T00:00:60.000Z",
        "2024-01-01T00:00:00.000", "2024-01-01 00:00:00.000Z", "2024-01-01T00:00:00.Z", "24-01-01T00:00:00Z", "+2024-01-01T00:00:00Z",
        "2024-01-01T00:00:00.000Z ", "２０２４-01-01T00:00:00Z",
    ])
    func refused(text: String) {
        #expect(EventLogRecord.parseTimestamp(text) == nil)
    }

    @Test("A fraction may have any number of digits, or none")
    func fractions() throws {
        let base = try #require(EventLogRecord.parseTimestamp("2026-11-29T11:40:00Z"))
        #expect(EventLogRecord.formatTimestamp(base) == "2026-11-29T11:40:00.000Z")
        let fine = try #require(EventLogRecord.parseTimestamp("2026-11-29T11:40:00.1234567Z"))
        #expect(EventLogRecord.formatTimestamp(fine) == "2026-11-29T11:40:00.123Z")
    }
}
