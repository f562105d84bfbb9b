import ECMARegex
import ECMARegexConformance
import Foundation

/// The rows of `Specs/regex/browsers/cases.jsonl` that carry a worst-case `family` (long subjects or
/// patterns that node answers in milliseconds): each compiled fresh on the selected backend and on the
/// portable matcher forced, its verdict checked, and the slowest of three `test` calls timed (thread CPU).
enum BrowserRowsBench {
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // regex-bench
        .deletingLastPathComponent()  // Tools
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Specs/regex/browsers/cases.jsonl")

    /// Prints one line per row and configuration; returns the number of rows not answered as expected.
    static func run() throws -> Int {
        let rows = try CorpusFile.load(file).cases.filter { $0.family != nil }
        print("browser rows with a worst-case family: compiled fresh, slowest of 3 tests (thread CPU ms)")
        var wrong = 0
        for row in rows {
            for forced in [nil, ECMARegex.Backend.portable] {
                let compileStart = milliseconds()
                let regex: ECMARegex
                do throws(ECMARegexError) {
                    if let forced {
                        regex = try ECMARegex(row.pattern, flags: row.flags, forcing: forced)
                    } else {
                        regex = try ECMARegex(row.pattern, flags: row.flags)
                    }
                } catch {
                    print("  \(row.row): \(error)")
                    wrong += 1
                    continue
                }
                let compile = milliseconds() - compileStart
                var slowest = 0.0
                var answer = ""
                for round in 0..<3 {
                    let start = milliseconds()
                    let verdict: String
                    do throws(ECMARegexError) {
                        verdict = String(try regex.test(row.input))
                    } catch {
                        verdict = error.kind.rawValue
                    }
                    slowest = max(slowest, milliseconds() - start)
                    if round == 0 { answer = verdict }
                }
                let expected = row.expect == .match(true) ? "true" : row.expect == .match(false) ? "false" : "syntax"
                if answer != expected { wrong += 1 }
                let configuration = forced == nil ? "selected" : "portable"
                print("  \(row.row.padding(toLength: 34, withPad: " ", startingAt: 0)) \(row.flags.padding(toLength: 5, withPad: " ", startingAt: 0)) \(String(row.input.utf16.count).leftPad(6)) \(configuration.padding(toLength: 9, withPad: " ", startingAt: 0)) \(regex.backend(forSubjectOfLength: row.input.utf8.count).rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(answer.padding(toLength: 6, withPad: " ", startingAt: 0)) \(answer == expected ? "ok" : "WRONG") compile \(format(compile, 2).leftPad(7)) ms  test \(format(slowest, 3).leftPad(8)) ms")
            }
        }
        return wrong
    }

    private static func milliseconds() -> Double { Double(cpuNanoseconds()) / 1e6 }
}
