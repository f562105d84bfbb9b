import Foundation
import JSONCore
import JSONWriting
import ThunderID

// The JSON-lines writing of the event log (format v1, see the Trace article): the record's
// members in a fixed order, written straight into bytes by `JSONLineWriter`. Keys are written
// together with the constant text around them (a boolean with its key, the machine's names from
// `StaticString`s in EventLogRecord+JSONNames.swift), so a keystroke's three records take a few
// dozen copies of constant bytes and no string building.

extension EventLogRecord {
    /// Appends the record as one JSON line, without the newline.
    func write(to writer: inout JSONLineWriter) {
        Self.writeOpening(sequence: sequence, timestamp: timestamp, to: &writer)
        Self.writeIdentity(instance: instance, attribute: attribute, to: &writer)
        Self.write(body, to: &writer)
    }

    /// `{"v":1,"seq":…,"ts":"…"`: the members before the instance.
    @inline(__always)
    static func writeOpening(sequence: Int, timestamp: Date, to writer: inout JSONLineWriter) {
        writer.raw(#"{"v":1,"seq":"#)  // 1: formatVersion (the reader refuses any other)
        writer.int(sequence)
        writer.raw(#","ts":"#)
        writer.timestamp(timestamp)
    }

    /// `,"instance":"…","attribute":"…","record":`: the members every record of one instance
    /// repeats (``EventLogLineWriter`` writes them once per instance and keeps the bytes).
    static func writeIdentity(instance: String, attribute: String, to writer: inout JSONLineWriter) {
        writer.raw(#","instance":"#)
        writer.string(instance)
        writer.raw(#","attribute":"#)
        writer.string(attribute)
        writer.raw(#","record":"#)
    }

    /// The record's name and its members, and the closing brace.
    static func write(_ body: Body, to writer: inout JSONLineWriter) {
        var ruleIDs = RuleIDTexts(keeps: false)
        write(body, to: &writer, ruleIDs: &ruleIDs)
    }

    /// The record's name and its members, and the closing brace; rule ids through `ruleIDs`.
    static func write(_ body: Body, to writer: inout JSONLineWriter, ruleIDs: inout RuleIDTexts) {
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
            writer.raw(summary.isValid ? #","isValid":true,"results":["# : #","isValid":false,"results":["#)
            for (index, result) in summary.results.enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                Self.write(result, to: &writer, ruleIDs: &ruleIDs)
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
            writer.raw(Self.jsonName(event))
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

    static func write(_ status: RuleStatus, to writer: inout JSONLineWriter, ruleIDs: inout RuleIDTexts) {
        ruleIDs.write(status.id, to: &writer)
        switch status.status {
        case .passed:
            writer.raw(#""passed"}"#)
        case .failed:
            writer.raw(#""failed"}"#)
        case .unverifiable(let reason):
            writer.raw(#""unverifiable","reason":"#)
            writer.string(reason)
            writer.byte(UInt8(ascii: "}"))
        }
    }

    static func write(_ event: ChangeCredentialMachine.Event, to writer: inout JSONLineWriter) {
        writer.raw(#"{"kind":"#)
        writer.raw(jsonName(event.kind))
        switch event {
        case .appear, .open, .dismiss, .submit, .submissionSucceeded:
            break
        case .schemaResolved(let available, let form):
            writer.raw(available ? #","available":true,"form":"# : #","available":false,"form":"#)
            writer.raw(jsonName(form))
        case .schemaFailed(let error), .submissionFailed(let error):
            writer.raw(#","error":"#)
            write(error, to: &writer)
        case .newValueEdited(let form), .confirmationEdited(let form):
            writer.raw(#","form":"#)
            writer.raw(jsonName(form))
        case .toggleMasking(let field):
            writer.raw(#","field":"#)
            writer.raw(jsonName(field))
        }
        writer.byte(UInt8(ascii: "}"))
    }

    static func write(_ effect: ChangeCredentialMachine.Effect, to writer: inout JSONLineWriter) {
        writer.raw(#"{"kind":"#)
        writer.raw(jsonName(effect.kind))
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
        writer.raw(jsonName(machine.state))
        switch machine.schema {
        case .unrequested:
            writer.raw(#","schema":{"status":"unrequested"},"form":"#)
        case .loading:
            writer.raw(#","schema":{"status":"loading"},"form":"#)
        case .resolved(let available):
            writer.raw(available ? #","schema":{"status":"resolved","available":true},"form":"#
                                 : #","schema":{"status":"resolved","available":false},"form":"#)
        case .failed(let error):
            writer.raw(#","schema":{"status":"failed","error":"#)
            write(error, to: &writer)
            writer.raw(#"},"form":"#)
        }
        writer.raw(jsonName(machine.form))
        switch machine.failure {
        case nil:
            writer.raw(#","failure":null,"masked":{"#)
        case .schema(let error)?:
            writer.raw(#","failure":{"kind":"schema","error":"#)
            write(error, to: &writer)
            writer.raw(#"},"masked":{"#)
        case .submission(let error)?:
            writer.raw(#","failure":{"kind":"submission","error":"#)
            write(error, to: &writer)
            writer.raw(#"},"masked":{"#)
        }
        if machine.isFreshlyMasked {
            // Both masked, as every sheet opens.
            writer.raw(#""newValue":true,"confirmation":true},"presentation":"#)
        } else {
            for (index, field) in ChangeCredentialMachine.Field.allCases.enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                writer.raw(jsonName(field))
                writer.raw(machine.isMasked(field) ? ":true" : ":false")
            }
            writer.raw(#"},"presentation":"#)
        }
        writer.raw(jsonName(machine.presentation))
        writer.raw(machine.submitPending ? #","submitPending":true}"# : #","submitPending":false}"#)
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
            writer.optionalString(server.detail)
            writer.raw(#","retryAfter":"#)
            if let retryAfter = server.retryAfter { writer.number(retryAfter) } else { writer.raw("null") }
            writer.byte(UInt8(ascii: "}"))
        case .transport(let failure):
            writer.raw(#"{"type":"transport","failure":"#)
            writeFailure(failure)
            writer.byte(UInt8(ascii: "}"))
        case .updateUnconfirmed(let failure):
            writer.raw(#"{"type":"updateUnconfirmed","failure":"#)
            writeFailure(failure)
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
        case .responseTooLarge(let limit):
            writer.raw(#"{"type":"responseTooLarge","limit":"#)
            writer.int(limit)
            writer.byte(UInt8(ascii: "}"))
        }

        /// `"timeout"`, or `"other","detail":"…"`: the failure and, for `other`, its text.
        func writeFailure(_ failure: TransportFailure) {
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
        }
    }
}

/// `{"id":"…","status":` for rule ids: written once per id and kept when ``keeps`` (the file log's
/// writer, whose evaluations name the same few rules on every keystroke), written each time
/// otherwise.
struct RuleIDTexts {
    /// Whether texts are kept.
    let keeps: Bool
    /// The ids kept, and where each one's text ends in ``texts``.
    private var ids: [String] = []
    private var ends: [Int] = []
    private var texts: [UInt8] = []
    /// At most this many ids are kept (a configuration has a handful of rules).
    static let capacity = 32

    init(keeps: Bool) {
        self.keeps = keeps
    }

    /// Appends `{"id":"<id>","status":` to `writer`.
    mutating func write(_ id: String, to writer: inout JSONLineWriter) {
        if keeps {
            for index in ids.indices where ids[index] == id {
                let start = index == 0 ? 0 : ends[index - 1]
                texts.withUnsafeBytes { writer.raw(UnsafeRawBufferPointer(rebasing: $0[start..<ends[index]])) }
                return
            }
        }
        let start = writer.count
        writer.raw(#"{"id":"#)
        writer.string(id)
        writer.raw(#","status":"#)
        if keeps, ids.count < Self.capacity {
            writer.withBytes { texts.append(contentsOf: $0[start...]) }
            ids.append(id)
            ends.append(texts.count)
        }
    }
}
