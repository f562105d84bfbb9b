// PLACEHOLDER API CONTRACT — replaced by the real engine (issue 2). Keep these public names.

/// A compiled ECMAScript regular expression with `RegExp.prototype.test` semantics.
public struct ECMARegex: Sendable {
    public let pattern: String
    public let flags: String

    /// Compiles `pattern` with JavaScript `flags` (a subset of "dimsuv").
    public init(_ pattern: String, flags: String = "") throws(ECMARegexError) {
        throw ECMARegexError(kind: .unsupported, message: "engine not built yet", offset: nil)
    }

    /// The result JavaScript's `new RegExp(pattern, flags).test(value)` gives.
    public func test(_ value: String) throws(ECMARegexError) -> Bool {
        throw ECMARegexError(kind: .unsupported, message: "engine not built yet", offset: nil)
    }
}

/// Why a pattern cannot be compiled or a match could not be answered.
public struct ECMARegexError: Error, Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable { case syntax, unsupported, limit }
    public var kind: Kind
    public var message: String
    public var offset: Int?
    public init(kind: Kind, message: String, offset: Int?) {
        self.kind = kind; self.message = message; self.offset = offset
    }
}
