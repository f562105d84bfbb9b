@testable import ECMARegex
import ECMARegexConformance

/// The corpus cases with a verdict, each with its portable program, for tests that check a part of the
/// portable matcher against every case.
enum CorpusPrograms {
    /// Calls `body` with every corpus case node answered `true` or `false`, node's verdict and the case's
    /// program, where the pattern compiles. Cases share patterns, so each pattern is compiled once (keyed by
    /// its UTF-16: String equality is canonical equivalence, and `ΐ` must not stand for `ΐ`); deep
    /// patterns (5,000 levels) compile on a stack sized for them, as the engine does.
    static func forEachCase(_ body: (CorpusCase, Bool, PortableProgram) throws -> Void) throws {
        var programs: [[UInt16]: PortableProgram?] = [:]
        for file in try ConformanceData.loadedCorpus.get() {
            for corpusCase in file.cases {
                guard case .match(let expected) = corpusCase.expect else { continue }
                let key = Array("\(corpusCase.mode ?? "")/\(corpusCase.flags)/\(corpusCase.pattern)".utf16)
                let program: PortableProgram?
                if let known = programs[key] {
                    program = known
                } else {
                    program = (try? RegexFlags(parsing: corpusCase.flags))
                        .flatMap { flags in try? RegexParser.parse(corpusCase.pattern, flags: flags) }
                        .flatMap { parsed in
                            try? DeepStack.run(nesting: parsed.nesting) { () throws(ECMARegexError) -> PortableProgram in
                                PortableCompiler.compile(parsed, whole: corpusCase.mode == "whole")
                            }
                        }
                    programs[key] = program
                }
                guard let program else { continue }
                try body(corpusCase, expected, program)
            }
        }
    }
}
