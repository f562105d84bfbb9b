import Foundation

// The JSON shape of a record (format version 2, see PoliciesAndLogging): the common members
// (`v`, `seq`, `ts`, `instance`, `attribute`, `record`), then the body's. The machine's types are
// written through small wrappers here, so they do not become `Encodable` for apps.

extension EventLogRecord: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: LogKey.self)
        try container.put(["v": Self.formatVersion, "seq": sequence, "ts": Self.formatTimestamp(timestamp), "instance": instance,
                           "attribute": attribute, "record": body.name])
        switch body {
        case .start(let options):
            var nested = container.nestedContainer(keyedBy: LogKey.self, forKey: "options")
            try nested.put(["strict": options.isStrict, "policyRegex": options.hasPolicyRegex,
                            "displayNameOverride": options.hasDisplayNameOverride, "rules": options.rules])
        case .step(let step):
            try container.put(["event": LoggedEvent(step.event), "from": LoggedMachine(step.from), "to": LoggedMachine(step.to),
                               "effects": step.effects.map(LoggedEffect.init)])
            if let input = step.input {
                var nested = container.nestedContainer(keyedBy: LogKey.self, forKey: "input")
                try nested.put(["newValueLength": input.newValueLength, "confirmationLength": input.confirmationLength])
            }
            if let evaluation = step.evaluation {
                var nested = container.nestedContainer(keyedBy: LogKey.self, forKey: "evaluation")
                try nested.put(["isValid": evaluation.isValid, "results": evaluation.results.map(LoggedRuleStatus.init)])
            }
        }
    }

    /// `2026-11-29T11:40:00.123Z`: UTC, whole milliseconds (rounded to the nearest), in the proleptic
    /// Gregorian calendar for every year (the reader computes the same way, so a timestamp reads back
    /// to the same date). Years outside 0…9999 are written with a sign and six digits, as JavaScript does.
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

/// A member name.
struct LogKey: CodingKey, ExpressibleByStringLiteral {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
    init(stringLiteral value: String) { stringValue = value }
}

extension KeyedEncodingContainer<LogKey> {
    /// Encodes each member in turn (a `nil` optional as `null`).
    mutating func put(_ members: KeyValuePairs<LogKey, any Encodable>) throws {
        for (key, value) in members { try encode(value, forKey: key) }
    }
}

/// `{"id":…,"status":…}`, with `"reason"` when unverifiable.
private struct LoggedRuleStatus: Encodable {
    let status: EventLogRecord.RuleStatus
    init(_ status: EventLogRecord.RuleStatus) { self.status = status }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: LogKey.self)
        switch status.status {
        case .passed: try container.put(["id": status.id, "status": "passed"])
        case .failed: try container.put(["id": status.id, "status": "failed"])
        case .unverifiable(let reason): try container.put(["id": status.id, "status": "unverifiable", "reason": reason])
        }
    }
}

/// `{"kind":…}` and the event's payload.
private struct LoggedEvent: Encodable {
    let event: ChangeCredentialMachine.Event
    init(_ event: ChangeCredentialMachine.Event) { self.event = event }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: LogKey.self)
        try container.encode(event.kind.rawValue, forKey: "kind")
        switch event {
        case .appear, .open, .dismiss, .submit, .submissionSucceeded: break
        case .schemaResolved(let available, let form): try container.put(["available": available, "form": form.rawValue])
        case .schemaFailed(let error), .submissionFailed(let error): try container.encode(LoggedError(error), forKey: "error")
        case .newValueEdited(let form), .confirmationEdited(let form): try container.encode(form.rawValue, forKey: "form")
        case .toggleMasking(let field): try container.encode(field.rawValue, forKey: "field")
        }
    }
}

/// `{"kind":…}` and the effect's payload.
private struct LoggedEffect: Encodable {
    let effect: ChangeCredentialMachine.Effect
    init(_ effect: ChangeCredentialMachine.Effect) { self.effect = effect }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: LogKey.self)
        try container.encode(effect.kind.rawValue, forKey: "kind")
        switch effect {
        case .requestSchema, .postCredential, .notifySuccess, .clearValues, .presentSheet, .dismissSheet: break
        case .notifyError(let error): try container.encode(LoggedError(error), forKey: "error")
        case .trace(let note): try container.encode(note, forKey: "note")
        }
    }
}

/// The machine's state, schema status, form, failure, masking, presentation and pending submit.
private struct LoggedMachine: Encodable {
    let machine: ChangeCredentialMachine
    init(_ machine: ChangeCredentialMachine) { self.machine = machine }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: LogKey.self)
        try container.put(["state": machine.state.rawValue, "form": machine.form.rawValue,
                           "presentation": machine.presentation.rawValue, "submitPending": machine.submitPending])
        var schema = container.nestedContainer(keyedBy: LogKey.self, forKey: "schema")
        switch machine.schema {
        case .unrequested: try schema.put(["status": "unrequested"])
        case .loading: try schema.put(["status": "loading"])
        case .resolved(let available): try schema.put(["status": "resolved", "available": available])
        case .failed(let error): try schema.put(["status": "failed", "error": LoggedError(error)])
        }
        switch machine.failure {
        case nil: try container.encodeNil(forKey: "failure")
        case .schema(let error)?:
            var failure = container.nestedContainer(keyedBy: LogKey.self, forKey: "failure")
            try failure.put(["kind": "schema", "error": LoggedError(error)])
        case .submission(let error)?:
            var failure = container.nestedContainer(keyedBy: LogKey.self, forKey: "failure")
            try failure.put(["kind": "submission", "error": LoggedError(error)])
        }
        var masked = container.nestedContainer(keyedBy: LogKey.self, forKey: "masked")
        for field in ChangeCredentialMachine.Field.allCases {
            try masked.encode(machine.isMasked(field), forKey: LogKey(stringValue: field.rawValue))
        }
    }
}

/// `{"type":…}` and the error's texts (scrubbed before the record was made).
private struct LoggedError: Encodable {
    let error: ThunderIDError
    init(_ error: ThunderIDError) { self.error = error }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: LogKey.self)
        switch error {
        case .server(let server):
            // A non-finite number has no JSON form.
            try container.put(["type": "server", "status": server.status, "code": server.code, "message": server.message,
                               "description": server.detail, "retryAfter": server.retryAfter.flatMap { $0.isFinite ? $0 : nil }])
        case .transport(let failure), .updateUnconfirmed(let failure):
            let type = if case .transport = error { "transport" } else { "updateUnconfirmed" }
            try container.put(["type": type, "failure": Self.name(failure)])
            if case .other(let detail) = failure { try container.encode(detail, forKey: "detail") }
        case .decoding(let decoding): try container.put(["type": "decoding", "path": decoding.path, "reason": decoding.reason])
        case .configuration(let detail): try container.put(["type": "configuration", "detail": detail])
        case .tokenUnavailable(let detail): try container.put(["type": "tokenUnavailable", "detail": detail])
        case .responseTooLarge(let limit): try container.put(["type": "responseTooLarge", "limit": limit])
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
