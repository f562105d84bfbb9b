import Foundation
import ThunderID

// The JSON shape of a record (format version 2, see PoliciesAndLogging). The record and the
// machine's types are written through wrappers in this module, so an app that does not log links
// no encoding code and none of them becomes `Encodable` for apps.

/// A record as `JSONEncoder` writes it.
struct EncodableRecord: Encodable {
    let record: EventLogRecord

    func encode(to encoder: any Encoder) throws {
        try record.encodeJSON(to: encoder)
    }
}

extension EventLogRecord {
    func encodeJSON(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: LogKey.self)
        try container.encode(Self.formatVersion, forKey: "v")
        try container.encode(sequence, forKey: "seq")
        try container.encode(Self.formatTimestamp(timestamp), forKey: "ts")
        try container.encode(instance, forKey: "instance")
        try container.encode(attribute, forKey: "attribute")
        try container.encode(body.name, forKey: "record")
        switch body {
        case .start(let options):
            var nested = container.nestedContainer(keyedBy: LogKey.self, forKey: "options")
            try nested.encode(options.isStrict, forKey: "strict")
            try nested.encode(options.hasPolicyRegex, forKey: "policyRegex")
            try nested.encode(options.hasDisplayNameOverride, forKey: "displayNameOverride")
            try nested.encode(options.rules, forKey: "rules")
        case .step(let step):
            try container.encode(LoggedEvent(event: step.event), forKey: "event")
            if let input = step.input {
                var nested = container.nestedContainer(keyedBy: LogKey.self, forKey: "input")
                try nested.encode(input.newValueLength, forKey: "newValueLength")
                try nested.encode(input.confirmationLength, forKey: "confirmationLength")
            }
            if let evaluation = step.evaluation {
                var nested = container.nestedContainer(keyedBy: LogKey.self, forKey: "evaluation")
                try nested.encode(evaluation.isValid, forKey: "isValid")
                try nested.encode(evaluation.results.map { LoggedRuleStatus(status: $0) }, forKey: "results")
            }
            try container.encode(LoggedMachine(machine: step.from), forKey: "from")
            try container.encode(LoggedMachine(machine: step.to), forKey: "to")
            try container.encode(step.effects.map { LoggedEffect(effect: $0) }, forKey: "effects")
        }
    }

    /// `2026-11-29T11:40:00.123Z`: UTC, whole milliseconds (rounded), proleptic Gregorian calendar
    /// (as the reader computes); years outside 0…9999 with a sign and six digits, as JavaScript does.
    package static func formatTimestamp(_ date: Date) -> String {
        // Clamped to JavaScript's date range (±8.64e15 ms), and NaN to 1970, so any `Date` formats.
        var scaled = (date.timeIntervalSince1970 * 1000).rounded()
        if !(scaled >= -8.64e15 && scaled <= 8.64e15) { scaled = scaled.isNaN ? 0 : scaled < 0 ? -8.64e15 : 8.64e15 }
        func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
            let remainder = (value % divisor + divisor) % divisor
            return ((value - remainder) / divisor, remainder)
        }
        let (seconds, millisecond) = floorDivide(Int64(scaled), 1000)
        let (days, secondOfDay) = floorDivide(seconds, 86_400)
        // Days to a civil date, in eras of 400 years.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func padded(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let yearText = (0...9999).contains(year) ? padded(year, 4) : (year < 0 ? "-" : "+") + padded(Int64(year.magnitude), 6)
        return yearText + "-" + padded(month, 2) + "-" + padded(day, 2) + "T" + padded(secondOfDay / 3600, 2) + ":"
            + padded(secondOfDay / 60 % 60, 2) + ":" + padded(secondOfDay % 60, 2) + "." + padded(millisecond, 3) + "Z"
    }
}

struct LogKey: CodingKey, ExpressibleByStringLiteral {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(stringLiteral value: String) { stringValue = value }
}

/// `{"id":…,"status":…}`, with `"reason"` when unverifiable.
private struct LoggedRuleStatus: Encodable {
    let status: EventLogRecord.RuleStatus

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: LogKey.self)
        try container.encode(status.id, forKey: "id")
        switch status.status {
        case .passed: try container.encode("passed", forKey: "status")
        case .failed: try container.encode("failed", forKey: "status")
        case .unverifiable(let reason):
            try container.encode("unverifiable", forKey: "status")
            try container.encode(reason, forKey: "reason")
        }
    }
}

