import CPCRE2
import FuzzSupport
@testable import ECMARegex

/// The differential oracle: one pattern and subject asked of every backend and every tier of each,
/// where every exact answer must be the same. `limit` and `unsupported` are not answers.
enum Verdicts {
    typealias Make = @Sendable (String, String, ECMARegex.MatchMode) throws(ECMARegexError) -> ECMARegex

    /// The portable matcher's budget, lowered below the default so that a unit that exhausts it answers `limit` well within
    /// the 1 s timeout under ASan and coverage instrumentation (20M steps take several seconds there).
    static let portableStepBudget = 200_000

    /// Every way to build a regex. Adding a backend is one line here.
    static let backends: [(name: String, make: Make)] = [
        ("pcre2", { (pattern, flags, mode) throws(ECMARegexError) in
            try ECMARegex(pattern, flags: flags, mode: mode, forcing: .pcre2, portableStepBudget: portableStepBudget)
        }),
        ("portable", { (pattern, flags, mode) throws(ECMARegexError) in
            try ECMARegex(pattern, flags: flags, mode: mode, forcing: .portable, portableStepBudget: portableStepBudget)
        }),
        ("selected", { (pattern, flags, mode) throws(ECMARegexError) in
            try ECMARegex(pattern, flags: flags, mode: mode, forcing: nil, portableStepBudget: portableStepBudget)
        }),
    ]

    /// One answer: a verdict, or why there is none.
    enum Outcome: Equatable {
        case match(Bool)
        case refused(ECMARegexError.Kind)

        var verdict: Bool? {
            if case .match(let verdict) = self { return verdict }
            return nil
        }
    }

    static func check(pattern: String, flags: String, mode: ECMARegex.MatchMode, subject: String) {
        var answers: [(String, Outcome)] = []
        var compileKinds: [(String, ECMARegexError.Kind?)] = []
        for backend in backends {
            let regex: ECMARegex
            do throws(ECMARegexError) {
                regex = try backend.make(pattern, flags, mode)
            } catch {
                compileKinds.append((backend.name, error.kind))
                continue
            }
            compileKinds.append((backend.name, nil))
            // PCRE2 tiers: the first two runs interpret, the third runs JIT code.
            answers.append(("\(backend.name) first run", outcome { () throws(ECMARegexError) in try regex.test(subject) }))
            answers.append(("\(backend.name) second run", outcome { () throws(ECMARegexError) in try regex.test(subject) }))
            answers.append(("\(backend.name) JIT", outcome { () throws(ECMARegexError) in try regex.test(subject) }))
            // Backtracking limited to one step: PCRE2 answers through its DFA fallback (or `limit`).
            answers.append(("\(backend.name) DFA", outcome { () throws(ECMARegexError) in
                try withMatchLimit(1) { () throws(ECMARegexError) in try regex.test(subject) }
            }))
            if backend.name == "pcre2" {
                answers += codeUnitTiers(regex, subject: subject)
            }
        }
        // A SyntaxError is a property of the pattern: every backend must agree on it.
        let syntax = compileKinds.filter { $0.1 == .syntax }
        if !syntax.isEmpty, syntax.count != compileKinds.count {
            fuzzFailure("backends disagree on a SyntaxError for /\(pattern)/\(flags): \(compileKinds)")
        }
        let verdicts = answers.compactMap { name, outcome in outcome.verdict.map { (name, $0) } }
        if let first = verdicts.first, verdicts.contains(where: { $0.1 != first.1 }) {
            fuzzFailure("verdicts differ for /\(pattern)/\(flags) \(mode) on \(subject.debugDescription): \(verdicts)")
        }
        // A whole-value match is also a match somewhere.
        if mode == .whole, verdicts.first?.1 == true, let search = try? ECMARegex(pattern, flags: flags, mode: .search, forcing: nil, portableStepBudget: portableStepBudget),
           let found = try? search.test(subject), !found {
            fuzzFailure("/\(pattern)/\(flags) matches \(subject.debugDescription) whole but not in a search")
        }
    }

    /// For patterns without `u`/`v`/`i`, subjects without astral characters run on an 8-bit program;
    /// the 16-bit program must answer the same (interpreter and JIT).
    static func codeUnitTiers(_ regex: ECMARegex, subject: String) -> [(String, Outcome)] {
        let flags = regex.parsed.flags
        guard !flags.isUnicodeAware, !flags.ignoreCase, !subject.unicodeScalars.contains(where: { $0.value > 0xFFFF }) else {
            return []
        }
        let program: PCRE2Program
        do throws(ECMARegexError) {
            let source = try PCRE2Emitter.emit(regex.parsed, whole: regex.mode == .whole, target: .utf16CodeUnits)
            program = try PCRE2Program(translated: source, target: .utf16CodeUnits, caseless: false,
                                       dfaFallback: !regex.parsed.analysis.hasBackreferences)
        } catch {
            return [("pcre2 16-bit compile", .refused(error.kind))]
        }
        let units = Array(subject.utf16)
        func run() -> Outcome {
            outcome { () throws(ECMARegexError) in
                try units.withUnsafeBufferPointer { (buffer) throws(ECMARegexError) in try program.matches(utf16: buffer) }
            }
        }
        return [("pcre2 16-bit first run", run()), ("pcre2 16-bit second run", run()), ("pcre2 16-bit JIT", run())]
    }

    static func outcome(_ body: () throws(ECMARegexError) -> Bool) -> Outcome {
        do throws(ECMARegexError) {
            return .match(try body())
        } catch {
            return .refused(error.kind)
        }
    }

    /// Runs `body` with this thread's PCRE2 match limit lowered to `limit`, then restores it.
    static func withMatchLimit<T>(_ limit: UInt32, _ body: () throws(ECMARegexError) -> T) throws(ECMARegexError) -> T {
        let scratch = MatchScratch.current
        pcre2_set_match_limit_8(scratch.context8, limit)
        pcre2_set_match_limit_16(scratch.context16, limit)
        defer {
            pcre2_set_match_limit_8(scratch.context8, MatchScratch.matchLimit)
            pcre2_set_match_limit_16(scratch.context16, MatchScratch.matchLimit)
        }
        return try body()
    }
}
