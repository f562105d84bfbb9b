import Foundation
import Testing
@testable import ThunderID

/// The strict JSON parser behind the schema decoder and the error-body reader.
@Suite("JSON parser")
struct JSONParserTests {
    @Test("Scalars, nesting, escapes and surrogate pairs parse exactly")
    func valid() throws {
        let value = try JSONParser.parse(Data(#" {"a": [1, -2.5e3, true, false, null], "s": "q\"\\\/\b\f\n\r\t\u00e9\ud83d\udd11", "o": {}} "#.utf8))
        #expect(value == .object([
            ("a", .array([.number(1), .number(-2500), .bool(true), .bool(false), .null])),
            ("s", .string("q\"\\/\u{08}\u{0C}\n\r\t\u{E9}\u{1F511}")),
            ("o", .object([])),
        ]))
    }

    @Test("Booleans and numbers stay apart")
    func boolVersusNumber() throws {
        #expect(try JSONParser.parse(Data("true".utf8)) == .bool(true))
        #expect(try JSONParser.parse(Data("1".utf8)) == .number(1))
        #expect(JSONValue.bool(true) != .number(1))
    }

    @Test("Invalid documents fail with the byte offset", arguments: [
        ("", 0, "unexpected end of input"),
        ("{", 1, "expected a string key"),
        ("[1,]", 3, "unexpected character ']'"),
        ("01", 1, "unexpected content after the JSON value"),
        ("\"abc", 4, "unterminated string"),
        ("\"a\u{01}\"", 2, "control character in a string"),
        ("\"\\x\"", 2, "invalid escape '\\x'"),
        ("\"\\ud800\"", 7, "unpaired surrogate in a \\u escape"),
        ("tru", 3, "invalid literal, expected 'true'"),
        ("-", 1, "expected a digit"),
        ("1.", 2, "expected a digit after '.'"),
        ("1e", 2, "expected a digit in the exponent"),
        ("{\"a\" 1}", 5, "expected ':'"),
        ("{\"a\": 1 \"b\"}", 8, "expected ',' or '}'"),
        ("1e999", 0, "number out of range"),
    ])
    func invalid(text: String, offset: Int, reason: String) {
        #expect(throws: JSONParser.Failure(offset: offset, reason: reason)) { try JSONParser.parse(Data(text.utf8)) }
    }

    @Test("Deep nesting is refused instead of overflowing the stack")
    func depth() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Data(text.utf8)) }
    }

    @Test("Invalid UTF-8 inside a string is refused")
    func invalidUTF8() {
        #expect(throws: JSONParser.Failure(offset: 1, reason: "invalid UTF-8 in a string")) {
            try JSONParser.parse(Data([0x22, 0xFF, 0x22]))
        }
    }

    @Test("description renders compact JSON that parses back to the same value")
    func roundTrip() throws {
        let value = JSONValue.object([("k", .array([.string("a\"b\n\u{01}"), .number(1.5), .number(2), .null, .bool(false)]))])
        #expect(value.description == #"{"k":["a\"b\n\u0001",1.5,2,null,false]}"#)
        #expect(try JSONParser.parse(Data(value.description.utf8)) == value)
    }
}
