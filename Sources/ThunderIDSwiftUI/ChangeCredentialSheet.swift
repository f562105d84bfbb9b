#if canImport(SwiftUI)
import SwiftUI
import ThunderID

/// The compact sheet: inline title, the two fields (or the unavailable notice), hint, error,
/// Cancel, and Change when there is something to submit. Each control carries the SDK family's
/// accessibility identifier (``ChangeCredentialIdentifiers``).
struct ChangeCredentialSheet: View {
    let state: ChangeCredentialState
    @FocusState private var focus: ChangeCredentialFocus.Target?

    var body: some View {
        // One read of everything the sheet shows: a handful of observations per re-render
        // instead of one per label, flag and message (see `ChangeCredentialSheetModel`).
        let model = state.sheetModel
        NavigationStack {
            content(model)
                .navigationTitle(model.title)
                .toolbarTitleDisplayMode(.inline)
                .toolbar {
                    ToolbarItem(placement: .cancellationAction) {
                        Button(model.cancelLabel) { state.dismiss() }
                            .disabled(!model.acceptsInput)
                            .accessibilityIdentifier(ChangeCredentialIdentifiers.cancel)
                    }
                    ToolbarItem(placement: .confirmationAction) {
                        if model.showsSubmitButton {
                            Button(model.submitLabel) { state.submit() }
                                .disabled(!model.isSubmitEnabled)
                                .accessibilityIdentifier(ChangeCredentialIdentifiers.submit)
                        }
                    }
                }
        }
        .presentationDetents(Set(model.sheetHeights.map(Self.detent)))
        // Swiping the sheet away while the change is posted would hide its outcome.
        .interactiveDismissDisabled(!model.acceptsInput)
    }

    private static func detent(_ height: ChangeCredentialState.SheetHeight) -> PresentationDetent {
        switch height {
        case .medium: .medium
        case .large: .large
        }
    }

    @ViewBuilder private func content(_ model: ChangeCredentialSheetModel) -> some View {
        switch model.content {
        case .unavailable(let title, let message):
            ContentUnavailableView(title, systemImage: "lock", description: Text(message))
        case .form:
            Form {
                Section {
                    field(.newValue, model: model, text: value(.newValue))
                    field(.confirmation, model: model, text: value(.confirmation))
                } footer: {
                    VStack(alignment: .leading, spacing: 4) {
                        if let hint = model.requirementHint {
                            Text(hint)
                        }
                        if let error = model.error {
                            Text(error).foregroundStyle(.red)
                        }
                        if model.isSchemaLoading {
                            ProgressView(model.loadingLabel)
                        }
                    }
                }
            }
            .disabled(!model.acceptsInput)
        }
    }

    /// A field's text: written through to the state on each keystroke, read back without an
    /// observation (`untrackedValue`), so typing evaluates no view body again. The state replaces
    /// the values of a sheet only as it closes; a form shown again starts from the state's values.
    private func value(_ field: ChangeCredentialMachine.Field) -> Binding<String> {
        let state = state
        return Binding(get: { @MainActor in state.untrackedValue(field) },
                       set: { @MainActor value in state.edit(field, to: value) })
    }

    private func field(_ target: ChangeCredentialFocus, model: ChangeCredentialSheetModel, text: Binding<String>) -> some View {
        let shown = model.field(target.field)
        return CredentialInputRow(label: shown.label, text: text, target: target, isMasked: shown.isMasked,
                                  toggleLabel: shown.maskingLabel, entry: model.entry, focus: $focus,
                                  identifier: ChangeCredentialIdentifiers.field(target.field),
                                  toggleIdentifier: ChangeCredentialIdentifiers.maskingToggle(target.field)) {
            state.toggleMasking(target.field)
            focus = ChangeCredentialFocus.target(afterMasking: target, isMasked: state.isMasked(target.field), from: focus)
        } onSubmit: {
            switch target.onSubmit(isSubmitEnabled: state.isSubmitEnabled) {
            case .focus(let next):
                focus = ChangeCredentialFocus.Target(next, isMasked: state.isMasked(next.field))
            case .submit:
                state.submit()
            case .stay:
                break
            }
        }
    }
}
#endif
