// The machine's names as the event log writes them: each enum value's JSON string (its raw value,
// quoted) as constant text, so writing one copies bytes instead of building a `rawValue` string.
// `EventLogLineWriterTests` checks every case against its raw value.

import ThunderID

extension EventLogRecord {
    static func jsonName(_ state: ChangeCredentialMachine.State) -> StaticString {
        switch state {
        case .closed: #""closed""#
        case .unavailable: #""unavailable""#
        case .editing: #""editing""#
        case .invalid: #""invalid""#
        case .submitting: #""submitting""#
        case .succeeded: #""succeeded""#
        case .failed: #""failed""#
        }
    }

    static func jsonName(_ validity: ChangeCredentialMachine.Validity) -> StaticString {
        switch validity {
        case .valid: #""valid""#
        case .invalid: #""invalid""#
        }
    }

    static func jsonName(_ field: ChangeCredentialMachine.Field) -> StaticString {
        switch field {
        case .newValue: #""newValue""#
        case .confirmation: #""confirmation""#
        }
    }

    static func jsonName(_ presentation: ChangeCredentialMachine.Presentation) -> StaticString {
        switch presentation {
        case .sheet: #""sheet""#
        case .inline: #""inline""#
        }
    }

    static func jsonName(_ kind: ChangeCredentialMachine.Event.Kind) -> StaticString {
        switch kind {
        case .appear: #""appear""#
        case .open: #""open""#
        case .dismiss: #""dismiss""#
        case .schemaResolved: #""schemaResolved""#
        case .schemaFailed: #""schemaFailed""#
        case .newValueEdited: #""newValueEdited""#
        case .confirmationEdited: #""confirmationEdited""#
        case .toggleMasking: #""toggleMasking""#
        case .submit: #""submit""#
        case .submissionSucceeded: #""submissionSucceeded""#
        case .submissionFailed: #""submissionFailed""#
        }
    }

    static func jsonName(_ kind: ChangeCredentialMachine.Effect.Kind) -> StaticString {
        switch kind {
        case .requestSchema: #""requestSchema""#
        case .postCredential: #""postCredential""#
        case .notifySuccess: #""notifySuccess""#
        case .notifyError: #""notifyError""#
        case .clearValues: #""clearValues""#
        case .presentSheet: #""presentSheet""#
        case .dismissSheet: #""dismissSheet""#
        case .trace: #""trace""#
        }
    }
}
