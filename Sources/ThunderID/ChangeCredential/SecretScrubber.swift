import Foundation

/// Removes known secret values (what the user typed) from text that came from outside: a server's
/// error `message` or `description` may quote the submitted value, and that text would otherwise
/// reach event-log sinks and error descriptions.
///
/// Every occurrence of a value, in the form typed and in its composed (NFC) and decomposed (NFD)
/// Unicode forms, compared scalar by scalar, becomes a marker of three identical characters (`•••`
/// unless a value contains `•`). The marker is made of a character no value contains, so scrubbed
/// text can never contain a value, even where a marker meets the text around it. Empty values are
/// ignored.
///
/// ```swift
/// let scrubber = SecretScrubber(secrets: ["hunter22"])
/// scrubber.scrub("'hunter22' is too weak")   // "'•••' is too weak"
/// ```
///
/// ``ThunderIDClient`` scrubs the submitted value from the errors it throws, and
/// ``ChangeCredentialState`` scrubs the typed values from every error it receives and every record
/// it logs.
public struct SecretScrubber: Sendable {
    /// Each value in every form searched for, longest first (so a value that contains another is
    /// removed whole).
    private let needles: [[Unicode.Scalar]]
    /// What replaces each occurrence.
    let marker: String

    /// A scrubber for `secrets`; empty strings are ignored.
    public init(secrets: [String]) {
        var forms: [[Unicode.Scalar]] = []
        for secret in secrets where !secret.isEmpty {
            for form in [secret, secret.precomposedStringWithCanonicalMapping, secret.decomposedStringWithCanonicalMapping] {
                let scalars = Array(form.unicodeScalars)
                if !forms.contains(scalars) { forms.append(scalars) }
            }
        }
        needles = forms.sorted { $0.count > $1.count }
        let used = Set(forms.joined())
        var character: Unicode.Scalar = "•"
        if used.contains(character) {
            let candidates: [Unicode.Scalar] = ["*", "#", "_", "?", "~"]
            if let free = candidates.first(where: { !used.contains($0) }) {
                character = free
            } else {
                // Values are finite, so some private-use scalar is free.
                var value: UInt32 = 0xE000
                while let scalar = Unicode.Scalar(value), used.contains(scalar) { value += 1 }
                character = Unicode.Scalar(value) ?? "*"
            }
        }
        marker = String(repeating: String(character), count: 3)
    }

    /// Whether there is nothing to remove.
    public var isEmpty: Bool { needles.isEmpty }

    /// `text` with every occurrence of a value replaced by the marker.
    public func scrub(_ text: String) -> String {
        guard !needles.isEmpty, !text.isEmpty else { return text }
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        var changed = false
        // Left to right, at each position the longest value that starts there. No value can
        // survive: a value in the output would lie in a run of copied scalars (the marker's
        // character is in no value), and every position of such a run was checked.
        while index < scalars.count {
            if let needle = needles.first(where: { Self.matches($0, in: scalars, at: index) }) {
                output.append(contentsOf: marker.unicodeScalars)
                index += needle.count
                changed = true
            } else {
                output.append(scalars[index])
                index += 1
            }
        }
        return changed ? String(output) : text
    }

    private static func matches(_ needle: [Unicode.Scalar], in scalars: [Unicode.Scalar], at start: Int) -> Bool {
        guard needle.count <= scalars.count - start else { return false }
        for offset in 0..<needle.count where scalars[start + offset] != needle[offset] {
            return false
        }
        return true
    }

    /// `error` with every text it carries scrubbed (server code, message, description and keys;
    /// transport, decoding, configuration and token texts). Status and `Retry-After` are kept.
    public func scrub(_ error: ThunderIDError) -> ThunderIDError {
        guard !needles.isEmpty else { return error }
        switch error {
        case .server(var server):
            server.code = server.code.map(scrub)
            server.message = server.message.map(scrub)
            server.description = server.description.map(scrub)
            server.messageKey = server.messageKey.map(scrub)
            server.descriptionKey = server.descriptionKey.map(scrub)
            return .server(server)
        case .transport(let failure):
            switch failure {
            case .other(let text): return .transport(.other(scrub(text)))
            case .offline, .timeout, .tls, .cancelled, .connectionLost: return error
            }
        case .decoding(let failure):
            return .decoding(DecodingFailure(path: scrub(failure.path), reason: scrub(failure.reason)))
        case .configuration(let text):
            return .configuration(scrub(text))
        case .tokenUnavailable(let text):
            return .tokenUnavailable(scrub(text))
        case .responseTooLarge:
            // A number the client chose: nothing the server sent.
            return error
        }
    }

