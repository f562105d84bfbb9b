import ECMARegex

/// How an engine answer compares with node's verdict.
public enum CaseVerdict: Sendable, Equatable {
    /// Same verdict as node.
    case agree
    /// A different verdict; the text says how.
    case disagree(String)
    /// The engine refused the pattern as valid JavaScript it cannot match exactly.
    case unsupported(String)
    /// The engine gave up within its budget.
    case limit(String)

    /// Judges `answer` against node's `expect`.
    ///
    /// A disagreement is: node matched (or not) and the engine answered the other way; node threw a
    /// `SyntaxError` and the engine did not report `syntax`; the engine reported `syntax` for a
    /// pattern node compiled. `unsupported` and `limit` on a pattern node compiled are not
    /// disagreements; they are counted separately.
    public static func judge(expect: CorpusCase.Expectation, answer: EngineAnswer) -> CaseVerdict {
        switch (expect, answer) {
        case (.match(let expected), .match(let actual)):
            if expected == actual { return .agree }
            return .disagree(expected ? "node matches, engine does not" : "engine matches, node does not")
        case (.match, .error(let error)):
            switch error.kind {
            case .syntax: return .disagree("engine reports a syntax error (\(error.message)), node compiles the pattern")
            case .unsupported: return .unsupported(error.message)
            case .limit: return .limit(error.message)
            }
        case (.syntax, .error(let error)):
            if error.kind == .syntax { return .agree }
            return .disagree("node throws SyntaxError, engine reports \(error.kind.rawValue) (\(error.message))")
        case (.syntax, .match):
            return .disagree("node throws SyntaxError, engine compiles the pattern")
        }
    }
}
