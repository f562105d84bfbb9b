import Foundation

// The JSON-lines writing of the event log (format v1, see the Trace article): the record's
// members in a fixed order, written straight into bytes by `JSONLineWriter`.

extension EventLogRecord {
    /// Appends the record as one JSON line, without the newline.
    func write(to writer: inout JSONLineWriter) {
        writer.raw(#"{"v":"#)
        writer.int(Self.formatVersion)
        writer.raw(#","seq":"#)
        writer.int(sequence)
        writer.raw(#","ts":"#)
        writer.timestamp(timestamp)
        writer.raw(#","instance":"#)
        writer.string(instance)
        writer.raw(#","attribute":"#)
        writer.string(attribute)
        writer.raw(#","record":"#)
        switch body {
        case .start(let options):
            writer.raw(#""start","options":{"strict":"#)
            writer.bool(options.isStrict)
            writer.raw(#","policyRegex":"#)
            writer.bool(options.hasPolicyRegex)
            writer.raw(#","displayNameOverride":"#)
            writer.bool(options.hasDisplayNameOverride)
            writer.raw(#","rules":["#)
            for (index, rule) in options.rules.enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                writer.string(rule)
            }
            writer.raw("]}")
        case .evaluation(let summary):
            writer.raw(#""evaluation","newValueLength":"#)
            writer.int(summary.input.newValueLength)
            writer.raw(#","confirmationLength":"#)
            writer.int(summary.input.confirmationLength)
            writer.raw(#","isValid":"#)
            writer.bool(summary.isValid)
            writer.raw(#","results":["#)
            for (index, result) in summary.results.enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                Self.write(result, to: &writer)
            }
            writer.byte(UInt8(ascii: "]"))
        case .event(let event, let input):
            writer.raw(#""event","event":"#)
            Self.write(event, to: &writer)
            if let input {
                writer.raw(#","input":{"newValueLength":"#)
                writer.int(input.newValueLength)
                writer.raw(#","confirmationLength":"#)
                writer.int(input.confirmationLength)
                writer.byte(UInt8(ascii: "}"))
            }
        case .transition(let from, let event, let to, let effects):
            writer.raw(#""transition","event":"#)
            writer.identifier(event.rawValue)
            writer.raw(#","from":"#)
            Self.write(from, to: &writer)
            writer.raw(#","to":"#)
            Self.write(to, to: &writer)
            writer.raw(#","effects":["#)
            for (index, effect) in effects.enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                Self.write(effect, to: &writer)
            }
            writer.byte(UInt8(ascii: "]"))
        case .effect(let effect):
            writer.raw(#""effect","effect":"#)
            Self.write(effect, to: &writer)
        case .note(let message):
            writer.raw(#""note","message":"#)
            writer.string(message)
        }
        writer.byte(UInt8(ascii: "}"))
    }

    static func write(_ status: RuleStatus, to writer: inout JSONLineWriter) {
        writer.raw(#"{"id":"#)
        writer.string(status.id)
        switch status.status {
        case .passed:
            writer.raw(#","status":"passed"}"#)
        case .failed:
            writer.raw(#","status":"failed"}"#)
        case .unverifiable(let reason):
            writer.raw(#","status":"unverifiable","reason":"#)
            writer.string(reason)
            writer.byte(UInt8(ascii: "}"))
        }
    }

    static func write(_ event: ChangeCredentialMachine.Event, to writer: inout JSONLineWriter) {
        writer.raw(#"{"kind":"#)
        writer.identifier(event.kind.rawValue)
        switch event {
        case .appear, .open, .dismiss, .submit, .submissionSucceeded:
            break
        case .schemaResolved(let available, let form):
            writer.raw(#","available":"#)
            writer.bool(available)
            writer.raw(#","form":"#)
            writer.identifier(form.rawValue)
        case .schemaFailed(let error), .submissionFailed(let error):
            writer.raw(#","error":"#)
            write(error, to: &writer)
        case .newValueEdited(let form), .confirmationEdited(let form):
            writer.raw(#","form":"#)
            writer.identifier(form.rawValue)
        case .toggleMasking(let field):
            writer.raw(#","field":"#)
            writer.identifier(field.rawValue)
        }
        writer.byte(UInt8(ascii: "}"))
    }

    static func write(_ effect: ChangeCredentialMachine.Effect, to writer: inout JSONLineWriter) {
        writer.raw(#"{"kind":"#)
        writer.identifier(effect.kind.rawValue)
        switch effect {
        case .requestSchema, .postCredential, .notifySuccess, .clearValues, .presentSheet, .dismissSheet:
            break
        case .notifyError(let error):
            writer.raw(#","error":"#)
            write(error, to: &writer)
        case .trace(let note):
            writer.raw(#","note":"#)
            writer.string(note)
        }
        writer.byte(UInt8(ascii: "}"))
    }

    static func write(_ machine: ChangeCredentialMachine, to writer: inout JSONLineWriter) {
        writer.raw(#"{"state":"#)
        writer.identifier(machine.state.rawValue)
        writer.raw(#","schema":{"status":"#)
        switch machine.schema {
        case .unrequested:
            writer.raw(#""unrequested"}"#)
        case .loading:
            writer.raw(#""loading"}"#)
        case .resolved(let available):
            writer.raw(#""resolved","available":"#)
            writer.bool(available)
            writer.byte(UInt8(ascii: "}"))
        case .failed(let error):
            writer.raw(#""failed","error":"#)
            write(error, to: &writer)
            writer.byte(UInt8(ascii: "}"))
        }
        writer.raw(#","form":"#)
        writer.identifier(machine.form.rawValue)
        writer.raw(#","failure":"#)
        switch machine.failure {
        case nil:
            writer.raw("null")
        case .schema(let error)?:
            writer.raw(#"{"kind":"schema","error":"#)
            write(error, to: &writer)
            writer.byte(UInt8(ascii: "}"))
        case .submission(let error)?:
            writer.raw(#"{"kind":"submission","error":"#)
            write(error, to: &writer)
            writer.byte(UInt8(ascii: "}"))
        }
        writer.raw(#","masked":{"#)
        if machine.isFreshlyMasked {
            // Both masked, as every sheet opens.
            writer.raw(#""newValue":true,"confirmation":true"#)
        } else {
            for (index, field) in ChangeCredentialMachine.Field.allCases.enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                writer.identifier(field.rawValue)
                writer.byte(UInt8(ascii: ":"))
                writer.bool(machine.isMasked(field))
            }
        }
        writer.raw(#"},"presentation":"#)
        writer.identifier(machine.presentation.rawValue)
        writer.raw(#","submitPending":"#)
        writer.bool(machine.submitPending)
        writer.byte(UInt8(ascii: "}"))
    }

    static func write(_ error: ThunderIDError, to writer: inout JSONLineWriter) {
        switch error {
        case .server(let server):
            writer.raw(#"{"type":"server","status":"#)
            writer.int(server.status)
            writer.raw(#","code":"#)
            writer.optionalString(server.code)
            writer.raw(#","message":"#)
            writer.optionalString(server.message)
            writer.raw(#","description":"#)
            writer.optionalString(server.description)
            writer.raw(#","retryAfter":"#)
            if let retryAfter = server.retryAfter { writer.number(retryAfter) } else { writer.raw("null") }
            writer.byte(UInt8(ascii: "}"))
        case .transport(let failure):
            writer.raw(#"{"type":"transport","failure":"#)
            switch failure {
            case .offline: writer.raw(#""offline""#)
            case .timeout: writer.raw(#""timeout""#)
            case .tls: writer.raw(#""tls""#)
            case .cancelled: writer.raw(#""cancelled""#)
            case .connectionLost: writer.raw(#""connectionLost""#)
            case .other(let detail):
                writer.raw(#""other","detail":"#)
                writer.string(detail)
            }
            writer.byte(UInt8(ascii: "}"))
        case .decoding(let failure):
            writer.raw(#"{"type":"decoding","path":"#)
            writer.string(failure.path)
            writer.raw(#","reason":"#)
            writer.string(failure.reason)
            writer.byte(UInt8(ascii: "}"))
        case .configuration(let detail):
            writer.raw(#"{"type":"configuration","detail":"#)
            writer.string(detail)
            writer.byte(UInt8(ascii: "}"))
        case .tokenUnavailable(let detail):
            writer.raw(#"{"type":"tokenUnavailable","detail":"#)
            writer.string(detail)
            writer.byte(UInt8(ascii: "}"))
        }
    }
}
