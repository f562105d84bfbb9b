import Testing
import ECMARegex
import ECMARegexConformance

@Suite("Judging an engine answer against node's verdict")
struct CaseVerdictTests {
    static let unsupported = ECMARegexError(kind: .unsupported, message: "variable-length lookbehind", offset: 0)
    static let syntax = ECMARegexError(kind: .syntax, message: "unterminated group", offset: 1)
    static let limit = ECMARegexError(kind: .limit, message: "match limit", offset: nil)

    @Test("The same match verdict agrees")
    func sameVerdictAgrees() {
        #expect(CaseVerdict.judge(expect: .match(true), answer: .match(true)) == .agree)
        #expect(CaseVerdict.judge(expect: .match(false), answer: .match(false)) == .agree)
    }

    @Test("The opposite match verdict disagrees")
    func oppositeVerdictDisagrees() {
        #expect(CaseVerdict.judge(expect: .match(true), answer: .match(false)) == .disagree("node matches, engine does not"))
        #expect(CaseVerdict.judge(expect: .match(false), answer: .match(true)) == .disagree("engine matches, node does not"))
    }

    @Test("A syntax error where node compiled the pattern disagrees")
    func spuriousSyntaxErrorDisagrees() {
        guard case .disagree = CaseVerdict.judge(expect: .match(false), answer: .error(Self.syntax)) else {
            Issue.record("expected a disagreement")
            return
        }
    }

    @Test("Node's SyntaxError needs the engine's syntax error; unsupported, limit or a match disagree")
    func syntaxNeedsSyntax() {
        #expect(CaseVerdict.judge(expect: .syntax, answer: .error(Self.syntax)) == .agree)
        for answer in [EngineAnswer.error(Self.unsupported), .error(Self.limit), .match(true), .match(false)] {
            guard case .disagree = CaseVerdict.judge(expect: .syntax, answer: answer) else {
                Issue.record("\(answer) should disagree with a SyntaxError")
                continue
            }
        }
    }

    @Test("Unsupported and limit on a valid pattern are counted, not disagreements")
    func refusalsAreCounted() {
        #expect(CaseVerdict.judge(expect: .match(true), answer: .error(Self.unsupported)) == .unsupported("variable-length lookbehind"))
        #expect(CaseVerdict.judge(expect: .match(false), answer: .error(Self.limit)) == .limit("match limit"))
    }

    @Test("A tally counts known-skew cases apart and groups refusal reasons")
    func tallyCounts() {
        var tally = CorpusTally(name: "t")
        let plain = CorpusCase(pattern: "a", flags: "", input: "a", expect: .match(true), category: "t", row: "r")
        var skew = plain
        skew.known = "unicode-skew"
        tally.record(plain, answer: .match(true))
        tally.record(plain, answer: .match(false))
        tally.record(plain, answer: .error(ECMARegexError(kind: .unsupported, message: "lookbehind of length 3 at 12", offset: 12)))
        tally.record(plain, answer: .error(ECMARegexError(kind: .unsupported, message: "lookbehind of length 45 at 7", offset: 7)))
        tally.record(skew, answer: .match(false))
        #expect(tally.total == 4)
        #expect(tally.agreed == 1)
        #expect(tally.disagreed == 1)
        #expect(tally.unsupported == 2)
        #expect(tally.unsupportedShare == 0.5)
        #expect(tally.knownTotal == 1)
        #expect(tally.knownAgreed == 0)
        #expect(tally.refusalReasons == ["unsupported: lookbehind of length N at N": 2])
    }
}
