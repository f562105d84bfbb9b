import Foundation

/// Removes known secret values (what the user typed) from text that came from outside, such as a
/// server's error message quoting the submitted value, before it reaches logs, errors or the UI.
///
/// Text and values are compared folded (``FoldedText``: case, Unicode normalization, no
/// default-ignorables) and the text also in its decoded views (``EncodedText``). Every span made of
/// runs of at least ``minimumPartLength`` consecutive folded code points of a value is removed, so a
/// value cut short or quoted in part goes too; a shorter value is removed only whole. Each span
/// becomes a marker of three characters that fold into no value (`•••` unless a value holds `•`).
/// A text over ``maximumTextLength`` scalars, or any text while a value is over
/// ``maximumSecretBytes``, becomes the marker alone. Linear in the text and the values.
///
/// ```swift
/// let scrubber = SecretScrubber(secrets: ["hunter22"])
/// scrubber.scrub("'hunter22' is too weak")   // "'•••' is too weak"
/// scrubber.scrub("HUNTER%32%32 was found")   // "••• was found"
/// scrubber.scrub("starts with hunt")         // "starts with •••"
/// ```
package struct SecretScrubber: Sendable {
    /// The shortest run of a value's folded code points removed wherever it appears: 4.
    package static let minimumPartLength = SecretParts.minimumPartLength

    /// The longest text scrubbed span by span, in scalars; a longer one becomes the marker.
    package static let maximumTextLength = 65_536

    /// The longest value searched for, in UTF-8 bytes; while a longer one is known, every text becomes
    /// the marker.
    package static let maximumSecretBytes = 65_536

    private let parts: SecretParts
    /// Whether a value is too long to search for: every text is replaced whole.
    private let isOpaque: Bool
    let marker: String

    /// A scrubber for `secrets`; empty strings are ignored.
    package init(secrets: [String]) {
        var parts = SecretParts()
        var used = Set<UInt32>()
        var opaque = false
        var folding = ScalarFolding()
        for secret in secrets where !secret.isEmpty {
            guard secret.utf8.count <= Self.maximumSecretBytes else {
                opaque = true
                continue
            }
            let folded = FoldedText(Array(secret.unicodeScalars), folding: &folding).values
            used.formUnion(folded)
            parts.insert(folded: folded, typed: secret.unicodeScalars.map(\.value))
            // A server may echo the value reversed (a short value only as typed: reversed, it would match words).
            if folded.count >= Self.minimumPartLength { parts.insert(folded: folded.reversed(), typed: []) }
        }
        self.parts = parts
        self.isOpaque = opaque
        var character: Unicode.Scalar = "•"
        if used.contains(character.value) {
            let candidates: [Unicode.Scalar] = ["*", "#", "_", "?", "~"]
            if let free = candidates.first(where: { !used.contains($0.value) }) {
                character = free
            } else {
                // Values are finite, so some private-use scalar (each folds to itself) is free.
                var value: UInt32 = 0xE000
                while used.contains(value) { value += 1 }
                character = Unicode.Scalar(value) ?? "*"
            }
        }
        marker = String(repeating: String(character), count: 3)
    }

    package var isEmpty: Bool { parts.isEmpty && !isOpaque }

    /// `text` with every part of a value replaced by the marker, or the marker alone past the bounds.
    package func scrub(_ text: String) -> String {
        var folding = ScalarFolding()
        return scrub(text, folding: &folding)
    }

    /// ``scrub(_:)-(String)`` sharing folds across one error's texts; the text is searched as written
    /// and in every decoded view, and spans are removed from the text as written.
    private func scrub(_ text: String, folding: inout ScalarFolding) -> String {
        guard !isEmpty, !text.isEmpty else { return text }
        if isOpaque { return marker }
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= Self.maximumTextLength else { return marker }
        var spans: [(first: Int, last: Int)] = []
        for view in [EncodedText(scalars)] + EncodedText.decodedViews(of: scalars) {
            let folded = FoldedText(view, folding: &folding)
            parts.collectSpans(values: folded.values, origins: folded.origins, includingShortValues: view.matchesShortValues,
                               into: &spans)
        }
        parts.collectInvisibleSpans(in: scalars, into: &spans)
        guard !spans.isEmpty else { return text }
        return String(SecretParts.replacing(spans, in: scalars, with: marker.unicodeScalars))
    }

    /// `error` with every text it carries scrubbed; the status, `Retry-After` and a code from
    /// ``ServerError/knownCodes`` are kept (scrubbing `USR-1029` for a PIN holding `1029` would tell a
    /// log reader so).
    package func scrub(_ error: ThunderIDError) -> ThunderIDError {
        guard !isEmpty else { return error }
        // One error's texts share their folds (a server repeats itself across fields).
        var folding = ScalarFolding()
        func scrub(_ text: String) -> String { self.scrub(text, folding: &folding) }
        func scrub(_ failure: TransportFailure) -> TransportFailure {
            switch failure {
            case .other(let text): .other(scrub(text))
            case .offline, .timeout, .tls, .cancelled, .connectionLost: failure
            }
        }
        switch error {
        case .server(var server):
            server.code = server.code.map { ServerError.knownCodes.contains($0) ? $0 : scrub($0) }
            server.message = server.message.map(scrub)
            server.detail = server.detail.map(scrub)
            server.messageKey = server.messageKey.map(scrub)
            server.detailKey = server.detailKey.map(scrub)
            return .server(server)
        case .transport(let failure):
            return .transport(scrub(failure))
        case .decoding(let failure):
            return .decoding(DecodingFailure(path: scrub(failure.path), reason: scrub(failure.reason)))
        case .configuration(let text):
            return .configuration(scrub(text))
        case .tokenUnavailable(let text):
            return .tokenUnavailable(scrub(text))
        case .updateUnconfirmed(let failure):
            return .updateUnconfirmed(scrub(failure))
        case .responseTooLarge:
            // A number the client chose: nothing the server sent.
            return error
        }
    }

    /// A log record's body with every text that can come from outside scrubbed: errors in events,
    /// machines and effects, and unverifiable reasons (which quote the schema's pattern).
    /// The app's own identifiers (rule ids) and the machine's own trace notes (constant texts)
    /// stay, so a log replays whatever was typed.
    func scrub(_ body: EventLogRecord.Body) -> EventLogRecord.Body {
        guard !isEmpty else { return body }
        switch body {
        case .start:
            return body
        case .step(var step):
            if var evaluation = step.evaluation {
                evaluation.results = evaluation.results.map { result in
                    var result = result
                    if case .unverifiable(let reason) = result.status { result.status = .unverifiable(reason: scrub(reason)) }
                    return result
                }
                step.evaluation = evaluation
            }
            step.event = scrub(step.event)
            step.from = scrub(step.from)
            step.to = scrub(step.to)
            step.effects = step.effects.map(scrub)
            return .step(step)
        }
    }

    /// Whether `body` holds any text from outside that ``scrub(_:)-(EventLogRecord.Body)`` would search:
    /// an error or an unverifiable reason. Edits, evaluations that verified every rule and their
    /// machines hold lengths, verdicts and names only.
    static func mayCarryText(_ body: EventLogRecord.Body) -> Bool {
        switch body {
        case .start:
            return false
        case .step(let step):
            return step.evaluation?.results.contains { if case .unverifiable = $0.status { true } else { false } } == true
                || mayCarryText(step.event) || mayCarryText(step.from) || mayCarryText(step.to)
                || step.effects.contains(where: mayCarryText)
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
        case .notifyError: true
        // The machine's own constant text, compared when a log is replayed.
        case .trace: false
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
        case .trace, .requestSchema, .postCredential, .notifySuccess, .clearValues, .presentSheet, .dismissSheet: effect
        }
    }

    func scrub(_ machine: ChangeCredentialMachine) -> ChangeCredentialMachine {
        var machine = machine
        switch machine.schema {
        case .failed(let error): machine.schema = .failed(scrub(error))
        case .unrequested, .loading, .resolved: break
        }
        switch machine.stage {
        case .failed(.schema(let error)): machine.stage = .failed(.schema(scrub(error)))
        case .failed(.submission(let error)): machine.stage = .failed(.submission(scrub(error)))
        case .closed, .unavailable, .editing, .invalid, .submitting, .succeeded: break
        }
        return machine
    }
}
