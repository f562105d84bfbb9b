import Testing
import ECMARegexConformance

@Suite("The ecma-regex --jsonl protocol")
struct JSONLinesProtocolTests {
    @Test("A match and a non-match give match lines; flags default to none")
    func matchLines() {
        var handler = JSONLinesProtocol()
        #expect(handler.answer(#"{"pattern":"^a$","input":"a"}"#) == #"{"match":true}"#)
        #expect(handler.answer(#"{"pattern":"^a$","flags":"","input":"a\n"}"#) == #"{"match":false}"#)
        #expect(handler.answer(#"{"pattern":"^A$","flags":"i","input":"a"}"#) == #"{"match":true}"#)
    }

    @Test("mode whole gives HTML pattern semantics; an unknown mode is an input error")
    func wholeMode() {
        var handler = JSONLinesProtocol()
        #expect(handler.answer(#"{"pattern":"a|b","input":"ab","mode":"whole"}"#) == #"{"match":false}"#)
        #expect(handler.answer(#"{"pattern":"a|b","input":"ab","mode":"search"}"#) == #"{"match":true}"#)
        #expect(handler.answer(#"{"pattern":"a|b","input":"b","mode":"whole"}"#) == #"{"match":true}"#)
        #expect(handler.answer(#"{"pattern":"a","input":"a","mode":"full"}"#).hasPrefix(#"{"error":{"kind":"input""#))
    }

    @Test("Extra keys are ignored, so corpus lines can be piped in unchanged")
    func extraKeysIgnored() {
        var handler = JSONLinesProtocol()
        #expect(handler.answer(#"{"pattern":"\\d","flags":"u","input":"x1","expect":true,"category":"c","row":"C2"}"#) == #"{"match":true}"#)
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
        #expect(handler.answer(#"{"pattern":"a","input":"a"}"#) == #"{"match":true}"#)
    }

    @Test("Messages are escaped so an answer is always one JSON line")
    func quoting() {
        #expect(JSONText.quote("a\"b\\c\nd\u{2028}e\u{1}") == #""a\"b\\c\nd\u2028e\u0001""#)
        #expect(JSONText.quote("é😀") == "\"é😀\"")
    }
}

@Suite("The ecma-regex --jsonl protocol reads lines as JSON.parse does")
struct JSONLinesParseTests {
    @Test("A lone surrogate in the input gets JavaScript's verdict")
    func loneSurrogateInput() {
        var handler = JSONLinesProtocol()
        #expect(handler.answer(#"{"pattern":"^.$","input":"\ud800"}"#) == #"{"match":true}"#)
        #expect(handler.answer(#"{"pattern":"^[\\ud800-\\udbff]$","input":"\ud800"}"#) == #"{"match":true}"#)
        #expect(handler.answer(#"{"pattern":"^..$","input":"a\udc00"}"#) == #"{"match":true}"#)
        #expect(handler.answer(#"{"pattern":"\\ud83d","input":"\ud83d\ude00"}"#) == #"{"match":true}"#)
        #expect(handler.answer(#"{"pattern":"^a$","input":"\ud800"}"#) == #"{"match":false}"#)
        // u/v read code points, which PCRE2's UTF mode cannot do for a lone surrogate: a typed refusal.
        #expect(handler.answer(#"{"pattern":"^.$","flags":"u","input":"\ud800"}"#).hasPrefix(#"{"error":{"kind":"unsupported""#))
    }

    @Test("A repeated key keeps its last value")
    func repeatedKey() {
        var handler = JSONLinesProtocol()
        #expect(handler.answer(#"{"pattern":"^a$","input":"b","input":"a"}"#) == #"{"match":true}"#)
        #expect(handler.answer(#"{"pattern":"^b$","pattern":"^a$","input":"a","flags":"x","flags":""}"#) == #"{"match":true}"#)
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
