import Foundation
import ECMARegex

/// Runs all regex conformance data under a directory (by default the repository's `Specs/regex`):
/// the JSON-Schema-Test-Suite files in `json-schema-test-suite/` and the corpus in `corpus/`.
public enum ConformanceRun {
    /// One tally per file, JSON-Schema-Test-Suite files first, then corpus files. The corpus cases of
    /// the pending lists under `root` (``PendingList``) are expected to fail in this build.
    public static func run(root: URL) throws(ConformanceError) -> [CorpusTally] {
        var tallies: [CorpusTally] = []
        for file in try SchemaSuiteFile.loadAll(from: root.appendingPathComponent("json-schema-test-suite")) {
            tallies.append(tally(file))
        }
        let pending = try PendingList.load(from: root).expectedFailures(in: .current)
        for file in try CorpusFile.loadAll(from: root.appendingPathComponent("corpus")) {
            tallies.append(tally(file, expectedFailures: pending))
        }
        return tallies
    }

    /// Runs every case of a corpus file; the cases of `expectedFailures` (keys to families, from the
    /// pending lists) are expected to fail.
    public static func tally(_ file: CorpusFile, expectedFailures: [String: String] = [:]) -> CorpusTally {
        tally(file, evaluator: RegexEvaluator(), expectedFailures: expectedFailures)
    }

    /// Runs every case of a corpus file with the given evaluator (for example one forcing a backend).
    package static func tally(_ file: CorpusFile, evaluator: RegexEvaluator, expectedFailures: [String: String] = [:]) -> CorpusTally {
        var evaluator = evaluator
        var tally = CorpusTally(name: "corpus/" + file.name, expectedFailures: expectedFailures)
        for corpusCase in file.cases {
            tally.record(corpusCase, answer: evaluator.answer(corpusCase))
        }
        return tally
    }

    /// Runs every instance of a JSON-Schema-Test-Suite file, with `u`.
    ///
    /// For a `format: regex` file the expected verdict is "compiles" or "syntax error"; for the others
    /// it is the instance's validity. An engine error while validating is the engine's answer.
    public static func tally(_ file: SchemaSuiteFile) -> CorpusTally {
        var tally = CorpusTally(name: "json-schema-test-suite/" + file.name)
        var validator = SchemaValidator()
        for group in file.groups {
            let patterns = schemaPatterns(group.schema)
            for instance in group.tests {
                let input = describe(instance.data)
                if file.isFormatFile, case .string(let pattern) = instance.data {
                    let answer: EngineAnswer
                    do throws(ECMARegexError) {
                        _ = try ECMARegex(pattern, flags: "u")
                        answer = .match(true)
                    } catch {
                        answer = .error(error)
                    }
                    let testCase = CorpusCase(pattern: pattern, flags: "u", input: "", expect: instance.valid ? .match(true) : .syntax,
                                              category: file.name, row: group.description)
                    tally.record(testCase, answer: answer)
                    continue
                }
                let testCase = CorpusCase(pattern: patterns, flags: "u", input: input, expect: .match(instance.valid),
                                          category: file.name, row: group.description)
                do throws(SchemaValidator.Failure) {
                    tally.record(testCase, answer: .match(try validator.validate(instance.data, against: group.schema)))
                } catch {
                    switch error {
                    case .engine(_, let engineError):
                        tally.record(testCase, answer: .error(engineError))
                    case .unknownKeyword, .malformedSchema:
                        tally.recordHarnessFailure(testCase, explanation: error.description)
                    }
                }
            }
        }
        return tally
    }

    /// The regexes of a schema, for reports.
    static func schemaPatterns(_ schema: JSONValue) -> String {
        guard case .object(let keywords) = schema else { return "" }
        if case .string(let pattern)? = keywords["pattern"] { return pattern }
        if case .object(let rules)? = keywords["patternProperties"] { return rules.keys.sorted().joined(separator: " , ") }
        return ""
    }

    /// A short text for an instance, for reports.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): String(flag)
        case .number(let number): String(number)
        case .string(let text): text
        case .array(let items): "[" + items.map(describe).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.keys.sorted().map { "\($0): \(describe(members[$0] ?? .null))" }.joined(separator: ", ") + "}"
        }
    }
}
