#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
import SwiftUI
import ThunderID
import UIKit

/// A new-password text field that carries password rules, so iOS's strong-password suggestion
/// follows the schema regex: SwiftUI's text fields take a content type but no rules, so this field
/// is UIKit's, with `passwordRules` (iOS 12, tvOS 12, visionOS 1).
///
/// It does what the SwiftUI pair of `CredentialInputRow` does: masking by `isSecureTextEntry` on
/// the one field (the text and the focus stay), the label as placeholder and VoiceOver label, the
/// accessibility identifier, the return key and its action, the sheet's focus in both directions,
/// and no autocorrection or capitalization.
struct PasswordRulesField: UIViewRepresentable {
    let label: String
    @Binding var text: String
    let isMasked: Bool
    let isFocused: Bool
    let isEnabled: Bool
    let rules: String
    let returnKey: UIReturnKeyType
    let identifier: String
    /// The user moved into the field (a tap, or AutoFill): the sheet's focus follows.
    let onFocus: @MainActor () -> Void
    let onSubmit: @MainActor () -> Void

    func makeCoordinator() -> Coordinator { Coordinator(self) }

    func makeUIView(context: Context) -> UITextField {
        let field = UITextField()
        field.delegate = context.coordinator
        let coordinator = context.coordinator
        field.addAction(UIAction { [weak field] _ in coordinator.edited(field?.text ?? "") }, for: .editingChanged)
        field.textContentType = .newPassword
        field.autocorrectionType = .no
        field.autocapitalizationType = .none
        field.keyboardType = .default
        return field
    }

    func updateUIView(_ field: UITextField, context: Context) {
        context.coordinator.parent = self
        if field.text != text { field.text = text }
        field.placeholder = label
        field.accessibilityLabel = label
        field.accessibilityIdentifier = identifier
        field.isSecureTextEntry = isMasked
        field.returnKeyType = returnKey
        field.isEnabled = isEnabled
        if field.passwordRules?.passwordRulesDescriptor != rules {
            field.passwordRules = UITextInputPasswordRules(descriptor: rules)
        }
        if isFocused, !field.isFirstResponder {
            field.becomeFirstResponder()
        } else if !isFocused, field.isFirstResponder {
            field.resignFirstResponder()
        }
    }

    /// Passes the field's edits, focus and return key to the sheet.
    @MainActor final class Coordinator: NSObject, UITextFieldDelegate {
        var parent: PasswordRulesField

        init(_ parent: PasswordRulesField) {
            self.parent = parent
            super.init()
        }

        func edited(_ text: String) {
            parent.text = text
        }

        func textFieldDidBeginEditing(_ textField: UITextField) {
            if !parent.isFocused { parent.onFocus() }
        }

        func textFieldShouldReturn(_ textField: UITextField) -> Bool {
            parent.onSubmit()
            // The sheet moves the focus or submits; the field does not dismiss the keyboard itself.
            return false
        }
    }
}
#endif
