import ECMARegex

/// What the engine answered for one pattern, flags and input.
public enum EngineAnswer: Sendable, Equatable, CustomStringConvertible {
    /// The pattern compiled and `test` returned this value.
    case match(Bool)
    /// Compiling or matching threw.
    case error(ECMARegexError)

    /// A one-line explanation for reports.
    public var description: String {
        switch self {
        case .match(let value): value ? "match" : "no match"
        case .error(let error): "\(error.kind.rawValue) error (\(error.message))"
        }
    }
}
