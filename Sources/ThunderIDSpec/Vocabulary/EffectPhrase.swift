import ThunderID

/// How a list of effects is written: comma-separated, in order, with the machine's names
/// (`presentSheet`, `requestSchema`, `postCredential`, `clearValues`, `dismissSheet`,
/// `notifySuccess`, `notifyError (server 429)`, `trace "why the event was ignored"`);
/// `—` or `none` for no effect.
package enum EffectPhrase {
    /// The machine's effect type.
    package typealias Effect = ChangeCredentialMachine.Effect

    /// Reads an effect list.
    package static func parseList(_ text: String) -> Result<[Effect], PhraseError> {
        if PhraseList.isNone(text) { return .success([]) }
        var effects: [Effect] = []
        for item in PhraseList.split(text) {
            switch parse(item) {
            case .success(let effect): effects.append(effect)
            case .failure(let error): return .failure(error)
            }
        }
        return .success(effects)
    }

    /// Reads one effect.
    package static func parse(_ text: String) -> Result<Effect, PhraseError> {
        let trimmed = text.trimmingWhitespace()
        if trimmed.squashed.hasPrefix("trace") {
            guard let note = PhraseList.quoted(trimmed) else {
                return .failure(PhraseError("'\(trimmed)': write the trace text in double quotes"))
            }
            return .success(.trace(note))
        }
        let (name, payload) = PhraseList.nameAndPayload(trimmed)
        let simple: [String: Effect] = [
            "requestschema": .requestSchema, "postcredential": .postCredential, "notifysuccess": .notifySuccess,
            "clearvalues": .clearValues, "presentsheet": .presentSheet, "dismisssheet": .dismissSheet,
        ]
        if let effect = simple[name.squashed] {
            guard payload == nil else { return .failure(PhraseError("'\(trimmed)': \(name) takes no payload")) }
            return .success(effect)
        }
        if name.squashed == "notifyerror" {
            guard let payload else { return .success(.notifyError(MachineContext.defaultSubmissionError)) }
            guard let error = ErrorPhrase.parse(payload) else {
                return .failure(PhraseError("'\(payload)' is not an error (e.g. offline, server 429)"))
            }
            return .success(.notifyError(error))
        }
        let names = Effect.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        return .failure(PhraseError("unknown effect '\(trimmed)' (one of \(names))"))
    }

    /// Writes one effect as a spec would.
    package static func format(_ effect: Effect) -> String {
        switch effect {
        case .trace(let note): "trace \"\(note)\""
        case .notifyError(let error): "notifyError (\(ErrorPhrase.format(error)))"
        case .requestSchema, .postCredential, .notifySuccess, .clearValues, .presentSheet, .dismissSheet:
            effect.kind.rawValue
        }
    }

    /// Writes an effect list as a spec would (`—` when empty).
    package static func format(_ effects: [Effect]) -> String {
        effects.isEmpty ? "—" : effects.map(format).joined(separator: ", ")
    }
}
