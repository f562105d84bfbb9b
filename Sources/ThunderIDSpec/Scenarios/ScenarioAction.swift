import ThunderID

/// What a scenario step does, as written in its `action` column:
///
/// `appear`, `open`, `dismiss`, `submit`, `toggle masking new value`,
/// `type "abc" into new value` (one keystroke per character), `type "abc" into confirmation`,
/// `set new value to "abc"` (paste: one edit), `clear confirmation`, `schema arrives`,
/// `schema fails (offline)`, `server answers 204`, `server answers 400 USR-1024`,
/// `server answers offline`.
package enum ScenarioAction: Sendable, Equatable, CustomStringConvertible {
    /// The row appears.
    case appear
    /// The user taps the row.
    case open
    /// The user cancels or swipes the sheet away.
    case dismiss
    /// The user presses Save.
    case submit
    /// The user taps a field's eye button.
    case toggleMasking(ChangeCredentialMachine.Field)
    /// Appends each character as its own edit.
    case type(String, into: ChangeCredentialMachine.Field)
    /// Replaces the field's value in one edit.
    case set(ChangeCredentialMachine.Field, to: String)
    /// The schema provider answers with the fixture's policy.
    case schemaArrives
    /// The schema provider fails.
    case schemaFails(ThunderIDError)
    /// The server answers the request in flight: `nil` is 204 (accepted).
    case serverAnswers(ThunderIDError?)

    /// Reads an action cell.
    package static func parse(_ text: String) -> Result<ScenarioAction, PhraseError> {
        let trimmed = text.trimmingWhitespace()
        let lower = trimmed.lowercased()
        switch trimmed.squashed {
        case "appear": return .success(.appear)
        case "open": return .success(.open)
        case "dismiss": return .success(.dismiss)
        case "submit", "save": return .success(.submit)
        case "schemaarrives": return .success(.schemaArrives)
        case "togglemaskingnewvalue": return .success(.toggleMasking(.newValue))
        case "togglemaskingconfirmation": return .success(.toggleMasking(.confirmation))
        case "clearnewvalue": return .success(.set(.newValue, to: ""))
        case "clearconfirmation": return .success(.set(.confirmation, to: ""))
        default: break
        }
        if lower.hasPrefix("type ") {
            guard let into = trimmed.range(of: " into ", options: .backwards),
                  let value = QuotedText.parse(String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 5)..<into.lowerBound])),
                  let field = field(String(trimmed[into.upperBound...])) else {
                return .failure(PhraseError("'\(trimmed.redactingQuotes)': write type \"value\" into new value|confirmation"))
            }
            return .success(.type(value, into: field))
        }
        if lower.hasPrefix("set ") {
            guard let to = trimmed.range(of: " to "),
                  let field = field(String(trimmed[trimmed.index(trimmed.startIndex, offsetBy: 4)..<to.lowerBound])),
                  let value = QuotedText.parse(String(trimmed[to.upperBound...])) else {
                return .failure(PhraseError("'\(trimmed.redactingQuotes)': write set new value|confirmation to \"value\""))
            }
            return .success(.set(field, to: value))
        }
        if let rest = trimmed.dropPrefix("schema fails") {
            let payload = rest.trimmingCharacters(in: "()")
            if payload.isEmpty { return .success(.schemaFails(MachineContext.defaultSchemaError)) }
            guard let error = ErrorPhrase.parse(payload) else {
                return .failure(PhraseError("'\(payload)' is not an error (e.g. offline, server 500 SSE-5000)"))
            }
            return .success(.schemaFails(error))
        }
        if let rest = trimmed.dropPrefix("server answers") {
            if rest == "204" { return .success(.serverAnswers(nil)) }
            guard let error = ErrorPhrase.parse(rest) else {
                return .failure(PhraseError("'\(rest)' is not a server answer (204, 400 USR-1024, 429 retry after 30, offline, …)"))
            }
            return .success(.serverAnswers(error))
        }
        return .failure(PhraseError("unknown action '\(trimmed.redactingQuotes)' (appear, open, dismiss, submit, type \"…\" into new value, set confirmation to \"…\", clear new value, toggle masking new value, schema arrives, schema fails (…), server answers …)"))
    }

    static func field(_ text: String) -> ChangeCredentialMachine.Field? {
        switch text.squashed {
        case "newvalue": .newValue
        case "confirmation", "confirmationvalue": .confirmation
        default: nil
        }
    }

    /// The action as written, with typed values replaced by their length so it can be printed.
    package var description: String {
        switch self {
        case .appear: "appear"
        case .open: "open"
        case .dismiss: "dismiss"
        case .submit: "submit"
        case .toggleMasking(let field): "toggle masking \(MachineContext.phrase(field))"
        case .type(let value, let field): "type \(value.count) characters into \(MachineContext.phrase(field))"
        case .set(let field, let value): "set \(MachineContext.phrase(field)) to \(value.count) characters"
        case .schemaArrives: "schema arrives"
        case .schemaFails(let error): "schema fails (\(ErrorPhrase.format(error)))"
        case .serverAnswers(nil): "server answers 204"
        case .serverAnswers(let error?): "server answers \(ErrorPhrase.format(error))"
        }
    }
}
