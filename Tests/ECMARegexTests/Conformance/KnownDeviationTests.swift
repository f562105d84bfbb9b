import Foundation
import Testing
import ECMARegex
import ECMARegexConformance

/// `Specs/regex/known-deviations.md`: where V8 13.6 (node 24, the oracle) contradicts the ES2025
/// specification, the corpus holds the specification's verdict and the engine gives it.
@Suite("Known deviations of V8 13.6 from ES2025")
struct KnownDeviationTests {
    struct Deviation {
        var id: String
        var pattern: String
        var flags: [String]
        var inputs: [String]
        var specification: Bool
        var section: String
    }

    /// The table rows of the file: `| id | pattern | flags | inputs | V8 | ES2025 | section |`.
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
            guard cells.count >= 7 else { throw ConformanceError.malformedData("known-deviations.md: \(line)") }
            let unquote = { (text: String) in text.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
            let flags = cells[2].split(separator: ",").map { unquote($0.trimmingCharacters(in: .whitespaces)) }.map { $0 == "-" ? "" : $0 }
            let inputs = try JSONDecoder().decode([String].self, from: Data(unquote(cells[3]).utf8))
            rows.append(Deviation(id: cells[0], pattern: unquote(cells[1]), flags: flags, inputs: inputs,
                                  specification: unquote(cells[5]) == "true", section: cells[6]))
        }
        return rows
    }

    @Test("The file lists at least the deviation found while generating the corpus, each with its spec section")
    func fileParses() throws {
        let rows = try Self.load()
        #expect(rows.contains { $0.id == "KD1" && $0.pattern == "^(?i:a|b)+$" && $0.flags.contains("") && $0.inputs.contains("B") })
        #expect(rows.allSatisfy { $0.section.hasPrefix("22.2.") })
    }

    @Test("The corpus holds the specification's verdict for every listed case, and the engine gives it")
    func engineFollowsTheSpecification() throws {
        let rows = try Self.load()
        let corpus = try ConformanceData.loadedCorpus.get().flatMap(\.cases)
        let pending = try ConformanceData.pending.get().expectedFailures(in: ConformanceData.build)
        var checked = 0
        for row in rows {
            for flags in row.flags {
                for input in row.inputs {
                    let stored = corpus.first { $0.pattern == row.pattern && $0.flags == flags && $0.input == input && $0.mode == nil }
                    let corpusCase = try #require(stored, "\(row.id): /\(row.pattern)/\(flags) on \(input) is not in the corpus")
                    #expect(corpusCase.expect == .match(row.specification), "\(row.id): the corpus must hold the specification's verdict")
                    let answer = Result { () throws(ECMARegexError) in try ECMARegex(row.pattern, flags: flags).test(input) }
                    let listed = pending[corpusCase.pendingKey] != nil || pending[corpusCase.pendingPatternKey + " *"] != nil
                    if listed {
                        // Still pending (the parser lacks the syntax): it must fail until it is taken off the list.
                        #expect((try? answer.get()) != row.specification, "\(row.id) passes now; remove it from its pending list")
                    } else {
                        #expect((try? answer.get()) == row.specification, "\(row.id): /\(row.pattern)/\(flags) on \(input): \(answer)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked >= 20)
    }
}
