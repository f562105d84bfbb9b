import ECMARegex

/// Answers corpus cases with the engine, compiling each distinct pattern and flags once.
///
/// The cache lives as long as the evaluator (one conformance run); it is not the engine's own
/// process-wide cache, so the run measures the engine's public `init` and `test` only.
public struct RegexEvaluator {

    private var compiled: [CompiledRegexKey: Result<ECMARegex, ECMARegexError>] = [:]
    private let backend: ECMARegex.Backend?

    /// Creates an evaluator with an empty cache.
    public init() {
        backend = nil
    }

    /// Creates an evaluator that compiles every pattern on `backend` (for differential runs).
    package init(forcing backend: ECMARegex.Backend) {
        self.backend = backend
    }

    /// Compiles (or reuses) `pattern` with `flags` for `mode` and tests `input`.
    public mutating func answer(pattern: String, flags: String, mode: ECMARegex.MatchMode = .search, input: String) -> EngineAnswer {
        let key = CompiledRegexKey(pattern: pattern, flags: flags, mode: mode)
        let result: Result<ECMARegex, ECMARegexError>
        if let cached = compiled[key] {
            result = cached
        } else {
            do throws(ECMARegexError) {
                if let backend {
                    result = .success(try ECMARegex(pattern, flags: flags, mode: mode, forcing: backend))
                } else {
                    result = .success(try ECMARegex(pattern, flags: flags, mode: mode))
                }
            } catch {
                result = .failure(error)
            }
            compiled[key] = result
        }
        switch result {
        case .failure(let error):
            return .error(error)
        case .success(let regex):
            do throws(ECMARegexError) {
                return .match(try regex.test(input))
            } catch {
                return .error(error)
            }
        }
    }

    /// Answers one corpus case.
    public mutating func answer(_ corpusCase: CorpusCase) -> EngineAnswer {
        answer(pattern: corpusCase.pattern, flags: corpusCase.flags, mode: corpusCase.matchMode ?? .search, input: corpusCase.input)
    }
}
