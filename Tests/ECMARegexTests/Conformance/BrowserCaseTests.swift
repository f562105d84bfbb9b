import Foundation
import Testing
import ECMARegex
import ECMARegexConformance

/// `Specs/regex/browsers/cases.jsonl`: rows whose verdicts V8 13.6 (node 24) and JavaScriptCore 2.50 gave,
/// checked on every backend this build has.
@Suite("Rows the browser engines decide")
struct BrowserCaseTests {
    /// One line: the case (its `expect` the engine's verdict), and what each browser engine answered.
    struct Row: Sendable {
        var corpusCase: CorpusCase
        var v8: CorpusCase.Expectation
        var javaScriptCore: CorpusCase.Expectation
    }

    private struct Verdicts: Decodable {
        var v8: CorpusCase.Expectation
        var jsc: CorpusCase.Expectation
    }

    static let url = ConformanceData.regexSpecs.appendingPathComponent("browsers/cases.jsonl")

    /// Every row of the file; throws when it is missing, empty or a line lacks a verdict.
    static func load() throws -> [Row] {
        let file = try CorpusFile.load(url)
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        guard lines.count == file.cases.count else {
            throw ConformanceError.malformedData("browsers/cases.jsonl: \(lines.count) lines, \(file.cases.count) cases")
        }
        return try zip(file.cases, lines).map { corpusCase, line in
            let verdicts = try JSONDecoder().decode(Verdicts.self, from: Data(line.utf8))
            return Row(corpusCase: corpusCase, v8: verdicts.v8, javaScriptCore: verdicts.jsc)
        }
    }

    @Test("Each row expects the browsers' common verdict, or where they disagree JavaScriptCore's, listed in known-deviations.md")
    func verdictsAreTheBrowsers() throws {
        let rows = try Self.load()
        #expect(rows.count >= 10)
        let deviations = try KnownDeviationTests.load()
        for row in rows {
            let described = "\(row.corpusCase.row): /\(row.corpusCase.pattern.prefix(80))/\(row.corpusCase.flags)"
            if row.v8 == row.javaScriptCore {
                #expect(row.corpusCase.expect == row.v8, "\(described): the browsers agree on \(row.v8)")
            } else {
                #expect(row.corpusCase.expect == row.javaScriptCore, "\(described): JavaScriptCore's verdict expected")
                let listed = deviations.first { $0.id == row.corpusCase.row }
                #expect(listed?.pattern == row.corpusCase.pattern && listed?.specification == row.javaScriptCore,
                        "\(described): not listed in known-deviations.md with that verdict")
            }
        }
    }

    @Test("The engine gives every row's verdict on each backend, and never a limit")
    func engineGivesTheVerdicts() throws {
        let rows = try Self.load()
        var evaluators: [(String, RegexEvaluator)] = [("selected", RegexEvaluator()), ("portable", RegexEvaluator(forcing: .portable))]
        #if PCRE2_BACKEND
            evaluators.append(("pcre2", RegexEvaluator(forcing: .pcre2)))
        #endif
        for index in evaluators.indices {
            for row in rows {
                let corpusCase = row.corpusCase
                let answer = evaluators[index].1.answer(corpusCase)
                let described = "\(evaluators[index].0): \(corpusCase.row) /\(corpusCase.pattern.prefix(80))/\(corpusCase.flags)"
                switch (answer, corpusCase.expect) {
                case (.match(let got), .match(let expected)):
                    #expect(got == expected, "\(described)")
                case (.error(let error), .syntax):
                    #expect(error.kind == .syntax, "\(described): \(error)")
                case (.error(let error), .match) where evaluators[index].0 == "pcre2" && error.kind == .unsupported:
                    continue  // Not exact on PCRE2: the selected backend answers it on the portable matcher.
                default:
                    Issue.record("\(described): expected \(corpusCase.expect), got \(answer)")
                }
            }
        }
    }
}
