import Foundation
import ECMARegex

/// One line of the differential corpus in `Specs/regex/corpus/*.jsonl`: a pattern, flags, an input
/// and the verdict node (V8) gave for `new RegExp(pattern, flags).test(input)`.
public struct CorpusCase: Sendable, Equatable, Decodable {
    /// What node answered.
    public enum Expectation: Sendable, Equatable, Decodable {
        /// `test` returned this value.
        case match(Bool)
        /// The pattern and flags make `new RegExp` throw a `SyntaxError`.
        case syntax

        /// Decodes `true`, `false` or `"syntax"`; anything else is a decoding error.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Bool.self) {
                self = .match(value)
                return
            }
            let text = try container.decode(String.self)
            guard text == "syntax" else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expect must be true, false or \"syntax\", not \"\(text)\"")
            }
            self = .syntax
        }
    }

    /// ECMAScript pattern source, as written between the slashes.
    public var pattern: String
    /// JavaScript flags; empty for none.
    public var flags: String
    /// The subject given to `test`.
    public var input: String
    /// Node's verdict.
    public var expect: Expectation
    /// The corpus file (category) the case belongs to.
    public var category: String
    /// The catalogue row id, the credential-policy tag or `random-N`.
    public var row: String
    /// Set when the case is known to differ for a reason outside the engine (Unicode-version skew).
    public var known: String?
    /// `"whole"` for HTML `pattern` semantics (node's verdict is `^(?:pattern)$` after the pattern
    /// compiled on its own); absent for `test` (search) semantics.
    public var mode: String?

    /// The engine's match mode for this case; nil when `mode` holds an unknown value.
    public var matchMode: ECMARegex.MatchMode? {
        switch mode {
        case nil, "search": .search
        case "whole": .whole
        default: nil
        }
    }

    /// Creates a case by hand (tests of the judge use this).
    public init(pattern: String, flags: String, input: String, expect: Expectation, category: String, row: String,
                known: String? = nil, mode: String? = nil) {
        self.pattern = pattern
        self.flags = flags
        self.input = input
        self.expect = expect
        self.category = category
        self.row = row
        self.known = known
        self.mode = mode
    }
}
