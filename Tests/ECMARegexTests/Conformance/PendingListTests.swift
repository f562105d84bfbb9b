import Foundation
import Testing
import ECMARegex
import ECMARegexConformance

/// The pending lists (`Specs/regex/pending-*.txt`): listed cases are expected failures, and a
/// listed case that passes fails the suite, so the lists only shrink.
@Suite("Pending lists")
struct PendingListTests {
    @Test("Lines parse into builds, families and keys; comments and blank lines are skipped")
    func parses() throws {
        let list = try PendingList(text: "# header\n\nboth\tD1\tes2025/D1 - search \"a\" \"b\"\ntrait-off\tnesting\tlimits/nesting-0\n", file: "p.txt")
        #expect(list.entries.count == 2)
        #expect(list.expectedFailures(in: .pcre2) == ["es2025/D1 - search \"a\" \"b\"": "D1"])
        #expect(list.expectedFailures(in: .portable).count == 2)
        #expect(throws: ConformanceError.self) { try PendingList(text: "sometimes\tD1\tkey\n", file: "p.txt") }
        #expect(throws: ConformanceError.self) { try PendingList(text: "both\tD1\n", file: "p.txt") }
    }

    @Test("The list text merges the two builds' failures, a case failing in both once")
    func text() throws {
        let text = PendingList.text(header: "# h\n", failures: [.pcre2: ["k1": "f", "k2": "f"], .portable: ["k2": "f", "k3": "g"]])
        #expect(text == "# h\ndefault\tf\tk1\nboth\tf\tk2\ntrait-off\tg\tk3\n")
        #expect(try PendingList(text: text, file: "t").entries.count == 3)
    }

    @Test("A listed case that fails is counted as pending, and one that passes is reported, so the check can fail")
    func tallySemantics() {
        let wrong = CorpusCase(pattern: "(?i:a)", flags: "", input: "A", expect: .match(true), category: "es2025", row: "M1")
        let right = CorpusCase(pattern: "a", flags: "", input: "a", expect: .match(true), category: "es2025", row: "M1")
        var tally = CorpusTally(name: "t", expectedFailures: [wrong.pendingKey: "M1", right.pendingKey: "M1"])
        tally.record(wrong, answer: .match(false))
        tally.record(right, answer: .match(true))
        #expect(tally.disagreed == 0)
        #expect(tally.pendingFailures == ["M1": 1])
        #expect(tally.pendingNowPassing == [right.pendingKey])
        #expect(tally.failureKeys == [wrong.pendingKey: "M1"])
    }

    @Test("A pattern listed with * covers each of its cases; the lines list a pattern only where all its cases fail")
    func patternEntries() {
        let a = CorpusCase(pattern: "(?i:a)", flags: "", input: "A", expect: .match(true), category: "es2025", row: "M1")
        let b = CorpusCase(pattern: "(?i:a)", flags: "", input: "b", expect: .match(false), category: "es2025", row: "M1")
        var tally = CorpusTally(name: "t", expectedFailures: [a.pendingPatternKey + " *": "M1"])
        tally.record(a, answer: .error(ECMARegexError(kind: .syntax, message: "x", offset: nil)))
        tally.record(b, answer: .match(false))
        #expect(tally.pendingFailures == ["M1": 1])
        #expect(tally.pendingNowPassing.count == 1)
        #expect(tally.pendingLines == [a.pendingKey: "M1"])
        var all = CorpusTally(name: "t")
        all.record(a, answer: .match(false))
        all.record(b, answer: .match(true))
        #expect(all.pendingLines == [a.pendingPatternKey + " *": "M1"])
    }

    @Test("A limit where node answered within 100 ms is a failure in limits and es2025; on a slow case it is not")
    func refusalsInStrictFiles() {
        let limit = EngineAnswer.error(ECMARegexError(kind: .limit, message: "budget", offset: nil))
        let fast = CorpusCase(pattern: "^(a|bc)*$", flags: "", input: "a", expect: .match(true), category: "limits", row: "linear-alternation-0",
                              family: "linear-alternation", nodeMs: 0.4)
        let slow = CorpusCase(pattern: "^(a+)+$", flags: "", input: "a!", expect: .match(false), category: "limits", row: "nested-quantifier-0",
                              family: "nested-quantifier", nodeMs: 420, slow: true)
        let old = CorpusCase(pattern: "^(a+)+$", flags: "", input: "a!", expect: .match(false), category: "catalogue", row: "R1")
        var tally = CorpusTally(name: "t")
        tally.record(fast, answer: limit)
        tally.record(slow, answer: limit)
        tally.record(old, answer: limit)
        #expect(tally.disagreed == 1)
        #expect(tally.limited == 2)
        #expect(tally.failureKeys == ["limits/linear-alternation-0": "linear-alternation"])
    }

    @Test("A compact subject (input, unit × count, suffix) decodes to the whole subject, and an oversized one is refused")
    func compactSubject() throws {
        let line = #"{"pattern":"^a*$","flags":"","input":"x","unit":"ab","count":3,"suffix":"!","expect":false,"category":"limits","row":"r-0","family":"r","nodeMs":1.5}"#
        let decoded = try JSONDecoder().decode(CorpusCase.self, from: Data(line.utf8))
        #expect(decoded.input == "xababab!")
        #expect(decoded.nodeMs == 1.5)
        #expect(!decoded.slow)
        let huge = #"{"pattern":"a","flags":"","input":"","unit":"ab","count":40000,"expect":false,"category":"limits","row":"r-0"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CorpusCase.self, from: Data(huge.utf8)) }
    }

    @Test("Every pending corpus key names a case of the corpus")
    func pendingCorpusCasesExist() throws {
        let files = try ConformanceData.loadedCorpus.get()
        let cases = files.flatMap(\.cases)
        let keys = Set(cases.map(\.pendingKey)).union(cases.map { $0.pendingPatternKey + " *" })
        let listed = try ConformanceData.pending.get().entries.map(\.key).filter { !$0.hasPrefix("worst-case/") }
        let missing = listed.filter { !keys.contains($0) }
        #expect(missing.isEmpty, "\(missing.count) pending keys name no corpus case: \(missing.prefix(5))")
    }
}
