import Foundation
import Testing
@testable import ECMARegex
import ECMARegexConformance

@Suite("The ecma-regex --jsonl protocol")
struct JSONLinesProtocolTests {
    /// The answer line for simple patterns, which run on PCRE2 when this build has it.
    static func matchLine(_ matched: Bool, backend: String = RegexEngine.hasPCRE2 ? "pcre2" : "portable") -> String {
        "{\"match\":\(matched),\"backend\":\"\(backend)\"}"
    }

    @Test("A pattern PCRE2 cannot match exactly is answered by the portable backend, and says so")
    func portableBackendLine() {
        var handler = JSONLinesProtocol()
        #expect(handler.answer(#"{"pattern":"(?<=a+)b","input":"aab"}"#) == Self.matchLine(true, backend: "portable"))
        #expect(handler.answer(#"{"pattern":"(?<=a+)b","input":"b"}"#) == Self.matchLine(false, backend: "portable"))
    }

    @Test("The backend named is the one that gets this subject: a subject on which a nested quantifier would backtrack long goes to the portable matcher")
    func backendPerSubject() {
        var handler = JSONLinesProtocol()
        let long = String(repeating: "a", count: 64) + "!"
        // node 20: false, false, true, true.
        #expect(handler.answer(#"{"pattern":"^(a+)+$","input":"b"}"#) == Self.matchLine(false))
        #expect(handler.answer(#"{"pattern":"^(a+)+$","input":"\#(long)"}"#) == Self.matchLine(false, backend: "portable"))
        // A lone surrogate: PCRE2's 16-bit program reads it without u; with u the portable matcher does.
        #expect(handler.answer(#"{"pattern":"^a","input":"a\ud800"}"#) == Self.matchLine(true))
        #expect(handler.answer(#"{"pattern":"^a","flags":"u","input":"a\ud800"}"#) == Self.matchLine(true, backend: "portable"))
    }

    @Test("A match and a non-match give match lines; flags default to none")
    func matchLines() {
        var handler = JSONLinesProtocol()
        #expect(handler.answer(#"{"pattern":"^a$","input":"a"}"#) == Self.matchLine(true))
        #expect(handler.answer(#"{"pattern":"^a$","flags":"","input":"a\n"}"#) == Self.matchLine(false))
        #expect(handler.answer(#"{"pattern":"^A$","flags":"i","input":"a"}"#) == Self.matchLine(true))
    }

    @Test("mode whole gives HTML pattern semantics; an unknown mode is an input error")
    func wholeMode() {
        var handler = JSONLinesProtocol()
        #expect(handler.answer(#"{"pattern":"a|b","input":"ab","mode":"whole"}"#) == Self.matchLine(false))
        #expect(handler.answer(#"{"pattern":"a|b","input":"ab","mode":"search"}"#) == Self.matchLine(true))
        #expect(handler.answer(#"{"pattern":"a|b","input":"b","mode":"whole"}"#) == Self.matchLine(true))
        #expect(handler.answer(#"{"pattern":"a","input":"a","mode":"full"}"#).hasPrefix(#"{"error":{"kind":"input""#))
    }

    @Test("Extra keys are ignored, so corpus lines can be piped in unchanged")
    func extraKeysIgnored() {
        var handler = JSONLinesProtocol()
        #expect(handler.answer(#"{"pattern":"\\d","flags":"u","input":"x1","expect":true,"category":"c","row":"C2"}"#) == Self.matchLine(true))
    }

