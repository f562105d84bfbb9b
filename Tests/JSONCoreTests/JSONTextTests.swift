import Foundation
@testable import JSONCore
import Testing

@Suite("JSON text of a value")
struct JSONTextTests {
    @Test("Strings are escaped: quote, backslash and controls; other text is copied", arguments: [
        ("plain", #""plain""#), ("q\"b\\", #""q\"b\\""#), ("\n\r\t", #""\n\r\t""#), ("\u{0}\u{7}\u{1F}", #""\u0000\u0007\u001f""#),
        ("€ — ✓ 🔑 é", "\"€ — ✓ 🔑 é\""), ("\u{7F}", "\"\u{7F}\""), ("", #""""#),
    ])
    func escaping(text: String, expected: String) throws {
        let output = JSONValue.string(text).jsonText
        #expect(output == expected)
        // And JSON readers get the text back.
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(output)]".utf8)) as? [String]
        #expect(decoded == [text])
    }

    @Test("Integral numbers below 10^15 are written as integers, others as Swift prints them", arguments: [
        (2_147_483_648.0, "2147483648"), (4_294_967_296, "4294967296"), (-3_000_000_000, "-3000000000"),
        (999_999_999_999_999, "999999999999999"), (-999_999_999_999_999, "-999999999999999"), (30, "30"), (2.5, "2.5"),
        (1e20, String(1e20)),
    ])
    func numbers(value: Double, expected: String) {
        #expect(JSONValue.number(value).jsonText == expected)
        #expect(JSONNumber.text(value) == expected)
    }

    @Test("NaN and the infinities, which JSON has no text for, are written as null", arguments: [Double.nan, .infinity, -.infinity, .signalingNaN])
    func nonFiniteNumbers(value: Double) throws {
        let output = JSONValue.number(value).jsonText
        #expect(output == "null")
        #expect(try JSONParser.parse(Data("[\(output)]".utf8)) == .array([.null]))
    }
}