/// `{"kind":…}` and the event's payload.
private struct LoggedEvent: Encodable {
    let event: ChangeCredentialMachine.Event

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: LogKey.self)
        try container.encode(event.kind.rawValue, forKey: "kind")
        switch event {
        case .appear, .open, .dismiss, .submit, .submissionSucceeded:
            break
        case .schemaResolved(let available, let form):
            try container.encode(available, forKey: "available")
            try container.encode(form.rawValue, forKey: "form")
        case .schemaFailed(let error), .submissionFailed(let error):
            try container.encode(LoggedError(error: error), forKey: "error")
        case .newValueEdited(let form), .confirmationEdited(let form):
            try container.encode(form.rawValue, forKey: "form")
        case .toggleMasking(let field):
            try container.encode(field.rawValue, forKey: "field")
        }
    }
}

/// `{"kind":…}` and the effect's payload.
private struct LoggedEffect: Encodable {
    let effect: ChangeCredentialMachine.Effect

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: LogKey.self)
        try container.encode(effect.kind.rawValue, forKey: "kind")
        switch effect {
        case .requestSchema, .postCredential, .notifySuccess, .clearValues, .presentSheet, .dismissSheet:
            break
        case .notifyError(let error):
            try container.encode(LoggedError(error: error), forKey: "error")
        case .trace(let note):
            try container.encode(note, forKey: "note")
        }
    }
}

/// The machine's state, schema status, form, failure, masking, presentation and pending submit.
private struct LoggedMachine: Encodable {
    let machine: ChangeCredentialMachine

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: LogKey.self)
        try container.encode(machine.state.rawValue, forKey: "state")
        var schema = container.nestedContainer(keyedBy: LogKey.self, forKey: "schema")
        switch machine.schema {
        case .unrequested: try schema.encode("unrequested", forKey: "status")
        case .loading: try schema.encode("loading", forKey: "status")
        case .resolved(let available):
            try schema.encode("resolved", forKey: "status")
            try schema.encode(available, forKey: "available")
        case .failed(let error):
            try schema.encode("failed", forKey: "status")
            try schema.encode(LoggedError(error: error), forKey: "error")
        }
        try container.encode(machine.form.rawValue, forKey: "form")
        switch machine.failure {
        case nil:
            try container.encodeNil(forKey: "failure")
        case .schema(let error)?, .submission(let error)?:
            var failure = container.nestedContainer(keyedBy: LogKey.self, forKey: "failure")
            let kind = if case .schema? = machine.failure { "schema" } else { "submission" }
            try failure.encode(kind, forKey: "kind")
            try failure.encode(LoggedError(error: error), forKey: "error")
        }
        var masked = container.nestedContainer(keyedBy: LogKey.self, forKey: "masked")
        for field in ChangeCredentialMachine.Field.allCases {
            try masked.encode(machine.isMasked(field), forKey: LogKey(stringValue: field.rawValue))
        }
        try container.encode(machine.presentation.rawValue, forKey: "presentation")
        try container.encode(machine.submitPending, forKey: "submitPending")
    }
}

/// `{"type":…}` and the error's texts (scrubbed before the record was made).
private struct LoggedError: Encodable {
    let error: ThunderIDError

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: LogKey.self)
        switch error {
        case .server(let server):
            try container.encode("server", forKey: "type")
            try container.encode(server.status, forKey: "status")
            try container.encode(server.code, forKey: "code")
            try container.encode(server.message, forKey: "message")
            try container.encode(server.detail, forKey: "description")
            // A non-finite number has no JSON form.
            try container.encode(server.retryAfter.flatMap { $0.isFinite ? $0 : nil }, forKey: "retryAfter")
        case .transport(let failure), .updateUnconfirmed(let failure):
            let type = if case .transport = error { "transport" } else { "updateUnconfirmed" }
            try container.encode(type, forKey: "type")
            try container.encode(Self.name(failure), forKey: "failure")
            if case .other(let detail) = failure { try container.encode(detail, forKey: "detail") }
        case .decoding(let decoding):
            try container.encode("decoding", forKey: "type")
            try container.encode(decoding.path, forKey: "path")
            try container.encode(decoding.reason, forKey: "reason")
        case .configuration(let detail), .tokenUnavailable(let detail):
            let type = if case .configuration = error { "configuration" } else { "tokenUnavailable" }
            try container.encode(type, forKey: "type")
            try container.encode(detail, forKey: "detail")
        case .responseTooLarge(let limit):
            try container.encode("responseTooLarge", forKey: "type")
            try container.encode(limit, forKey: "limit")
        }
    }

    static func name(_ failure: TransportFailure) -> String {
        switch failure {
        case .offline: "offline"
        case .timeout: "timeout"
        case .tls: "tls"
        case .cancelled: "cancelled"
        case .connectionLost: "connectionLost"
        case .other: "other"
        }
    }
}