    @Test("A syntax error reports its kind, message and offset")
    func syntaxError() {
        var handler = JSONLinesProtocol()
        let line = handler.answer(#"{"pattern":"a)","flags":"u","input":"a"}"#)
        #expect(line.hasPrefix(#"{"error":{"kind":"syntax","message":""#))
        #expect(line.hasSuffix("}}"))
    }

    @Test("A malformed line gets an input error and the handler keeps working", arguments: [
        "not json", "", "[1,2]", #"{"pattern":"a"}"#, #"{"pattern":1,"input":"a"}"#, #"{"pattern":"a","flags":null,"input":5}"#,
    ])
    func malformedLine(line: String) {
        var handler = JSONLinesProtocol()
        let answer = handler.answer(line)
        #expect(answer.hasPrefix(#"{"error":{"kind":"input","message":"#))
        #expect(!answer.contains("\n"))
        #expect(handler.answer(#"{"pattern":"a","input":"a"}"#) == Self.matchLine(true))
    }

    @Test("Messages are escaped so an answer is always one JSON line")
    func quoting() throws {
        #expect(JSONText.quote("a\"b\\c\nd\re\tf\u{1}/") == #""a\"b\\c\nd\re\tf\u0001/""#)
        #expect(JSONText.quote("é😀\u{2028}") == "\"é😀\u{2028}\"")
        let awkward = "\u{0}\u{1F}\u{7F}\u{2028}\u{2029}\\\"/\r\n😀"
        let quoted = JSONText.quote(awkward)
        #expect(!quoted.contains("\n") && !quoted.contains("\r"))
        #expect(try JSONDecoder().decode(String.self, from: Data(quoted.utf8)) == awkward)
    }

    @Test("A malformed line's input error names the byte where reading stopped")
    func malformedOffset() {
        var handler = JSONLinesProtocol()
        #expect(handler.answer(#"{"pattern":"a","input":"a",}"#)
                == #"{"error":{"kind":"input","message":"expected a JSON object with string fields \"pattern\" and \"input\" (and optional \"flags\"): expected a string key at byte 27"}}"#)
    }

    @Test("Values JSON.parse refuses are input errors", arguments: [
        #"{"pattern":"a","input":"a","x":inf}"#,
        #"{"pattern":"a","input":"a","x":01}"#,
        #"{"pattern":"a","input":"a","x":1.}"#,
        #"{"pattern":"a","input":"a","x":"#,
        #"{"pattern":"a","input":"a","x":[1,]}"#,
    ])
    func refusedValues(line: String) {
        var handler = JSONLinesProtocol()
        #expect(handler.answer(line).hasPrefix(#"{"error":{"kind":"input""#))
    }

    @Test("Values JSON.parse reads are skipped, a lone surrogate inside them included")
    func skippedValues() {
        var handler = JSONLinesProtocol()
        #expect(handler.answer(#"{"pattern":"a","input":"a","x":[-1.5e3,true,null,{"y":"\ud800"}]}"#) == Self.matchLine(true))
    }

    @Test("Nesting 100,000 levels deep is an input error, not a crash, and the handler keeps working")
    func deepNesting() {
        var handler = JSONLinesProtocol()
        let line = #"{"pattern":"a","input":"a","x":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect(handler.answer(line).hasPrefix(#"{"error":{"kind":"input","message":"expected a JSON object with string fields \"pattern\" and \"input\" (and optional \"flags\"): nesting deeper than"#))
        #expect(handler.answer(#"{"pattern":"a","input":"a"}"#) == Self.matchLine(true))
    }
}

@Suite("The ecma-regex --jsonl protocol reads lines as JSON.parse does")
struct JSONLinesParseTests {
    @Test("A lone surrogate in the input gets JavaScript's verdict")
    func loneSurrogateInput() {
        var handler = JSONLinesProtocol()
        #expect(handler.answer(#"{"pattern":"^.$","input":"\ud800"}"#).hasPrefix(#"{"match":true,"#))
        #expect(handler.answer(#"{"pattern":"^[\\ud800-\\udbff]$","input":"\ud800"}"#).hasPrefix(#"{"match":true,"#))
        #expect(handler.answer(#"{"pattern":"^..$","input":"a\udc00"}"#).hasPrefix(#"{"match":true,"#))
        #expect(handler.answer(#"{"pattern":"\\ud83d","input":"\ud83d\ude00"}"#).hasPrefix(#"{"match":true,"#))
        #expect(handler.answer(#"{"pattern":"^a$","input":"\ud800"}"#).hasPrefix(#"{"match":false,"#))
        // u/v read code points; a lone surrogate is a code point of its own (node: true, true, false, true).
        #expect(handler.answer(#"{"pattern":"^.$","flags":"u","input":"\ud800"}"#).hasPrefix(#"{"match":true,"#))
        #expect(handler.answer(#"{"pattern":"^\\ud800$","flags":"u","input":"\ud800"}"#).hasPrefix(#"{"match":true,"#))
        #expect(handler.answer(#"{"pattern":"^\\ud800$","flags":"u","input":"\ud800\udc00"}"#).hasPrefix(#"{"match":false,"#))
        #expect(handler.answer(#"{"pattern":"^.$","flags":"v","input":"\udc00"}"#).hasPrefix(#"{"match":true,"#))
    }

    @Test("A repeated key keeps its last value")
    func repeatedKey() {
        var handler = JSONLinesProtocol()
        #expect(handler.answer(#"{"pattern":"^a$","input":"b","input":"a"}"#).hasPrefix(#"{"match":true,"#))
        #expect(handler.answer(#"{"pattern":"^b$","pattern":"^a$","input":"a","flags":"x","flags":""}"#).hasPrefix(#"{"match":true,"#))
    }

    @Test("Bytes that are not UTF-8 are refused, not repaired", arguments: [
        [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82],
    ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) {
        var handler = JSONLinesProtocol()
        let line = Array(#"{"pattern":"."#.utf8) + bytes + Array(#"","input":"a"}"#.utf8)
        #expect(handler.answer(bytes: line).hasPrefix(#"{"error":{"kind":"input""#))
    }
}
