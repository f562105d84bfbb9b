#if canImport(SwiftUI)
import SwiftUI
import ThunderID

/// A row, matching the profile's field rows, that opens a compact sheet to set a new value for
/// one of the signed-in user's credentials.
///
/// The label is the schema's `displayName` for `attribute` (else the title-cased attribute).
/// Requires `.thunderIDProvider(config:)` in an ancestor.
public struct ChangeCredential: View {
    private let attribute: String
    private let onSuccess: (() -> Void)?

    /// - Parameters:
    ///   - attribute: The credential attribute to manage, declared `credential: true` in the
    ///     user type schema. Defaults to `"password"`.
    ///   - onSuccess: Called after the credential has been changed.
    public init(attribute: String = "password", onSuccess: (() -> Void)? = nil) {
        self.attribute = attribute
        self.onSuccess = onSuccess
    }

    public var body: some View {
        BaseChangeCredential(attribute: attribute, onSuccess: onSuccess) { state in
            ChangeCredentialRow(state: state)
        }
    }
}

/// The row: display name and a trailing chevron; tapping opens the sheet.
struct ChangeCredentialRow: View {
    @Bindable var state: ChangeCredentialState

    var body: some View {
        Button {
            state.open()
        } label: {
            HStack {
                Text(state.credentialDisplayName)
                Spacer()
                Image(systemName: "chevron.right")
                    .foregroundStyle(.secondary)
                    .accessibilityHidden(true)
            }
            .contentShape(Rectangle())
        }
        .buttonStyle(.plain)
        .sheet(isPresented: Binding(get: { state.isPresented }, set: { shown in if !shown { state.dismiss() } })) {
            ChangeCredentialSheet(state: state)
        }
    }
}
#endif
