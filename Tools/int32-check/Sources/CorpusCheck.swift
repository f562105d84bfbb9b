/// Runs the regex corpus records through the public API (`ECMARegex(_:flags:mode:)` and `test`), as
/// `ConformanceRun` does, and judges each answer as `CaseVerdict` does; then, as `PortableAutomatonTests`
/// does, answers every case node answered `true` or `false` whose pattern has an automaton with the
/// automaton alone (the public API uses it only on long subjects and where backtracking gives up).
struct CorpusCheck {
    /// One category's counts.
    struct Counts {
        var cases = 0
        var wrong = 0
        var refused = 0
        var pending = 0
        /// Cases answered again by the automaton alone, and how many of those answers were wrong.
        var automaton = 0
        var automatonWrong = 0
    }

    private(set) var categories: [String] = []
    private(set) var counts: [String: Counts] = .init()
    /// The first wrong answers, described.
    private(set) var examples: [String] = []
    private var lastKey: (pattern: String, flags: String, mode: String)?
    private var lastCompiled: Result<ECMARegex, ECMARegexError>?
    private var lastProgram: PortableProgram?

    var wrong: Int { counts.values.reduce(0) { $0 + $1.wrong + $1.automatonWrong } }
    var cases: Int { counts.values.reduce(0) { $0 + $1.cases } }

    /// Checks one record: category, row, pattern, flags, mode, input, expectation, rule.
    mutating func check(_ fields: [String]) -> Bool {
        guard fields.count == 8 else { return false }
        let (category, row, pattern, flags, modeName, input, expect, rule) =
            (fields[0], fields[1], fields[2], fields[3], fields[4], fields[5], fields[6], fields[7])
        let mode: ECMARegex.MatchMode
        switch modeName {
        case "search": mode = .search
        case "whole": mode = .whole
        default: return false
        }
        let answer = self.answer(pattern: pattern, flags: flags, mode: mode, modeName: modeName, input: input)
        var failure: String?
        switch (expect, answer) {
        case ("true", .success(let matched)), ("false", .success(let matched)):
            if matched != (expect == "true") { failure = matched ? "matches, node does not" : "does not match, node does" }
        case ("syntax", .success):
            failure = "compiles, node throws SyntaxError"
        case ("syntax", .failure(let error)):
            if error.kind != .syntax { failure = "\(error.kind.rawValue) error (\(error.message)), node throws SyntaxError" }
        case (_, .failure(let error)):
            if error.kind == .syntax {
                failure = "syntax error (\(error.message)), node compiles the pattern"
            } else if rule == "strict" {
                failure = "refuses (\(error.kind.rawValue): \(error.message)) where node answers"
            } else {
                counts[category, default: Counts()].refused += 1
            }
        default:
            return false
        }
        if counts[category] == nil { categories.append(category) }
        counts[category, default: Counts()].cases += 1
        if rule == "pending" {
            // A case a pending list expects to fail in the portable build: it must still fail.
            if failure == nil { failure = "passes, but a pending list expects it to fail (remove it from the list)" }
            else {
                counts[category, default: Counts()].pending += 1
                return true
            }
        }
        if let failure {
            counts[category, default: Counts()].wrong += 1
            note("\(category)/\(row) /\(visible(pattern))/\(flags) \(modeName) on \"\(visible(input))\": expected \(expect), engine \(failure)")
        }
        if rule != "pending", expect != "syntax", let program = lastProgram, program.automaton != nil {
            counts[category, default: Counts()].automaton += 1
            var answer: Bool?
            do throws(ECMARegexError) {
                answer = try PortableMatcher.matches(program, input, engine: .automaton, scanningFrom: .max)
            } catch {
                answer = nil
            }
            if answer != (expect == "true") {
                counts[category, default: Counts()].automatonWrong += 1
                note("\(category)/\(row) /\(visible(pattern))/\(flags) \(modeName) on \"\(visible(input))\": expected \(expect), the automaton alone answers \(answer.map { $0 ? "true" : "false" } ?? "limit")")
            }
        }
        return true
    }

    private mutating func note(_ example: String) {
        if examples.count < 20 { examples.append(example) }
    }

    /// The answer for one case, compiling the pattern once for a run of cases that share it.
    private mutating func answer(pattern: String, flags: String, mode: ECMARegex.MatchMode, modeName: String,
                                 input: String) -> Result<Bool, ECMARegexError> {
        let compiled: Result<ECMARegex, ECMARegexError>
        // Compared by bytes: `==` on strings is canonical equivalence, under which distinct patterns agree.
        if let lastKey, let lastCompiled, lastKey.pattern.utf8.elementsEqual(pattern.utf8), lastKey.flags == flags,
           lastKey.mode == modeName {
            compiled = lastCompiled
        } else {
            do throws(ECMARegexError) {
                let regex = try ECMARegex(pattern, flags: flags, mode: mode)
                compiled = .success(regex)
                lastProgram = PortableCompiler.compile(regex.parsed, whole: mode == .whole)
            } catch {
                compiled = .failure(error)
                lastProgram = nil
            }
            lastKey = (pattern, flags, modeName)
            lastCompiled = compiled
        }
        switch compiled {
        case .failure(let error):
            return .failure(error)
        case .success(let regex):
            do throws(ECMARegexError) {
                return .success(try regex.test(input))
            } catch {
                return .failure(error)
            }
        }
    }
}
