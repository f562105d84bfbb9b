#if canImport(SwiftUI)
import SwiftUI
import ThunderID

/// The compact sheet: title, the two fields (or the unavailable notice), hint, error, Save/Cancel.
struct ChangeCredentialSheet: View {
    @Bindable var state: ChangeCredentialState

    var body: some View {
        NavigationStack {
            form
                .navigationTitle(state.title)
                .toolbar {
                    ToolbarItem(placement: .cancellationAction) {
                        Button(state.cancelLabel) { state.dismiss() }
                            .disabled(state.loading)
                    }
                    ToolbarItem(placement: .confirmationAction) {
                        Button(state.submitLabel) { state.submit() }
                            .disabled(!state.isSubmitEnabled)
                    }
                }
        }
        .presentationDetents([.medium, .large])
        // Dismissing while the change is posted would lose its outcome.
        .interactiveDismissDisabled(state.loading)
    }

    @ViewBuilder private var form: some View {
        if let title = state.unavailableTitle {
            ContentUnavailableView(title, systemImage: "lock",
                                   description: Text(state.unavailableMessage ?? ""))
        } else {
            Form {
                Section {
                    CredentialField(label: state.newValueLabel, text: $state.newValue,
                                    isMasked: state.isMasked(.newValue), toggleLabel: state.maskingLabel(.newValue)) {
                        state.toggleMasking(.newValue)
                    }
                    CredentialField(label: state.confirmationLabel, text: $state.confirmValue,
                                    isMasked: state.isMasked(.confirmation), toggleLabel: state.maskingLabel(.confirmation)) {
                        state.toggleMasking(.confirmation)
                    }
                } footer: {
                    VStack(alignment: .leading, spacing: 4) {
                        if let hint = state.requirementHint {
                            Text(hint)
                        }
                        if let error = state.error {
                            Text(error).foregroundStyle(.red)
                        }
                        if state.isSchemaLoading {
                            ProgressView()
                        }
                    }
                }
            }
            .disabled(state.loading)
        }
    }
}

/// One secure field whose label is its placeholder, with a trailing mask/unmask button.
struct CredentialField: View {
    let label: String
    @Binding var text: String
    let isMasked: Bool
    let toggleLabel: String
    let toggle: () -> Void

    var body: some View {
        HStack {
            Group {
                if isMasked {
                    SecureField(label, text: $text)
                } else {
                    TextField(label, text: $text)
                }
            }
            .autocorrectionDisabled()
            #if os(iOS)
            .textInputAutocapitalization(.never)
            .textContentType(.newPassword)
            #endif
            Button(action: toggle) {
                Image(systemName: isMasked ? "eye" : "eye.slash")
            }
            .buttonStyle(.borderless)
            .accessibilityLabel(Text(toggleLabel))
        }
    }
}
#endif
