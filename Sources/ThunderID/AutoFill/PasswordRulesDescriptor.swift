import ECMARegex

/// Password rules for iOS's strong-password AutoFill, derived from a schema regex so that every
/// password the rules allow is one the regex accepts.
///
/// The derivation reads the parsed pattern: top-level lookaheads such as `(?=.*\d)` become
/// `required:` classes, the consuming part (`.{8,}`, `[…]{m,n}`) gives `allowed:` and the length,
/// and `(?!.*(.)\1\1)` gives `max-consecutive:`. Where no rules can be proved sound, there is no
/// descriptor.
///
/// ```swift
/// let rules = PasswordRulesDescriptor(regex: "^(?=.*[a-z])(?=.*\\d)[A-Za-z\\d_-]{8,64}$")
/// rules?.rules
/// // "required: digit; required: lower; allowed: upper, [-_]; minlength: 8; maxlength: 64;"
/// ```
///
/// On iOS, iPadOS, tvOS and visionOS, pass ``rules`` to `UITextInputPasswordRules(descriptor:)`
/// for the new-password field's `passwordRules`; the built-in sheet does this itself.
public struct PasswordRulesDescriptor: Sendable, Hashable {
    /// The rules in Apple's password-rules language, e.g.
    /// `required: digit; allowed: upper, lower; minlength: 8; maxlength: 64; max-consecutive: 2;`.
    public let rules: String

    /// Every character a password may hold (the `allowed:` and `required:` classes together).
    package let alphabet: PrintableASCIISet
    /// Each `required:` class: a password holds at least one character of each.
    package let required: [PrintableASCIISet]
    package let minimumLength: Int
    package let maximumLength: Int?
    package let maximumConsecutive: Int?

    /// The rules `regex` provably accepts (tested as JavaScript's `new RegExp(regex, flags).test(value)`),
    /// or nil when there are none or the engine refuses it.
    ///
    /// - Parameters:
    ///   - regex: The schema regex; schemas pass no flags.
    ///   - flags: JavaScript flags, as for ``/ECMARegex/ECMARegex``.
    public init?(regex: String, flags: String = "") {
        guard let descriptor = Self.derive(regex: regex, flags: flags) else { return nil }
        self = descriptor
    }

    package init(
        alphabet: PrintableASCIISet, required: [PrintableASCIISet], minimumLength: Int, maximumLength: Int?,
        maximumConsecutive: Int?
    ) {
        let required = required.sorted { ($0.members.first ?? 0, $0.count) < ($1.members.first ?? 0, $1.count) }
        self.alphabet = alphabet
        self.required = required
        self.minimumLength = minimumLength
        self.maximumLength = maximumLength
        self.maximumConsecutive = maximumConsecutive
        var clauses = required.map { "required: \($0.rulesText);" }
        let others = alphabet.subtracting(required.reduce(PrintableASCIISet.empty) { $0.union($1) })
        if !others.isEmpty { clauses.append("allowed: \(others.rulesText);") }
        if minimumLength > 0 { clauses.append("minlength: \(minimumLength);") }
        if let maximumLength { clauses.append("maxlength: \(maximumLength);") }
        if let maximumConsecutive { clauses.append("max-consecutive: \(maximumConsecutive);") }
        rules = clauses.joined(separator: " ")
    }

    /// The descriptor of the branch of `regex` that allows the most characters (then the widest lengths).
    package static func derive(regex: String, flags: String = "") -> PasswordRulesDescriptor? {
        guard let branches = PolicyBranchReader.branches(regex: regex, flags: flags) else { return nil }
        return branches.compactMap { $0.derive() }.max { lhs, rhs in
            (lhs.alphabet.count, lhs.maximumLength ?? Int.max, -lhs.minimumLength)
                < (rhs.alphabet.count, rhs.maximumLength ?? Int.max, -rhs.minimumLength)
        }
    }
}
