import Foundation

/// An answer line of the `--jsonl` protocol, read back.
public enum Test262Answer: Sendable, Equatable {
    /// `{"match":true}` or `{"match":false}`.
    case match(Bool)
    /// `{"error":{"kind":K,"message":M,…}}`.
    case error(kind: String, message: String)

    private struct ErrorLine: Decodable {
        struct Body: Decodable {
            var kind: String
            var message: String
        }
        var error: Body
    }

    private struct MatchLine: Decodable {
        var match: Bool
        var backend: String?
    }

    /// Reads an answer line (`{"match":…}`, with or without the `backend` that answered, or
    /// `{"error":…}`); a line of another shape becomes an error of kind `unreadable`.
    public init(line: String) {
        switch line {
        case "{\"match\":true}", "{\"match\":true,\"backend\":\"pcre2\"}", "{\"match\":true,\"backend\":\"portable\"}":
            self = .match(true)
        case "{\"match\":false}", "{\"match\":false,\"backend\":\"pcre2\"}", "{\"match\":false,\"backend\":\"portable\"}":
            self = .match(false)
        default:
            if let decoded = try? JSONDecoder().decode(MatchLine.self, from: Data(line.utf8)) {
                self = .match(decoded.match)
            } else if let decoded = try? JSONDecoder().decode(ErrorLine.self, from: Data(line.utf8)) {
                self = .error(kind: decoded.error.kind, message: decoded.error.message)
            } else {
                self = .error(kind: "unreadable", message: "not an answer line: \(line.prefix(80))")
            }
        }
    }

    /// A short label for tallies: `match`, `no match`, or the error kind.
    public var label: String {
        switch self {
        case .match(let value): value ? "match" : "no match"
        case .error(let kind, _): kind
        }
    }

    /// Whether this answer is node's verdict `expect`.
    public func agrees(with expect: CorpusCase.Expectation) -> Bool {
        switch (expect, self) {
        case (.match(let expected), .match(let actual)): expected == actual
        case (.match, .error): false
        case (.syntax, .error(let kind, _)): kind == "syntax"
        case (.syntax, .match): false
        }
    }
}
