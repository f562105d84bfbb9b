/// What the views read that follows from the schema and the configuration (texts, hint, entry
/// style), decided when the state is made and when the schema answers; one observed property.
struct ChangeCredentialTexts: Sendable, Equatable {
    let displayName: String
    let title: String
    let newValueLabel: String
    let confirmationLabel: String
    let submit: String
    let submitting: String
    let cancel: String
    let loading: String
    let showValue: String
    let hideValue: String
    let requirementHintFallback: String
    let unavailableTitle: String
    let unavailableMessage: String
    let success: String
    /// The hint under the fields when a regex applies (the schema description, else the
    /// fallback); `nil` without a regex.
    var requirementHint: String?
    /// The keyboard and AutoFill style.
    var entry: CredentialEntry = .otherSecret

    init(strings: ChangeCredentialStrings, displayName: String) {
        // The display name as it reads in a sentence, worked out once for every text.
        let name = ChangeCredentialStrings.DisplayNameForms(displayName)
        func text(_ key: ChangeCredentialStrings.Key) -> String { strings.text(key, name: name) }
        self.displayName = displayName
        title = text(.title)
        newValueLabel = text(.newValueLabel)
        confirmationLabel = text(.confirmationLabel)
        submit = text(.submit)
        submitting = text(.submitting)
        cancel = text(.cancel)
        loading = text(.loading)
        showValue = text(.showValue)
        hideValue = text(.hideValue)
        requirementHintFallback = text(.requirementHintFallback)
        unavailableTitle = text(.unavailableTitle)
        unavailableMessage = text(.unavailableMessage)
        success = text(.success)
    }
}
