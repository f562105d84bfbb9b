// The custom rule of ThunderID.docc/PoliciesAndLogging.md ("Rules"), verbatim
// (DocumentationSnippetTests checks it against the catalog line for line).

import ThunderID

/// The confirmation is typed in full: at least as long as the new value.
struct ConfirmationLengthRule: CredentialRule {
    let id = "confirmationLength"
    func evaluate(_ input: CredentialInput) -> RuleResult? {
        RuleResult(id: id, status: input.confirmation.count >= input.newValue.count ? .passed : .failed,
                   message: "Type the whole \(input.context.displayName.lowercased()) again.")
    }
}