    /// A log record's body with every text that can come from outside scrubbed: errors in events,
    /// machines and effects, trace notes, notes and unverifiable reasons (which quote the schema's
    /// pattern). The app's own identifiers (rule ids) stay, so a log replays even after a one-letter
    /// value was typed.
    func scrub(_ body: EventLogRecord.Body) -> EventLogRecord.Body {
        guard !needles.isEmpty else { return body }
        switch body {
        case .start:
            return body
        case .evaluation(var summary):
            summary.results = summary.results.map { result in
                var result = result
                if case .unverifiable(let reason) = result.status { result.status = .unverifiable(reason: scrub(reason)) }
                return result
            }
            return .evaluation(summary)
        case .event(let event, let input):
            return .event(scrub(event), input: input)
        case .transition(let from, let event, let to, let effects):
            return .transition(from: scrub(from), event: event, to: scrub(to), effects: effects.map(scrub))
        case .effect(let effect):
            return .effect(scrub(effect))
        case .note(let message):
            return .note(scrub(message))
        }
    }

    /// Whether `body` holds any text from outside that ``scrub(_:)-(EventLogRecord.Body)`` would search:
    /// an error, a trace note, a note or an unverifiable reason. Edits, evaluations that verified
    /// every rule and their transitions hold lengths, verdicts and names only.
    static func mayCarryText(_ body: EventLogRecord.Body) -> Bool {
        switch body {
        case .start:
            return false
        case .evaluation(let summary):
            return summary.results.contains { if case .unverifiable = $0.status { true } else { false } }
        case .event(let event, _):
            return mayCarryText(event)
        case .transition(let from, _, let to, let effects):
            return mayCarryText(from) || mayCarryText(to) || effects.contains(where: mayCarryText)
        case .effect(let effect):
            return mayCarryText(effect)
        case .note:
            return true
        }
    }

    private static func mayCarryText(_ event: ChangeCredentialMachine.Event) -> Bool {
        switch event {
        case .schemaFailed, .submissionFailed: true
        case .appear, .open, .dismiss, .schemaResolved, .newValueEdited, .confirmationEdited, .toggleMasking, .submit,
             .submissionSucceeded: false
        }
    }

    private static func mayCarryText(_ effect: ChangeCredentialMachine.Effect) -> Bool {
        switch effect {
        case .notifyError, .trace: true
        case .requestSchema, .postCredential, .notifySuccess, .clearValues, .presentSheet, .dismissSheet: false
        }
    }

    private static func mayCarryText(_ machine: ChangeCredentialMachine) -> Bool {
        if machine.failure != nil { return true }
        switch machine.schema {
        case .failed: return true
        case .unrequested, .loading, .resolved: return false
        }
    }

    func scrub(_ event: ChangeCredentialMachine.Event) -> ChangeCredentialMachine.Event {
        switch event {
        case .schemaFailed(let error): .schemaFailed(scrub(error))
        case .submissionFailed(let error): .submissionFailed(scrub(error))
        case .appear, .open, .dismiss, .schemaResolved, .newValueEdited, .confirmationEdited, .toggleMasking, .submit,
             .submissionSucceeded:
            event
        }
    }

    func scrub(_ effect: ChangeCredentialMachine.Effect) -> ChangeCredentialMachine.Effect {
        switch effect {
        case .notifyError(let error): .notifyError(scrub(error))
        case .trace(let note): .trace(scrub(note))
        case .requestSchema, .postCredential, .notifySuccess, .clearValues, .presentSheet, .dismissSheet: effect
        }
    }

    func scrub(_ machine: ChangeCredentialMachine) -> ChangeCredentialMachine {
        var machine = machine
        switch machine.schema {
        case .failed(let error): machine.schema = .failed(scrub(error))
        case .unrequested, .loading, .resolved: break
        }
        switch machine.failure {
        case .schema(let error)?: machine.failure = .schema(scrub(error))
        case .submission(let error)?: machine.failure = .submission(scrub(error))
        case nil: break
        }
        return machine
    }
}
