import ECMARegex
import Foundation

/// The worst-case family of `Specs/regex/worst-case/worst-case.jsonl`: hostile patterns (unanchored and
/// nested lookaheads, large counted repeats, nested quantifiers, overlapping alternations,
/// back-references, lookbehinds, `v`-mode strings, patterns at the length cap) against inputs of at most
/// 8, 64, 1,024 and 65,536 UTF-16 code units (a unit repeated, then a suffix), each with node 20's verdict or `limit` where node needs more
/// than a second (`node Tools/regex-corpus/worst-case.js` writes the file; nothing here needs node).
///
/// Every case must get an answer on both backends: node's verdict, or `limit`; for a `limit` case any
/// answer is allowed, but two verdicts must agree. ``measure(_:)`` times every case on both backends for
/// the benchmarks (`regex-bench`, `keystroke-bench`): the engine's target is an answer within 10 ms in a
/// release build for every case, and a compile within 50 ms for patterns at the length cap.
public struct WorstCaseFamily: Sendable {
    /// One case: the input is `unit` repeated `count` times followed by `suffix`; the pattern is `pattern`
    /// repeated `patternRepeat` times (patterns at the length cap are written that way).
    public struct Case: Sendable, Equatable, Decodable {
        /// What node answered.
        public enum Expectation: Sendable, Equatable, Decodable {
            /// `test` returned this value within a second.
            case match(Bool)
            /// node needed more than a second (or never finished): `limit` or any verdict is accepted.
            case limit

