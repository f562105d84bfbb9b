import Foundation
@testable import ThunderID
@testable import ThunderIDEventLog
@testable import JSONWriting
@testable import ThunderIDSpec
import Testing

/// The event log's timestamps read back to what was written, in every year the format can hold.
@Suite("Event log timestamps")
struct EventLogTimestampTests {
    static func record(at date: Date) -> EventLogRecord {
        EventLogRecord(sequence: 1, timestamp: date, instance: "I", attribute: "pin", body: .event(.open, input: nil))
    }

    // Before the fix the reader used Foundation's calendar, which is Julian before 1582-10-15, so
    // `1013-12-07` read back six days off and was written again as `1013-12-13`.
    @Test("A timestamp before 1583 reads back to the same day", arguments: [
        "1013-12-07T10:20:30.400Z", "0001-01-01T00:00:00.000Z", "1582-10-04T23:59:59.999Z", "1582-10-10T12:00:00.000Z",
        "1600-02-29T00:00:00.000Z", "0400-02-29T06:00:00.000Z", "0000-03-01T00:00:00.000Z",
    ])
    func beforeGregorianReform(text: String) throws {
        let date = try #require(EventLogRecord.parseTimestamp(text))
        #expect(JSONLineWriter.formatTimestamp(date) == text)
        let line = #"{"v":1,"seq":1,"ts":""# + text + #"","instance":"I","attribute":"pin","record":"event","event":{"kind":"open"}}"#
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
            let first = Double(JSONLineWriter.daysSinceEpoch(year: Int64(year), month: 1, day: 1)) * 86_400
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

    @Test("Day numbers and dates are inverse across eras")
    func civilRoundTrip() {
        for days in stride(from: -100_000_000 as Int64, through: 100_000_000, by: 9_973) {
            let (year, month, day) = JSONLineWriter.civilDate(daysSinceEpoch: days)
            #expect(JSONLineWriter.daysSinceEpoch(year: year, month: month, day: day) == days)
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
        #expect(JSONLineWriter.formatTimestamp(base) == "2026-11-29T11:40:00.000Z")
        let fine = try #require(EventLogRecord.parseTimestamp("2026-11-29T11:40:00.1234567Z"))
        #expect(JSONLineWriter.formatTimestamp(fine) == "2026-11-29T11:40:00.123Z")
    }
}
