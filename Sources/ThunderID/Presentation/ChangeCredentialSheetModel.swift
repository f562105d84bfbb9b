/// Everything the built-in sheet shows, read from `ChangeCredentialState.sheetModel` in one go: one
/// observation instead of one per property, and assigned only when it changes, so typing evaluates
/// the sheet's body again only when what it shows changes. Each member equals the state property of
/// the same name.
package struct ChangeCredentialSheetModel: Sendable, Equatable {
    /// One secure field: its label, whether it is masked, and its eye button's accessibility label.
    package struct Field: Sendable, Equatable {
        package let label: String
        package let isMasked: Bool
        package let maskingLabel: String
    }

    package let title: String
    package let cancelLabel: String
    package let submitLabel: String
    package let acceptsInput: Bool
    package let showsSubmitButton: Bool
    package let isSubmitEnabled: Bool
    package let sheetHeights: [ChangeCredentialState.SheetHeight]
    package let content: ChangeCredentialState.SheetContent
    package let newValue: Field
    package let confirmation: Field
    package let entry: CredentialEntry
    package let requirementHint: String?
    package let error: String?
    package let isSchemaLoading: Bool
    package let loadingLabel: String

    /// The field for `field`.
    package func field(_ field: ChangeCredentialMachine.Field) -> Field {
        switch field {
        case .newValue: newValue
        case .confirmation: confirmation
        }
    }
}

extension ChangeCredentialState {
    /// The sheet model for a machine and texts, with the ``error`` text already decided.
    static func makeSheetModel(machine: ChangeCredentialMachine, texts: ChangeCredentialTexts,
                               error: String?) -> ChangeCredentialSheetModel {
        let content: SheetContent = machine.state == .unavailable
            ? .unavailable(title: texts.unavailableTitle, message: texts.unavailableMessage) : .form
        func field(_ field: ChangeCredentialMachine.Field, label: String) -> ChangeCredentialSheetModel.Field {
            let masked = machine.isMasked(field)
            return ChangeCredentialSheetModel.Field(label: label, isMasked: masked, maskingLabel: masked ? texts.showValue : texts.hideValue)
        }
        return ChangeCredentialSheetModel(
            title: texts.title, cancelLabel: texts.cancel,
            submitLabel: machine.isSubmitting ? texts.submitting : texts.submit,
            acceptsInput: !machine.isSubmitting, showsSubmitButton: showsSubmitButton(for: content),
            isSubmitEnabled: isSubmitEnabled(machine),
            sheetHeights: sheetHeights(for: content), content: content,
            newValue: field(.newValue, label: texts.newValueLabel),
            confirmation: field(.confirmation, label: texts.confirmationLabel),
            entry: texts.entry,
            requirementHint: requirementHint(machine: machine, texts: texts),
            error: error,
            isSchemaLoading: machine.isSchemaLoading, loadingLabel: texts.loading)
    }
}