            /// Decodes `true`, `false` or `"limit"`.
            public init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let value = try? container.decode(Bool.self) {
                    self = .match(value)
                    return
                }
                let text = try container.decode(String.self)
                guard text == "limit" else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "expect must be true, false or \"limit\", not \"\(text)\"")
                }
                self = .limit
            }
        }

        /// The family, such as `lookahead-nested`.
        public var family: String
        /// The ECMAScript pattern (one repetition of it).
        public var pattern: String
        /// How many times `pattern` is repeated; absent for once.
        public var patternRepeat: Int?
        /// JavaScript flags.
        public var flags: String
        /// The repeated unit of the input.
        public var unit: String
        /// How many times `unit` is repeated.
        public var count: Int
        /// What follows the repetitions.
        public var suffix: String
        /// `"whole"` for whole-value mode; absent for search.
        public var mode: String?
        /// node's verdict.
        public var expect: Expectation

        /// Creates a case by hand (tests of the judge use this).
        public init(
            family: String, pattern: String, patternRepeat: Int?, flags: String, unit: String, count: Int,
            suffix: String, mode: String?, expect: Expectation
        ) {
            self.family = family
            self.pattern = pattern
            self.patternRepeat = patternRepeat
            self.flags = flags
            self.unit = unit
            self.count = count
            self.suffix = suffix
            self.mode = mode
            self.expect = expect
        }

        /// The full pattern source.
        public var fullPattern: String { String(repeating: pattern, count: patternRepeat ?? 1) }
        /// The full input.
        public var input: String { String(repeating: unit, count: count) + suffix }
        /// The engine's match mode.
        public var matchMode: ECMARegex.MatchMode { mode == "whole" ? .whole : .search }
        /// A short label: `/pattern/flags` (with the repeat count), for tables.
        public var label: String {
            let shown = patternRepeat.map { "(\(pattern))×\($0)" } ?? pattern
            return "/\(shown)/\(flags)" + (mode == "whole" ? " whole" : "")
        }

        /// Whether `answer` is acceptable for this case: node's verdict where node answered within a
        /// second; `limit` or a verdict where it did not.
        public func accepts(_ answer: EngineAnswer) -> Bool {
            switch (expect, answer) {
            case (.match(let expected), .match(let actual)): expected == actual
            case (.match, .error): false
            case (.limit, .match): true
            case (.limit, .error(let error)): error.kind == .limit
            }
        }
    }

    /// The cases, in file order.
    public var cases: [Case]

    /// A family of the given cases.
    public init(cases: [Case]) {
        self.cases = cases
    }

    /// `Specs/regex/worst-case` of the source tree this module was built from.
    public static let defaultDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // ECMARegexConformance
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Specs/regex/worst-case")

    /// Loads the family from ``defaultDirectory`` and measures it: what the benchmarks call.
    ///
    /// - Throws: ``ConformanceError`` when the data cannot be read.
    public static func measure(rounds: Int = 3) throws(ConformanceError) -> Measurement {
        try load(from: defaultDirectory).measure(rounds: rounds)
    }

    /// Reads `worst-case.jsonl` from `directory` (`Specs/regex/worst-case`).
    public static func load(from directory: URL) throws(ConformanceError) -> WorstCaseFamily {
        let url = directory.appendingPathComponent("worst-case.jsonl")
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ConformanceError.missingData("cannot read \(url.path): \(error.localizedDescription)")
        }
        let decoder = JSONDecoder()
        var cases: [Case] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
            do {
                cases.append(try decoder.decode(Case.self, from: Data(line)))
            } catch {
                throw ConformanceError.malformedData("worst-case.jsonl:\(index + 1): \(error)")
            }
        }
        guard !cases.isEmpty else { throw ConformanceError.missingData("worst-case.jsonl holds no case") }
        return WorstCaseFamily(cases: cases)
    }

    /// Which engine configuration answered a row.
    public enum Configuration: String, Sendable {
        /// `ECMARegex` as the product uses it: PCRE2 where its bounded cost allows (for this subject
        /// length), the portable matcher elsewhere; in a build without the `PCRE2` trait, always portable.
        case selected
        /// The portable matcher, forced.
        case portable
    }

    /// One timed case on one configuration.
    public struct Row: Sendable {
        public var testCase: Case
        public var configuration: Configuration
        /// The backend that answered this subject (the selection may depend on the subject's length);
        /// nil when the pattern did not compile.
        public var backend: ECMARegex.Backend?
        /// The answer of the first `test`.
        public var answer: EngineAnswer
        /// Whether the answer is acceptable (see ``Case/accepts(_:)``).
        public var accepted: Bool
        /// Compile time (parse, translation, PCRE2 or portable compile), thread CPU milliseconds.
        public var compileMilliseconds: Double
        /// The slowest of the timed `test` calls (the first runs PCRE2's interpreter, the second compiles
        /// its JIT code), thread CPU milliseconds.
        public var testMilliseconds: Double
    }

    /// The result of ``measure(_:)``.
    public struct Measurement: Sendable {
        /// Every case on every configuration, in file order.
        public var rows: [Row]
        /// The slowest `test` answer over all rows, in milliseconds.
        public var slowestMilliseconds: Double
        /// The slowest compile of a pattern at the length cap (family `cap-length`), in milliseconds.
        public var slowestCapCompileMilliseconds: Double
        /// The slowest answer per configuration.
        public var slowestByConfiguration: [Configuration: Double]
    }

    /// Times every case on both configurations: a fresh compile, then `rounds` calls of `test` (the
    /// slowest counts). Run it from a release build; timings are thread CPU time.
    public func measure(rounds: Int = 3) -> Measurement {
        var rows: [Row] = []
        var slowest = 0.0
        var capCompile = 0.0
        var byConfiguration: [Configuration: Double] = [:]
        for testCase in cases {
            let pattern = testCase.fullPattern
            let input = testCase.input
            for configuration in [Configuration.selected, .portable] {
                let compileStart = Self.threadMilliseconds()
                let compiled: Result<ECMARegex, ECMARegexError>
                do throws(ECMARegexError) {
                    switch configuration {
                    case .selected:
                        compiled = .success(try ECMARegex(pattern, flags: testCase.flags, mode: testCase.matchMode))
                    case .portable:
                        compiled = .success(
                            try ECMARegex(pattern, flags: testCase.flags, mode: testCase.matchMode, forcing: .portable))
                    }
                } catch {
                    compiled = .failure(error)
                }
                let compileTime = Self.threadMilliseconds() - compileStart
                var answer = EngineAnswer.error(ECMARegexError(kind: .limit, message: "not run", offset: nil))
                var testTime = 0.0
                var backend: ECMARegex.Backend?
                switch compiled {
                case .failure(let error):
                    answer = .error(error)
                case .success(let regex):
                    backend = regex.backend(forSubjectOfLength: input.utf8.count)
                    for round in 0..<max(rounds, 1) {
                        let start = Self.threadMilliseconds()
                        let current: EngineAnswer
                        do throws(ECMARegexError) {
                            current = .match(try regex.test(input))
                        } catch {
                            current = .error(error)
                        }
                        testTime = max(testTime, Self.threadMilliseconds() - start)
                        if round == 0 { answer = current }
                    }
                }
                let row = Row(
                    testCase: testCase, configuration: configuration, backend: backend, answer: answer,
                    accepted: testCase.accepts(answer), compileMilliseconds: compileTime, testMilliseconds: testTime)
                rows.append(row)
                slowest = max(slowest, testTime)
                byConfiguration[configuration] = max(byConfiguration[configuration] ?? 0, testTime)
                if testCase.family == "cap-length" { capCompile = max(capCompile, compileTime) }
            }
        }
        return Measurement(
            rows: rows, slowestMilliseconds: slowest, slowestCapCompileMilliseconds: capCompile,
            slowestByConfiguration: byConfiguration)
    }

    /// This thread's CPU time in milliseconds.
    static func threadMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1_000 + Double(time.tv_nsec) / 1_000_000
    }
}

extension WorstCaseFamily.Case {
    /// The case's key in a pending list (`Specs/regex/pending-limits.txt`).
    public var pendingKey: String { "worst-case/\(label) \(count)" }
}

extension WorstCaseFamily {
    /// The cases whose answer the case does not accept (``Case/accepts(_:)``), as pending-list keys to
    /// families: on the selected backend, or on `backend` when given.
    package func failures(forcing backend: ECMARegex.Backend?) -> [String: String] {
        var out: [String: String] = [:]
        for testCase in cases {
            let answer: EngineAnswer
            do throws(ECMARegexError) {
                let regex =
                    if let backend {
                        try ECMARegex(testCase.fullPattern, flags: testCase.flags, mode: testCase.matchMode, forcing: backend)
                    } else {
                        try ECMARegex(testCase.fullPattern, flags: testCase.flags, mode: testCase.matchMode)
                    }
                answer = .match(try regex.test(testCase.input))
            } catch {
                answer = .error(error)
            }
            if !testCase.accepts(answer) { out[testCase.pendingKey] = testCase.family }
        }
        return out
    }
}
