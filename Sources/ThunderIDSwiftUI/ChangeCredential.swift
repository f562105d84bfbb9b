#if canImport(SwiftUI)
import SwiftUI
import ThunderID

/// A row, matching the profile's field rows, that opens a compact sheet to set a new value for
/// one of the signed-in user's credentials.
///
/// The label is the schema's `displayName` for `attribute` (else the title-cased attribute).
/// Requires `.thunderIDProvider(config:)` in an ancestor; reads
/// `.thunderIDConfiguration(changeCredential:displayNames:locale:)`.
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
        BaseChangeCredential(attribute: attribute, credentialDisplayName: nil, policyRegex: nil, presentation: .sheet,
                             onSuccess: onSuccess, onError: nil) { state in
            ChangeCredentialRow(state: state)
        }
    }
}

/// The row: its action ("Change Password") and a trailing chevron, at least 44 points tall, with the
/// identifier `thunderid-action-openCredential-<attribute>`. Tapping it opens the sheet.
struct ChangeCredentialRow: View {
    @Bindable var state: ChangeCredentialState
    @State private var presenter = ChangeCredentialSheetPresenter()

    var body: some View {
        Button {
            state.open()
        } label: {
            HStack {
                Text(state.rowLabel)
                Spacer()
                Image(systemName: "chevron.forward")
                    .foregroundStyle(.secondary)
                    .accessibilityHidden(true)
            }
            .frame(minHeight: ChangeCredentialState.minimumHitTarget)
            .contentShape(Rectangle())
        }
        .buttonStyle(.plain)
        .accessibilityIdentifier(state.rowIdentifier)
        .sheet(isPresented: isSheetPresented) {
            ChangeCredentialSheet(state: state)
        }
        .onChange(of: state.loading) { presenter.loadingChanged(state) }
    }

    /// SwiftUI's view of the sheet, kept in agreement with the model by the presenter.
    private var isSheetPresented: Binding<Bool> {
        let state = state, presenter = presenter
        return Binding(get: { @MainActor in presenter.isPresented(state) },
                       set: { @MainActor presented in presenter.write(presented, to: state) })
    }
}
#endif
