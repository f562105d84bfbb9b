import ECMARegex

/// Compares the PCRE2 backend and the portable matcher on generated patterns and subjects.
///
/// A case counts as compared when both backends compile the pattern and both answer the subject;
/// a pattern PCRE2 refuses (it then runs on the portable matcher in production) or a `limit` answer
/// is counted separately. Any difference in a compared case is a disagreement.
package struct DifferentialRun {
    /// One case where the backends answered differently.
    package struct Disagreement: Sendable, CustomStringConvertible {
        package var pattern: String
        package var flags: String
        package var subject: String
        package var pcre2: Bool
        package var portable: Bool

        package var description: String {
            let visible = subject.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : "\\u{\(String($0.value, radix: 16))}" }.joined()
            return "/\(pattern)/\(flags) on \"\(visible)\": pcre2 \(pcre2), portable \(portable)"
        }
    }

    /// Cases generated (pattern × subject pairs).
    package private(set) var cases = 0
    /// Cases both backends answered.
    package private(set) var compared = 0
    /// Cases whose pattern is a syntax error.
    package private(set) var syntaxErrors = 0
    /// Cases whose pattern PCRE2 refuses or cannot compile.
    package private(set) var pcre2Refused = 0
    /// PCRE2's refusals by reason (digits elided), counted per pattern.
    package private(set) var refusalReasons: [String: Int] = [:]
    /// Cases where either backend answered `limit`.
    package private(set) var limits = 0
    /// The disagreements, in generation order.
    package private(set) var disagreements: [Disagreement] = []
    /// Every case with both backends' answers, when the run keeps them (for a comparison with node).
    package private(set) var records: [Record] = []

    /// One backend's answer to a case.
    package enum Answer: Sendable, Equatable, CustomStringConvertible {
        /// `test`'s verdict.
        case match(Bool)
        /// A `syntax` error.
        case syntax
        /// `unsupported` (PCRE2 cannot match the pattern exactly) or a `limit`: no verdict.
        case noAnswer

        package var description: String {
            switch self {
            case .match(let value): "\(value)"
            case .syntax: "syntax"
            case .noAnswer: "no answer"
            }
        }
    }

    /// A generated case and both backends' answers (`pcre2` is nil in a build without PCRE2).
    package struct Record: Sendable {
        package var pattern: String
        package var flags: String
        package var subject: String
        package var pcre2: Answer?
        package var portable: Answer
    }

    package init() {}

    /// Whether this build carries the PCRE2 backend.
    package static let hasPCRE2 = (try? ECMARegex("a", forcing: .pcre2)) != nil

    /// Generates `count` cases from `seed`, `subjectsPerPattern` subjects per pattern; with `es2025` the
    /// generator also writes ES2025 syntax (``DifferentialGenerator``), and with `keepRecords` every case
    /// is kept in ``records``.
    package mutating func run(seed: UInt64, count: Int, subjectsPerPattern: Int = 8, es2025: Bool = false, keepRecords: Bool = false) {
        var generator = DifferentialGenerator(seed: seed, es2025: es2025)
        while cases < count {
            let (pattern, flags) = generator.pattern()
            let subjects = (0..<subjectsPerPattern).map { _ in generator.subject() }
            let portable: ECMARegex
            do {
                portable = try ECMARegex(pattern, flags: flags, forcing: .portable)
            } catch {
                cases += subjects.count
                if error.kind == .syntax { syntaxErrors += subjects.count } else { pcre2Refused += subjects.count }
                if keepRecords {
                    let answer: Answer = error.kind == .syntax ? .syntax : .noAnswer
                    for subject in subjects {
                        records.append(Record(pattern: pattern, flags: flags, subject: subject, pcre2: answer, portable: answer))
                    }
                }
                continue
            }
            let pcre2: ECMARegex
            do {
                pcre2 = try ECMARegex(pattern, flags: flags, forcing: .pcre2)
            } catch {
                cases += subjects.count
                pcre2Refused += subjects.count
                refusalReasons[String(error.message.map { $0.isNumber ? "N" : $0 }), default: 0] += 1
                if keepRecords {
                    let pcre2Answer: Answer? = Self.hasPCRE2 ? (error.kind == .syntax ? .syntax : .noAnswer) : nil
                    for subject in subjects {
                        let right = try? portable.test(subject)
                        records.append(Record(pattern: pattern, flags: flags, subject: subject, pcre2: pcre2Answer,
                                              portable: right.map(Answer.match) ?? .noAnswer))
                    }
                }
                continue
            }
            for subject in subjects {
                cases += 1
                let left = try? pcre2.test(subject), right = try? portable.test(subject)
                if keepRecords {
                    records.append(Record(pattern: pattern, flags: flags, subject: subject, pcre2: left.map(Answer.match) ?? .noAnswer,
                                          portable: right.map(Answer.match) ?? .noAnswer))
                }
                guard let left, let right else {
                    limits += 1
                    continue
                }
                compared += 1
                if left != right {
                    disagreements.append(Disagreement(pattern: pattern, flags: flags, subject: subject, pcre2: left, portable: right))
                }
            }
        }
    }

    /// Adds another run's counts and disagreements to this one.
    package mutating func absorb(_ other: DifferentialRun) {
        cases += other.cases
        compared += other.compared
        syntaxErrors += other.syntaxErrors
        pcre2Refused += other.pcre2Refused
        limits += other.limits
        disagreements += other.disagreements
        refusalReasons.merge(other.refusalReasons, uniquingKeysWith: +)
        records += other.records
    }

    /// One line with every count.
    package var summary: String {
        "\(cases) cases: \(compared) compared, \(disagreements.count) disagreements, \(syntaxErrors) syntax errors, "
            + "\(pcre2Refused) refused by PCRE2 (portable only), \(limits) limit"
    }
}
