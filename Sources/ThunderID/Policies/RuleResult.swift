/// One rule's verdict on the form.
public struct RuleResult: Sendable, Equatable, CustomStringConvertible {
    /// How the rule judged the value.
    public enum Status: Sendable, Equatable {
        /// The value satisfies the rule.
        case passed
        /// The value breaks the rule.
        case failed
        /// The rule could not be checked (for example the regex engine refused the pattern);
        /// `reason` is for the event log and developers, not for the user.
        case unverifiable(reason: String)
    }

    /// The rule's ``CredentialRule/id``.
    public let id: String
    /// The verdict.
    public let status: Status
    /// The user-visible text that explains the rule (from the strings table).
    public let message: String

    /// Creates a result.
    public init(id: String, status: Status, message: String) {
        self.id = id
        self.status = status
        self.message = message
    }

    /// Whether two optional results are equal, member by member (`Optional`'s `==` copies both).
    @inline(__always)
    static func same(_ lhs: RuleResult?, _ rhs: RuleResult?) -> Bool {
        guard let lhs else { return rhs == nil }
        guard let rhs else { return false }
        return lhs.status == rhs.status && lhs.id == rhs.id && lhs.message == rhs.message
    }

    /// Whether this result stops submission: a failure does, an unverifiable one when `strict`.
    package func blocks(strict: Bool) -> Bool {
        switch status {
        case .passed: false
        case .failed: true
        case .unverifiable: strict
        }
    }

    public var description: String {
        switch status {
        case .passed: "\(id): passed"
        case .failed: "\(id): failed"
        case .unverifiable(let reason): "\(id): unverifiable (\(reason))"
        }
    }
}
