#if canImport(SwiftUI)
import SwiftUI
import ThunderID
#if canImport(UIKit)
import UIKit
#endif

/// One credential field whose label is its placeholder, with a trailing mask/unmask button.
///
/// The masked and the plain text field are both always in the hierarchy, bound to the same text;
/// masking switches which one is visible, so neither loses its identity, and the focus moves to
/// the visible one.
/// Where the credential has password rules and UIKit takes them, one UIKit field that carries
/// them (``PasswordRulesField``) stands in for the pair.
struct CredentialInputRow: View {
    let label: String
    @Binding var text: String
    let target: ChangeCredentialFocus
    let isMasked: Bool
    let toggleLabel: String
    let entry: CredentialEntry
    let focus: FocusState<ChangeCredentialFocus.Target?>.Binding
    /// The field's accessibility identifier (`thunderid-field-newCredential`, …), on whichever of the
    /// masked and plain fields is showing (the hidden one is out of the accessibility tree).
    let identifier: String
    /// The eye button's accessibility identifier.
    let toggleIdentifier: String
    let toggle: @MainActor () -> Void
    let onSubmit: @MainActor () -> Void

    /// Whether the form takes input (a field hosted from UIKit reads what SwiftUI's fields follow).
    @Environment(\.isEnabled) private var isEnabled

    var body: some View {
        HStack {
            input
            Button(action: toggle) {
                Image(systemName: isMasked ? "eye" : "eye.slash")
            }
            .buttonStyle(.borderless)
            .frame(minWidth: ChangeCredentialState.minimumHitTarget, minHeight: ChangeCredentialState.minimumHitTarget)
            .accessibilityLabel(Text(toggleLabel))
            .accessibilityIdentifier(toggleIdentifier)
        }
    }

    /// The text input: where UIKit takes password rules and the credential has them, one UIKit field
    /// that carries them; elsewhere the masked and plain SwiftUI fields.
    @ViewBuilder private var input: some View {
        #if canImport(UIKit) && !os(watchOS)
        if let rules = entry.passwordRules {
            let claimed = ChangeCredentialFocus.Target(target, isMasked: isMasked)
            PasswordRulesField(
                label: label, text: $text, isMasked: isMasked, isFocused: focus.wrappedValue?.focus == target,
                isEnabled: isEnabled, rules: rules.rules, returnKey: target.returnKey == .next ? .next : .done,
                identifier: identifier, onFocus: { focus.wrappedValue = claimed }, onSubmit: onSubmit)
                .focused(focus, equals: claimed)
                .accessibilityIdentifier(identifier)
        } else {
            swiftUIFields
        }
        #else
        swiftUIFields
        #endif
    }

    private var swiftUIFields: some View {
        ZStack {
            SecureField(label, text: $text)
                .focused(focus, equals: ChangeCredentialFocus.Target(target, isMasked: true))
                .accessibilityIdentifier(identifier)
                .modifier(ShownWhen(isShown: isMasked))
            TextField(label, text: $text)
                .focused(focus, equals: ChangeCredentialFocus.Target(target, isMasked: false))
                .accessibilityIdentifier(identifier)
                .modifier(ShownWhen(isShown: !isMasked))
        }
        .modifier(CredentialEntryTraits(entry: entry))
        .submitLabel(target.returnKey == .next ? .next : .done)
        .onSubmit { onSubmit() }
    }
}

/// Shows or hides one of a field's two text fields without removing it from the hierarchy.
struct ShownWhen: ViewModifier {
    let isShown: Bool

    func body(content: Content) -> some View {
        content
            .opacity(isShown ? 1 : 0)
            .allowsHitTesting(isShown)
            .accessibilityHidden(!isShown)
    }
}

/// The keyboard and AutoFill traits of a credential's text fields (UIKit platforms).
struct CredentialEntryTraits: ViewModifier {
    let entry: CredentialEntry

    func body(content: Content) -> some View {
        content
            .autocorrectionDisabled()
            #if canImport(UIKit) && !os(watchOS)
            .textInputAutocapitalization(.never)
            .keyboardType(entry.keyboard == .numberPad ? .numberPad : .default)
            .textContentType(Self.contentType(entry.autoFill))
            #endif
    }

    #if canImport(UIKit) && !os(watchOS)
    /// New password (the system may generate one), password (it only fills saved ones), or none.
    static func contentType(_ autoFill: CredentialEntry.AutoFill) -> UITextContentType? {
        switch autoFill {
        case .newPassword: .newPassword
        case .existingPassword: .password
        case .none: nil
        }
    }
    #endif
}
#endif
