/// The keyboard's path through the form: new value → confirmation → Save.
package enum ChangeCredentialFocus: String, Sendable, Hashable, CaseIterable {
    case newValue
    case confirmation

    /// What the return key is labelled in this field.
    package enum ReturnKey: Sendable, Hashable {
        /// Moves on to the next field.
        case next
        /// Submits the form.
        case done
    }

    /// What pressing return in a field does.
    package enum Step: Sendable, Equatable {
        /// Move the focus to `field`.
        case focus(ChangeCredentialFocus)
        /// Press Save.
        case submit
        /// Stay: Save is not enabled, so return does nothing (the keyboard stays up).
        case stay
    }

    /// Where the keyboard focus is: a field, and which of its two text fields (masked or plain) is
    /// showing; only the visible one takes focus. `Hashable` for SwiftUI's `FocusState`.
    package struct Target: Sendable, Hashable {
        package let focus: ChangeCredentialFocus
        /// Whether the masked text field is the visible one.
        package let isMasked: Bool

        package init(_ focus: ChangeCredentialFocus, isMasked: Bool) {
            self.focus = focus
            self.isMasked = isMasked
        }
    }

    /// The focus after `field`'s masking flips: a focused field keeps it, on its now-visible text field.
    package static func target(afterMasking field: ChangeCredentialFocus, isMasked: Bool,
                              from current: Target?) -> Target? {
        guard let current, current.focus == field else { return current }
        return Target(field, isMasked: isMasked)
    }

    /// The machine field this focus target edits.
    package var field: ChangeCredentialMachine.Field {
        switch self {
        case .newValue: .newValue
        case .confirmation: .confirmation
        }
    }

    /// The return key's label: "next" in the new-value field, "done" in the confirmation.
    package var returnKey: ReturnKey {
        switch self {
        case .newValue: .next
        case .confirmation: .done
        }
    }

    /// What return does in this field, given whether Save is enabled.
    package func onSubmit(isSubmitEnabled: Bool) -> Step {
        switch self {
        case .newValue: .focus(.confirmation)
        case .confirmation: isSubmitEnabled ? .submit : .stay
        }
    }
}
