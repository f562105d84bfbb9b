/// Why a pattern cannot be compiled, or why a match could not be answered exactly.
///
/// The three kinds never overlap:
/// - ``Kind-swift.enum/syntax``: JavaScript (V8) rejects the same pattern and flags with a `SyntaxError`.
/// - ``Kind-swift.enum/unsupported``: never for a valid pattern through the public API (what PCRE2 cannot
///   match exactly runs on the portable matcher); only when a tool forces the PCRE2 backend.
/// - ``Kind-swift.enum/limit``: a size, nesting or time budget was exhausted, so no exact answer is given.
///
/// Messages quote the pattern's constructs, never the subject being matched (it may be a credential).
public struct ECMARegexError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The category of failure.
    public enum Kind: String, Sendable, Equatable {
        /// JavaScript would throw a `SyntaxError` for this pattern and flags.
        case syntax
        /// Valid JavaScript that the PCRE2 backend refuses rather than answer differently; the public API
        /// then uses the portable matcher, so only a caller forcing the PCRE2 backend sees it.
        case unsupported
        /// A budget (pattern length, nesting, match steps, memory) was exhausted.
        case limit
    }

    /// The category of failure.
    public let kind: Kind
    /// A sentence for a developer; it never contains subject text.
    public let message: String
    /// The UTF-16 offset in the pattern where the problem was found, when it applies.
    public let offset: Int?

    /// Creates an error.
    public init(kind: Kind, message: String, offset: Int?) {
        self.kind = kind
        self.message = message
        self.offset = offset
    }

    /// The kind, the message and the offset, e.g. `syntax error at offset 3: Nothing to repeat`.
    public var description: String {
        if let offset {
            return "\(kind.rawValue) error at offset \(offset): \(message)"
        }
        return "\(kind.rawValue) error: \(message)"
    }

    static func syntax(_ message: String, at offset: Int?) -> ECMARegexError {
        ECMARegexError(kind: .syntax, message: message, offset: offset)
    }

    static func unsupported(_ message: String, at offset: Int?) -> ECMARegexError {
        ECMARegexError(kind: .unsupported, message: message, offset: offset)
    }

    static func limit(_ message: String, at offset: Int? = nil) -> ECMARegexError {
        ECMARegexError(kind: .limit, message: message, offset: offset)
    }
}
