import Foundation
import Testing
import ECMARegex
import ECMARegexConformance

/// `Specs/regex/known-deviations.md`: where V8 13.6 (node 24, the oracle) contradicts the ES2025
/// specification (and JavaScriptCore follows it), the corpus or `Specs/regex/browsers/cases.jsonl` holds the
/// specification's verdict and the engine gives it.
@Suite("Known deviations of V8 13.6 from ES2025")
struct KnownDeviationTests {
    struct Deviation {
        var id: String
        var pattern: String
        var flags: [String]
        var inputs: [String]
        /// The specification's verdict: a `test` result, or `.syntax` for a `SyntaxError`.
        var specification: CorpusCase.Expectation
        var section: String
        /// JavaScriptCore's verdict as the table writes it (`true`, `false`, `syntax`).
        var javaScriptCore: String
    }

    /// The table rows of the file: `| id | pattern | flags | inputs | V8 | ES2025 | section | JavaScriptCore |`.
    static func load() throws -> [Deviation] {
        let url = ConformanceData.regexSpecs.appendingPathComponent("known-deviations.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var rows: [Deviation] = []
        for line in text.split(separator: "\n") where line.hasPrefix("| KD") {
            // Split on cell bars that are not Markdown's `\|`.
            var cells: [String] = []
            var cell = ""
            var previous: Character = " "
            for character in line.dropFirst() {
                if character == "|" && previous != "\\" {
                    cells.append(cell.trimmingCharacters(in: .whitespaces))
                    cell = ""
                } else if character == "|" {
                    cell.removeLast()
                    cell.append(character)
                } else {
                    cell.append(character)
                }
                previous = character
            }
            guard cells.count >= 8 else { throw ConformanceError.malformedData("known-deviations.md: \(line)") }
            let unquote = { (text: String) in text.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
            let flags = cells[2].split(separator: ",").map { unquote($0.trimmingCharacters(in: .whitespaces)) }.map { $0 == "-" ? "" : $0 }
            let inputs = try JSONDecoder().decode([String].self, from: Data(unquote(cells[3]).utf8))
            let verdict: CorpusCase.Expectation
            switch unquote(cells[5]) {
            case "true": verdict = .match(true)
            case "false": verdict = .match(false)
            case "syntax": verdict = .syntax
            default: throw ConformanceError.malformedData("known-deviations.md: ES2025 verdict \(cells[5]) in \(line)")
            }
            rows.append(Deviation(id: cells[0], pattern: unquote(cells[1]), flags: flags, inputs: inputs,
                                  specification: verdict, section: cells[6], javaScriptCore: unquote(cells[7])))
        }
        return rows
    }

    @Test("The file lists at least the deviation found while generating the corpus, each with its spec section")
    func fileParses() throws {
        let rows = try Self.load()
        #expect(rows.contains { $0.id == "KD1" && $0.pattern == "^(?i:a|b)+$" && $0.flags.contains("") && $0.inputs.contains("B") })
        #expect(rows.allSatisfy { $0.section.hasPrefix("22.2.") })
    }

    @Test("Every row but V8's in-process drift is a case where JavaScriptCore gives the specification's verdict")
    func javaScriptCoreAgreesWithTheSpecification() throws {
        for row in try Self.load() where row.id != "KD1" {
            let written: String
            switch row.specification {
            case .match(let value): written = String(value)
            case .syntax: written = "syntax"
            }
            #expect(row.javaScriptCore == written, "\(row.id): JavaScriptCore \(row.javaScriptCore), ES2025 \(written)")
        }
    }

    @Test("The corpus or the browser rows hold the specification's verdict for every listed case, and the engine gives it")
    func engineFollowsTheSpecification() throws {
        let rows = try Self.load()
        let corpus = try ConformanceData.loadedCorpus.get().flatMap(\.cases) + BrowserCaseTests.load().map(\.corpusCase)
        let pending = try ConformanceData.pending.get().expectedFailures(in: ConformanceData.build)
        var checked = 0
        for row in rows {
            for flags in row.flags {
                for input in row.inputs {
                    let stored = corpus.first { $0.pattern == row.pattern && $0.flags == flags && $0.input == input && $0.mode == nil }
                    let corpusCase = try #require(stored, "\(row.id): /\(row.pattern)/\(flags) on \(input) is in neither the corpus nor browsers/cases.jsonl")
                    #expect(corpusCase.expect == row.specification, "\(row.id): the data must hold the specification's verdict")
                    let answer = Self.answer(row.pattern, flags: flags, input: input)
                    let listed = pending[corpusCase.pendingKey] != nil || pending[corpusCase.pendingPatternKey + " *"] != nil
                    if listed {
                        // Still pending (the parser lacks the syntax): it must fail until it is taken off the list.
                        #expect(answer != row.specification, "\(row.id) passes now; remove it from its pending list")
                    } else {
                        #expect(answer == row.specification, "\(row.id): /\(row.pattern)/\(flags) on \(input): \(String(describing: answer))")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked >= 20)
    }

    /// The engine's verdict as the corpus writes one: a `test` result, `.syntax`, or nil for another error.
    static func answer(_ pattern: String, flags: String, input: String) -> CorpusCase.Expectation? {
        do throws(ECMARegexError) {
            return .match(try ECMARegex(pattern, flags: flags).test(input))
        } catch {
            return error.kind == .syntax ? .syntax : nil
        }
    }
}
