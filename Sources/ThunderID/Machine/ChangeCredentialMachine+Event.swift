extension ChangeCredentialMachine {
    /// Something that happened: a user gesture, or the outcome of an effect.
    package enum Event: Sendable, Equatable, CustomStringConvertible {
        /// The row appeared: it needs the schema for its display name.
        case appear
        /// The user tapped the row to open the sheet.
        case open
        /// The user closed the sheet (Cancel, swipe down).
        case dismiss
        /// The schema arrived. `available` is whether it declares the attribute a credential;
        /// `form` is the form re-evaluated against the schema's rules.
        case schemaResolved(available: Bool, form: Validity)
        /// The schema request failed.
        indirect case schemaFailed(ThunderIDError)
        /// The user changed the new value; `form` is the form's validity after the edit.
        case newValueEdited(form: Validity)
        /// The user changed the confirmation; `form` is the form's validity after the edit.
        case confirmationEdited(form: Validity)
        /// The user tapped a field's mask/unmask button.
        case toggleMasking(Field)
        /// The user pressed Save (or retry after a failure).
        case submit
        /// The server accepted the change (204).
        case submissionSucceeded
        /// The change failed with a typed error.
        indirect case submissionFailed(ThunderIDError)

        /// The event without its payload, for tables and coverage.
        package var kind: Kind {
            switch self {
            case .appear: .appear
            case .open: .open
            case .dismiss: .dismiss
            case .schemaResolved: .schemaResolved
            case .schemaFailed: .schemaFailed
            case .newValueEdited: .newValueEdited
            case .confirmationEdited: .confirmationEdited
            case .toggleMasking: .toggleMasking
            case .submit: .submit
            case .submissionSucceeded: .submissionSucceeded
            case .submissionFailed: .submissionFailed
            }
        }

        package var description: String {
            switch self {
            case .appear, .open, .dismiss, .submit, .submissionSucceeded:
                return kind.rawValue
            case .schemaResolved(let available, let form):
                return "schemaResolved(\(available ? "credential" : "not credential"), form \(form.rawValue))"
            case .schemaFailed(let error):
                return "schemaFailed(\(error))"
            case .newValueEdited(let form):
                return "newValueEdited(form \(form.rawValue))"
            case .confirmationEdited(let form):
                return "confirmationEdited(form \(form.rawValue))"
            case .toggleMasking(let field):
                return "toggleMasking(\(field.rawValue))"
            case .submissionFailed(let error):
                return "submissionFailed(\(error))"
            }
        }

        /// The name of an event, without payload.
        package enum Kind: String, CaseIterable, Sendable, Hashable {
            case appear, open, dismiss, schemaResolved, schemaFailed, newValueEdited,
                 confirmationEdited, toggleMasking, submit, submissionSucceeded, submissionFailed
        }
    }

    /// Work the owner must carry out. Effects are data; the machine runs none of them.
    package enum Effect: Sendable, Equatable, CustomStringConvertible {
        /// Ask the shared state for the user type schema.
        case requestSchema
        /// Post the values the owner holds to `update-credentials`.
        case postCredential
        /// Call `onSuccess`.
        case notifySuccess
        /// Call `onError` with the failure.
        case notifyError(ThunderIDError)
        /// Clear the new value and its confirmation.
        case clearValues
        /// Show the sheet.
        case presentSheet
        /// Hide the sheet.
        case dismissSheet
        /// A note for the debug event log, such as why an event was ignored.
        case trace(String)

        /// The effect without its payload.
        package var kind: Kind {
            switch self {
            case .requestSchema: .requestSchema
            case .postCredential: .postCredential
            case .notifySuccess: .notifySuccess
            case .notifyError: .notifyError
            case .clearValues: .clearValues
            case .presentSheet: .presentSheet
            case .dismissSheet: .dismissSheet
            case .trace: .trace
            }
        }

        package var description: String {
            switch self {
            case .requestSchema, .postCredential, .notifySuccess, .clearValues, .presentSheet, .dismissSheet:
                return kind.rawValue
            case .notifyError(let error):
                return "notifyError(\(error))"
            case .trace(let note):
                return "trace(\(note))"
            }
        }

        /// The name of an effect, without payload.
        package enum Kind: String, CaseIterable, Sendable, Hashable {
            case requestSchema, postCredential, notifySuccess, notifyError, clearValues,
                 presentSheet, dismissSheet, trace
        }
    }
}
