/// What a new-password field asks of iOS's Password AutoFill, decided from the schema regex, so the
/// system never suggests a password the regex refuses.
package enum NewPasswordAutoFill: Sendable, Equatable {
    /// Rules the regex provably accepts: the field is a new-password field with these password rules.
    case rules(PasswordRulesDescriptor)
    /// No regex, or one that provably accepts every password of iOS's default suggestion shape: a
    /// new-password field without rules.
    case defaultSuggestion
    /// No provable rules and the default suggestion may be refused: a password field, so AutoFill offers
    /// saved passwords and never generates one.
    case noGeneration

    /// The decision for a schema regex (schemas pass no flags).
    package static func decide(regex: String?, flags: String = "") -> NewPasswordAutoFill {
        guard let regex else { return .defaultSuggestion }
        if let descriptor = PasswordRulesDescriptor.derive(regex: regex, flags: flags) { return .rules(descriptor) }
        return acceptsDefaultSuggestion(regex: regex, flags: flags) ? .defaultSuggestion : .noGeneration
    }

    /// The default suggestion's shape widened to rules: 20 letters, digits and `-`, with a `-`
    /// (three groups of six joined by hyphens).
    package static let defaultSuggestionShape = PasswordRulesDescriptor(
        alphabet: PrintableASCIISet.upper.union(.lower).union(.digit).union(PrintableASCIISet("-")),
        required: [PrintableASCIISet("-")], minimumLength: 20, maximumLength: 20, maximumConsecutive: nil)

    /// Whether `regex` provably accepts every password of ``defaultSuggestionShape``.
    package static func acceptsDefaultSuggestion(regex: String, flags: String = "") -> Bool {
        guard let branches = PolicyBranchReader.branches(regex: regex, flags: flags) else { return false }
        return branches.contains { $0.accepts(defaultSuggestionShape) }
    }
}
