import Foundation
import Testing
import JSONCore

/// The package's one JSON reader, behind the schema decoder, the error-body reader, the event log
/// reader and the `ecma-regex --jsonl` requests.
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
        ("\"\\ud800\\u0041\"", 7, "unpaired surrogate in a \\u escape"),
        ("\"\\udc00\"", 7, "unpaired surrogate in a \\u escape"),
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

    @Test("An object of 40,000 keys (a 1 MB meta body) parses with every key, in order")
    func manyKeys() throws {
        // Quadratic key handling would take minutes here in a debug build; linear takes well under a second.
        let count = 40_000
        let text = "{" + (0..<count).map { #""attribute\#($0)": {"type": "string"}"# }.joined(separator: ",") + "}"
        #expect(text.utf8.count > 1_000_000)
        guard case .object(let members) = try JSONParser.parse(Data(text.utf8)) else {
            Issue.record("not an object")
            return
        }
        #expect(members.count == count)
        #expect(members.first?.key == "attribute0")
        #expect(members.last?.key == "attribute\(count - 1)")
    }

    @Test("A repeated key keeps its first position and its last value, as JSON.parse does")
    func repeatedKey() throws {
        #expect(try JSONParser.parse(Data(#"{"a": 1, "b": 2, "a": 3}"#.utf8)) == .object([("a", .number(3)), ("b", .number(2))]))
        let repeated = "{" + (0..<40_000).map { #""k": \#($0)"# }.joined(separator: ",") + "}"
        #expect(try JSONParser.parse(Data(repeated.utf8)) == .object([("k", .number(39_999))]))
    }

    @Test("A document over the size cap is refused before it is read")
    func sizeCap() throws {
        var data = Data("1".utf8)
        data.append(Data(repeating: 0x20, count: JSONParser.maximumBytes - 1))
        #expect(try JSONParser.parse(data) == .number(1))
        data.append(0x20)
        #expect(throws: JSONParser.Failure(offset: JSONParser.maximumBytes,
                                           reason: "the document is larger than \(JSONParser.maximumBytes) bytes")) {
            try JSONParser.parse(data)
        }
    }

    @Test("Invalid UTF-8 inside a string is refused, not repaired", arguments: [
        [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80],
    ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        #expect(throws: JSONParser.Failure(offset: 1, reason: "invalid UTF-8 in a string")) {
            try JSONParser.parse(Data([0x22] + bytes + [0x22]))
        }
    }

    @Test("description renders compact JSON that parses back to the same value")
    func roundTrip() throws {
        let value = JSONValue.object([("k", .array([.string("a\"b\n\u{01}"), .number(1.5), .number(2), .null, .bool(false)]))])
        #expect(value.jsonText == #"{"k":["a\"b\n\u0001",1.5,2,null,false]}"#)
        #expect(try JSONParser.parse(Data(value.jsonText.utf8)) == value)
    }

    @Test("Deep nesting in a schema-shaped body is refused with a typed failure at the depth limit")
    func deepObjects() {
        let text = String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        #expect(throws: JSONParser.Failure(offset: JSONParser.maximumDepth * 5, reason: "nesting deeper than \(JSONParser.maximumDepth) levels")) {
            try JSONParser.parse(Data(text.utf8))
        }
    }
}

/// The `--jsonl` protocol's reading: an object's members with strings as UTF-16 code units, as `JSON.parse`.
@Suite("JSON parser, code-unit members")
struct JSONCodeUnitMembersTests {
    @Test("Strings are UTF-16 code units; a lone surrogate escape stays one code unit; other values map to nil")
    func codeUnits() throws {
        let members = try JSONParser.codeUnitMembers(Array(#"{"a": "x\ud800", "b": "\ud83d\udd11é", "c": [1, {"d": null}], "e": "\n\u0041"}"#.utf8))
        #expect(members["a"] == .some([0x78, 0xD800]))
        #expect(members["b"] == .some([0xD83D, 0xDD11, 0xE9]))
        #expect(members["c"] == .some(nil))
        #expect(members["e"] == .some([0x0A, 0x41]))
        #expect(members["f"] == nil)
        #expect(members.count == 4)
    }

    @Test("A repeated key keeps its last value; a lone surrogate in a key or a skipped value is read, not refused")
    func javaScriptReading() throws {
        let members = try JSONParser.codeUnitMembers(Array(#"{"k": "1", "k": "2", "\udc00": "x", "skip": ["\ud800"]}"#.utf8))
        #expect(members["k"] == .some([0x32]))
        #expect(members["\u{FFFD}"] == .some([0x78]))
        #expect(members["skip"] == .some(nil))
    }

    @Test("What JSON.parse refuses is refused, with the byte offset", arguments: [
        ("[1]", 0, "expected an object"),
        ("\u{FEFF}{}", 0, "expected an object"),
        (#"{"a": "b",}"#, 10, "expected a string key"),
        (#"{"a": inf}"#, 6, "unexpected character 'i'"),
        (#"{"a": 01}"#, 7, "expected ',' or '}'"),
        (#"{"a": "b"} x"#, 11, "unexpected content after the JSON value"),
        (#"{"a": "\x"}"#, 8, "invalid escape '\\x'"),
        (#"{"a": "\u12"}"#, 11, "expected four hex digits"),
    ])
    func refused(text: String, offset: Int, reason: String) {
        #expect(throws: JSONParser.Failure(offset: offset, reason: reason)) { try JSONParser.codeUnitMembers(Array(text.utf8)) }
    }

    @Test("Bytes that are not UTF-8, deep nesting and oversized lines are refused with a typed failure")
    func bounded() {
        let notUTF8 = Array(#"{"a": ""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8)
        #expect(throws: JSONParser.Failure(offset: 7, reason: "invalid UTF-8 in a string")) { try JSONParser.codeUnitMembers(notUTF8) }
        let deep = Array(#"{"a": "#.utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        #expect(throws: JSONParser.Failure(offset: 6 + JSONParser.maximumDepth - 1, reason: "nesting deeper than \(JSONParser.maximumDepth) levels")) {
            try JSONParser.codeUnitMembers(deep)
        }
        let oversized = [UInt8](repeating: 0x20, count: JSONParser.maximumBytes + 1)
        #expect(throws: JSONParser.Failure(offset: JSONParser.maximumBytes, reason: "the document is larger than \(JSONParser.maximumBytes) bytes")) {
            try JSONParser.codeUnitMembers(oversized)
        }
    }
}
