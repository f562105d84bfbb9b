import ThunderID

/// How a machine event is written in a spec. Names may be spaced or camel-cased
/// (`schema resolved` = `schemaResolved`); a payload follows in parentheses or after a colon:
///
/// `appear`, `open`, `dismiss`, `submit`, `schema resolved (credential, form valid)`,
/// `schema resolved (not credential)`, `schema failed (timeout)`, `new value edited (form valid)`,
/// `confirmation edited (form invalid)`, `toggle masking (new value)`, `submission succeeded`,
/// `submission failed (server 429 USR-1024)`.
///
/// Left out: the form is invalid, the schema says credential, a schema failure is `offline`, a
/// submission failure is `server 500 SSE-5000`.
package enum EventPhrase {
    /// The machine's event type.
    package typealias Event = ChangeCredentialMachine.Event

    /// Reads an event; the error says what is wrong.
    package static func parse(_ text: String) -> Result<Event, PhraseError> {
        let (name, payload) = PhraseList.nameAndPayload(text)
        let words = payload.map { PhraseList.split($0).map { $0.squashed } } ?? []
        func form() -> Result<ChangeCredentialMachine.Validity, PhraseError> {
            let forms = words.filter { $0.hasPrefix("form") }
            guard forms.count <= 1 else { return .failure(PhraseError("say the form once in '\(text)'")) }
            switch forms.first {
            case nil, "forminvalid": return .success(.invalid)
            case "formvalid": return .success(.valid)
            case let other?: return .failure(PhraseError("unknown form '\(other)' in '\(text)' (form valid or form invalid)"))
            }
        }
        switch name.squashed {
        case "appear": return payloadless(.appear, payload, text)
        case "open": return payloadless(.open, payload, text)
        case "dismiss": return payloadless(.dismiss, payload, text)
        case "submit": return payloadless(.submit, payload, text)
        case "submissionsucceeded", "serveraccepts": return payloadless(.submissionSucceeded, payload, text)
        case "schemaresolved":
            let others = words.filter { !$0.hasPrefix("form") }
            let available: Bool
            switch others {
            case [], ["credential"]: available = true
            case ["notcredential"], ["notacredential"]: available = false
            default: return .failure(PhraseError("'\(text)': say credential or not credential, and the form"))
            }
            return form().map { .schemaResolved(available: available, form: $0) }
        case "schemafailed":
            return error(payload, default: MachineContext.defaultSchemaError, text).map { .schemaFailed($0) }
        case "submissionfailed":
            return error(payload, default: MachineContext.defaultSubmissionError, text).map { .submissionFailed($0) }
        case "newvalueedited":
            guard words.allSatisfy({ $0.hasPrefix("form") }) else { return .failure(PhraseError("'\(text)': only the form may follow")) }
            return form().map { .newValueEdited(form: $0) }
        case "confirmationedited":
            guard words.allSatisfy({ $0.hasPrefix("form") }) else { return .failure(PhraseError("'\(text)': only the form may follow")) }
            return form().map { .confirmationEdited(form: $0) }
        case "togglemasking":
            switch words {
            case ["newvalue"]: return .success(.toggleMasking(.newValue))
            case ["confirmation"]: return .success(.toggleMasking(.confirmation))
            default: return .failure(PhraseError("'\(text)': say which field, new value or confirmation"))
            }
        default:
            let names = Event.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(PhraseError("unknown event '\(name)' (one of \(names))"))
        }
    }

    /// Writes `event` as a spec would.
    package static func format(_ event: Event) -> String {
        switch event {
        case .appear: "appear"
        case .open: "open"
        case .dismiss: "dismiss"
        case .submit: "submit"
        case .submissionSucceeded: "submission succeeded"
        case .schemaResolved(let available, let form):
            "schema resolved (\(available ? "credential" : "not credential"), form \(form.rawValue))"
        case .schemaFailed(let error): "schema failed (\(ErrorPhrase.format(error)))"
        case .submissionFailed(let error): "submission failed (\(ErrorPhrase.format(error)))"
        case .newValueEdited(let form): "new value edited (form \(form.rawValue))"
        case .confirmationEdited(let form): "confirmation edited (form \(form.rawValue))"
        case .toggleMasking(let field): "toggle masking (\(MachineContext.phrase(field)))"
        }
    }

    private static func payloadless(_ event: Event, _ payload: String?, _ text: String) -> Result<Event, PhraseError> {
        guard payload == nil else { return .failure(PhraseError("'\(text)': \(event.kind.rawValue) takes no payload")) }
        return .success(event)
    }

    private static func error(_ payload: String?, default fallback: ThunderIDError, _ text: String) -> Result<ThunderIDError, PhraseError> {
        guard let payload else { return .success(fallback) }
        guard let error = ErrorPhrase.parse(payload) else {
            return .failure(PhraseError("'\(payload)' in '\(text)' is not an error (e.g. offline, timeout, server 400 USR-1024)"))
        }
        return .success(error)
    }
}
