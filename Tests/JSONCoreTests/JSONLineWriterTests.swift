import Foundation
@testable import JSONCore
@testable import JSONWriting
import Testing

@Suite("The event log's JSON writer")
struct JSONLineWriterTests {
    static func written(_ body: (inout JSONLineWriter) -> Void) -> String {
        var writer = JSONLineWriter()
        body(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test("Strings are escaped as before: quote, backslash, controls, U+2028/U+2029; other text is copied", arguments: [
        ("plain", #""plain""#), ("q\"b\\", #""q\"b\\""#), ("\n\r\t", #""\n\r\t""#), ("\u{0}\u{7}\u{1F}", #""\u0000\u0007\u001f""#),
        ("a\u{2028}b\u{2029}", #""a\u2028b\u2029""#), ("€ — ✓ 🔑 é", "\"€ — ✓ 🔑 é\""), ("\u{7F}", "\"\u{7F}\""), ("", #""""#),
    ])
    func escaping(text: String, expected: String) throws {
        let output = Self.written { $0.string(text) }
        #expect(output == expected)
        // And JSON readers get the text back.
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(output)]".utf8)) as? [String]
        #expect(decoded == [text])
    }

    @Test("Integers and numbers", arguments: [0, 7, 10, 99, 100, 999, 1000, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000, 9_999_999, 10_000_000, -1, -1234, Int.max, Int.min])
    func integers(value: Int) {
        #expect(Self.written { $0.int(value) } == String(value))
    }

    @Test("Non-integral and large numbers are written as Swift prints them")
    func numbers() {
        #expect(Self.written { $0.number(2.5) } == "2.5")
        #expect(Self.written { $0.number(30) } == "30")
        #expect(Self.written { $0.number(1e20) } == String(1e20))
    }

    @Test("Integral numbers past 32 bits (below 10^15) are written as integers, by the writer and by JSONNumber", arguments: [
        (2_147_483_648.0, "2147483648"), (4_294_967_296, "4294967296"), (-3_000_000_000, "-3000000000"),
        (999_999_999_999_999, "999999999999999"), (-999_999_999_999_999, "-999999999999999"),
    ])
    func widerThan32Bits(value: Double, expected: String) {
        #expect(Self.written { $0.number(value) } == expected)
        #expect(JSONNumber.text(value) == expected)
    }

    @Test("NaN and the infinities, which JSON has no text for, are written as null", arguments: [Double.nan, .infinity, -.infinity, .signalingNaN])
    func nonFiniteNumbers(value: Double) throws {
        let output = Self.written { $0.number(value) }
        #expect(output == "null")
        // `nan` and `inf` would be text no JSON reader accepts.
        #expect(try JSONParser.parse(Data("[\(output)]".utf8)) == .array([.null]))
    }

    /// Foundation's text for `date`, for dates after 1582-10-15, where its Gregorian calendar is the
    /// proleptic one: the writer's independent reference.
    static func foundationStamp(_ date: Date) -> String {
        let (seconds, millis) = JSONLineWriter.wholeMilliseconds(date)
        let style = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!)
        let base = style.format(Date(timeIntervalSince1970: Double(seconds)))
        let digits = String(millis)
        return base.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
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
        let date = Date(timeIntervalSince1970: seconds)
        #expect(JSONLineWriter.formatTimestamp(date) == expected)
        #expect(Self.written { $0.timestamp(date) } == "\"" + expected + "\"")
    }

    @Test("Timestamps match the Foundation-formatted text for dates across eras, leap days and rounding")
    func timestamps() {
        var dates: [Double] = [0, -0.0004, -0.0006, 0.0005, 951_782_400, 951_868_799.9996, 4_107_542_399.999, 1_764_590_400.123,
                               -86_400 * 365.25 * 60, 253_402_300_799.999]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 { dates.append(Double.random(in: -2_000_000_000...4_000_000_000, using: &generator)) }
        for seconds in dates {
            let date = Date(timeIntervalSince1970: seconds)
            let expected = "\"" + Self.foundationStamp(date) + "\""
            #expect(Self.written { $0.timestamp(date) } == expected, "\(seconds)")
            #expect("\"" + JSONLineWriter.formatTimestamp(date) + "\"" == expected, "\(seconds)")
        }
    }

    @Test("One writer's timestamps stay right across runs within a second, new seconds, days, years and the fallback")
    func timestampsThroughOneWriter() {
        // The writer keeps the text up to the second: every date goes through the same writer.
        var seconds: [Double] = []
        for base in [1_764_590_399.0, 951_868_799.0, 4_107_542_399.0, -1.0, 253_402_300_799.0] {
            seconds += [base + 0.0004, base + 0.5, base + 0.9994, base + 0.9996, base + 1.001, base + 1.9]
        }
        seconds += [1_764_590_400.25, -86_400 * 365.25 * 10_000, 1_764_590_400.75, 1_764_590_400.75, 0]
        var generator = SystemRandomNumberGenerator()
        var stamp = 1_764_590_400.0
        for _ in 0..<300 {
            stamp += Double.random(in: 0...0.4, using: &generator)
            seconds.append(stamp)
        }
        var writer = JSONLineWriter()
        var expected = ""
        for value in seconds {
            let date = Date(timeIntervalSince1970: value)
            writer.timestamp(date)
            writer.byte(UInt8(ascii: "\n"))
            expected += "\"" + JSONLineWriter.formatTimestamp(date) + "\"\n"
        }
        #expect(String(decoding: writer.bytes, as: UTF8.self) == expected)
    }

    @Test("Kept bytes and raw bytes are appended as they are")
    func appendingBytes() {
        var kept = JSONLineWriter(capacity: 16)
        kept.raw(#","instance":"I","attribute":"pin","record":"#)
        let output = Self.written { writer in
            writer.append(kept)
            writer.append(kept)
            [UInt8]("é\"".utf8).withUnsafeBytes { writer.raw($0) }
            writer.raw(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        #expect(output == #","instance":"I","attribute":"pin","record":,"instance":"I","attribute":"pin","record":é""#)
    }
}
