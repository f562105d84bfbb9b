/// The texts the views read from ``ChangeCredentialState``, rendered once per strings table and
/// display name (when the state is made and when the schema answers), not on every read.
struct ChangeCredentialTexts: Sendable, Equatable {
    let displayName: String
    let title: String
    let newValueLabel: String
    let confirmationLabel: String
    let save: String
    let saving: String
    let cancel: String
    let loading: String
    let showValue: String
    let hideValue: String
    let requirementHintFallback: String
    let unavailableTitle: String
    let unavailableMessage: String
    let success: String

    init(strings: ChangeCredentialStrings, displayName: String) {
        func text(_ key: ChangeCredentialStrings.Key) -> String { strings.text(key, credential: displayName) }
        self.displayName = displayName
        title = text(.title)
        newValueLabel = text(.newValueLabel)
        confirmationLabel = text(.confirmationLabel)
        save = text(.save)
        saving = text(.saving)
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
