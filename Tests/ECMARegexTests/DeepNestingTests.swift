import Foundation
import Testing

@testable import ECMARegex

/// Every nesting case at the cap compiles and answers on a thread with an iOS secondary
/// thread's 512 KiB stack. In a debug build (what `swift test` runs) the recursive walks take about
/// 16 KiB per level, so without `DeepStack` 5,000 levels would need about 80 MiB and this suite would
/// crash with SIGSEGV (measured: 100 nested groups need 1.3 MiB). The expected answers are node 24's
/// (`new RegExp(p, f).test(s)` on the same patterns at 1,000 levels, and at 5,000 for groups and lookaheads in
/// `Specs/regex/corpus/limits.jsonl`; classes are capped at 1,000).
@Suite("Nesting at the cap on a 512 KiB thread")
struct DeepNestingTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var pattern: String
        var flags: String
        var input: String
        var expected: Bool
        var description: String { name }
    }

    static func repeated(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }

    /// The nesting shapes: groups, lookarounds, quantified groups, `v` classes and set operations,
    /// alternations, modifier groups and named groups with a back-reference, each `levels` deep (classes
    /// `classLevels` deep).
    static func cases(levels n: Int, classLevels c: Int) -> [Case] {
        let named = (0..<n).map { "(?<g\($0)>" }.joined()
        return [
            Case(name: "groups", pattern: "^" + repeated("(", n) + "a" + repeated(")", n) + "$", flags: "", input: "a", expected: true),
            Case(name: "non-capturing groups", pattern: "^" + repeated("(?:", n) + "a" + repeated(")", n) + "$", flags: "", input: "b", expected: false),
            Case(name: "lookaheads", pattern: repeated("(?=", n) + "a" + repeated(")", n), flags: "", input: "xa", expected: true),
            Case(name: "negative lookaheads", pattern: "^" + repeated("(?!", n) + "a" + repeated(")", n), flags: "", input: "a", expected: n % 2 == 0),
            Case(name: "lookbehinds", pattern: "a" + repeated("(?<=", n) + "a" + repeated(")", n) + "$", flags: "", input: "ba", expected: true),
            Case(name: "quantified groups", pattern: "^" + repeated("(?:a", n) + repeated(")*", n) + "$", flags: "", input: "aaaa", expected: true),
            Case(name: "quantified groups, no match", pattern: "^" + repeated("(?:a", n) + repeated(")*", n) + "$", flags: "", input: "aab", expected: false),
            Case(name: "nested v classes", pattern: "^" + repeated("[", c) + "a" + repeated("]", c) + "$", flags: "v", input: "a", expected: true),
            Case(name: "nested v set operations", pattern: "^" + repeated("[", c - 1) + "[a-z]--b" + repeated("]", c - 1) + "$", flags: "iv", input: "B", expected: false),
            Case(name: "alternations", pattern: "^" + repeated("(?:b|", n) + "a" + repeated(")", n) + "$", flags: "", input: "a", expected: true),
            Case(name: "modifier groups", pattern: "^" + repeated("(?i:", n) + "a" + repeated(")", n) + "$", flags: "", input: "A", expected: true),
            Case(name: "named groups and a back-reference", pattern: "^" + named + "a" + repeated(")", n) + "\\k<g0>$", flags: "", input: "aa", expected: true),
            Case(name: "groups under u", pattern: "^" + repeated("(", n) + "\\u{1F600}" + repeated(")", n) + "$", flags: "u", input: "😀", expected: true),
        ]
    }

    /// What one case gave on the small thread.
    final class Outcome: @unchecked Sendable {
        var answers: [String] = []
    }

    /// Runs `body` on a thread with a 512 KiB stack and waits for it.
    static func onSmallThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
    }

    @Test("Each case at the cap compiles and answers as node 24 on both backends, and one level more is a limit",
          arguments: cases(levels: RegexParser.maximumNesting, classLevels: RegexParser.maximumClassNesting))
    func atTheCap(_ nestingCase: Case) {
        let outcome = Outcome()
        let deeper = Self.cases(levels: RegexParser.maximumNesting + 1, classLevels: RegexParser.maximumClassNesting + 1)
            .first { $0.name == nestingCase.name }!
        Self.onSmallThread {
            for backend in [ECMARegex.Backend?.none, .portable] {
                do throws(ECMARegexError) {
                    let regex: ECMARegex
                    if let backend {
                        regex = try ECMARegex(nestingCase.pattern, flags: nestingCase.flags, forcing: backend)
                    } else {
                        regex = try ECMARegex(nestingCase.pattern, flags: nestingCase.flags)
                    }
                    let answer = try regex.test(nestingCase.input)
                    outcome.answers.append("\(answer)")
                    // The regex (and its tree, 5,000 levels deep) is released here, on this thread.
                } catch {
                    outcome.answers.append("\(error.kind)")
                }
            }
            do throws(ECMARegexError) {
                _ = try ECMARegex(deeper.pattern, flags: deeper.flags)
                outcome.answers.append("accepted")
            } catch {
                outcome.answers.append("\(error.kind)")
            }
            // A parsed pattern on its own, copied and dropped.
            let parsed = try? ParsedPattern(nestingCase.pattern, flags: nestingCase.flags)
            outcome.answers.append(parsed == nil ? "unparsed" : "parsed")
        }
        let expected = "\(nestingCase.expected)"
        #expect(outcome.answers == [expected, expected, "limit", "parsed"])
    }

    @Test("Shallow patterns compile on the caller's thread; deep ones on the helper, with a stack sized for their nesting")
    func helperThreadSizing() {
        #expect(DeepStack.callerThreadNesting * DeepStack.measuredBytesPerLevel <= 256 * 1024)
        for nesting in [13, 201, 1_000, RegexParser.maximumNesting] {
            #expect(DeepStack.stackSize(nesting: nesting) >= 2 * nesting * DeepStack.measuredBytesPerLevel)
        }
        // Past the cap the parser stops one level deeper: the stack is the cap's.
        #expect(DeepStack.stackSize(nesting: 1_000_000) == DeepStack.stackSize(nesting: RegexParser.maximumNesting))
        #expect(RegexParser.maximumNesting > 201)
    }
}
