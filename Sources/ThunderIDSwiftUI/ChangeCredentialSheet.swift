#if canImport(SwiftUI)
import SwiftUI
import ThunderID

/// The compact sheet: inline title, the two fields (or the unavailable notice), hint, error,
/// Cancel, and Save when there is something to save.
struct ChangeCredentialSheet: View {
    @Bindable var state: ChangeCredentialState
    @FocusState private var focus: ChangeCredentialFocus.Target?

    var body: some View {
        NavigationStack {
            content
                .navigationTitle(state.title)
                .toolbarTitleDisplayMode(.inline)
                .toolbar {
                    ToolbarItem(placement: .cancellationAction) {
                        Button(state.cancelLabel) { state.dismiss() }
                            .disabled(!state.acceptsInput)
                    }
                    ToolbarItem(placement: .confirmationAction) {
                        if state.showsSaveButton {
                            Button(state.submitLabel) { state.submit() }
                                .disabled(!state.isSubmitEnabled)
                        }
                    }
                }
        }
        .presentationDetents(Set(state.sheetHeights.map(Self.detent)))
        // Swiping the sheet away while the change is posted would hide its outcome.
        .interactiveDismissDisabled(!state.acceptsInput)
    }

    private static func detent(_ height: ChangeCredentialState.SheetHeight) -> PresentationDetent {
        switch height {
        case .medium: .medium
        case .large: .large
        }
    }

    @ViewBuilder private var content: some View {
        switch state.sheetContent {
        case .unavailable(let title, let message):
            ContentUnavailableView(title, systemImage: "lock", description: Text(message))
        case .form:
            Form {
                Section {
                    field(.newValue, label: state.newValueLabel, text: $state.newValue)
                    field(.confirmation, label: state.confirmationLabel, text: $state.confirmValue)
                } footer: {
                    VStack(alignment: .leading, spacing: 4) {
                        if let hint = state.requirementHint {
                            Text(hint)
                        }
                        if let error = state.error {
                            Text(error).foregroundStyle(.red)
                        }
                        if state.isSchemaLoading {
                            ProgressView(state.loadingLabel)
                        }
                    }
                }
            }
            .disabled(!state.acceptsInput)
        }
    }

    private func field(_ target: ChangeCredentialFocus, label: String, text: Binding<String>) -> some View {
        CredentialInputRow(label: label, text: text, target: target, isMasked: state.isMasked(target.field),
                        toggleLabel: state.maskingLabel(target.field), entry: state.entry, focus: $focus) {
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
