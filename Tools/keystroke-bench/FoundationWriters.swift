import Foundation
import ThunderID

// The event log's three records of one keystroke, written with Foundation instead of the
// package's writer, to measure what Foundation would cost the file log. Both Foundation
// contenders get the timestamp already formatted (they measure JSON building alone), so the
// comparison favours them.

/// The machine as the log writes it.
private func machineObject(_ machine: ChangeCredentialMachine) -> [String: Any] {
    let schema: [String: Any] = switch machine.schema {
    case .unrequested: ["status": "unrequested"]
    case .loading: ["status": "loading"]
    case .resolved(let available): ["status": "resolved", "available": available]
    case .failed: ["status": "failed"]
    }
    return [
        "state": machine.state.rawValue, "schema": schema, "form": machine.form.rawValue, "failure": NSNull(),
        "masked": Dictionary(uniqueKeysWithValues: ChangeCredentialMachine.Field.allCases.map { ($0.rawValue, machine.isMasked($0)) }),
        "presentation": machine.presentation.rawValue, "submitPending": machine.submitPending,
    ]
}

/// `JSONSerialization` over `[String: Any]` trees.
func foundationSerializationLine(_ record: EventLogRecord, timestamp: String) -> Data {
    var object: [String: Any] = ["v": 1, "seq": record.sequence, "ts": timestamp, "instance": record.instance,
                                 "attribute": record.attribute, "record": record.body.name]
    switch record.body {
    case .event(let event, let input):
        var eventObject: [String: Any] = ["kind": event.kind.rawValue]
        if case .newValueEdited(let form) = event { eventObject["form"] = form.rawValue }
        if case .confirmationEdited(let form) = event { eventObject["form"] = form.rawValue }
        object["event"] = eventObject
        if let input {
            object["input"] = ["newValueLength": input.newValueLength, "confirmationLength": input.confirmationLength]
        }
    case .evaluation(let summary):
        object["newValueLength"] = summary.input.newValueLength
        object["confirmationLength"] = summary.input.confirmationLength
        object["isValid"] = summary.isValid
        object["results"] = summary.results.map { result -> [String: Any] in
            switch result.status {
            case .passed: ["id": result.id, "status": "passed"]
            case .failed: ["id": result.id, "status": "failed"]
            case .unverifiable(let reason): ["id": result.id, "status": "unverifiable", "reason": reason]
            }
        }
    case .transition(let from, let event, let to, let effects):
        object["event"] = event.rawValue
        object["from"] = machineObject(from)
        object["to"] = machineObject(to)
        object["effects"] = effects.map { ["kind": $0.kind.rawValue] }
    case .start, .effect, .note:
        break
    }
    var data = (try? JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes])) ?? Data()
    data.append(0x0A)
    return data
}

// MARK: - JSONEncoder with Codable mirrors

private struct SchemaDTO: Encodable {
    var status: String
    var available: Bool?
}

private struct MachineDTO: Encodable {
    var state: String
    var schema: SchemaDTO
    var form: String
    var failure: String?
    var masked: [String: Bool]
    var presentation: String
    var submitPending: Bool

    init(_ machine: ChangeCredentialMachine) {
        state = machine.state.rawValue
        schema = switch machine.schema {
        case .unrequested: SchemaDTO(status: "unrequested")
        case .loading: SchemaDTO(status: "loading")
        case .resolved(let available): SchemaDTO(status: "resolved", available: available)
        case .failed: SchemaDTO(status: "failed")
        }
        form = machine.form.rawValue
        failure = nil
        masked = Dictionary(uniqueKeysWithValues: ChangeCredentialMachine.Field.allCases.map { ($0.rawValue, machine.isMasked($0)) })
        presentation = machine.presentation.rawValue
        submitPending = machine.submitPending
    }
}

private struct EventDTO: Encodable {
    var kind: String
    var form: String?
}

private struct InputDTO: Encodable {
    var newValueLength: Int
    var confirmationLength: Int
}

private struct ResultDTO: Encodable {
    var id: String
    var status: String
    var reason: String?
}

private struct EffectDTO: Encodable {
    var kind: String
}

private struct RecordDTO: Encodable {
    var v = 1
    var seq: Int
    var ts: String
    var instance: String
    var attribute: String
    var record: String
    // event
    var event: EventDTO?
    var input: InputDTO?
    // evaluation
    var newValueLength: Int?
    var confirmationLength: Int?
    var isValid: Bool?
    var results: [ResultDTO]?
    // transition
    var transitionEvent: String?
    var from: MachineDTO?
    var to: MachineDTO?
    var effects: [EffectDTO]?
}

/// `JSONEncoder` over `Codable` mirrors of the records.
func foundationEncoderLine(_ record: EventLogRecord, timestamp: String, encoder: JSONEncoder) -> Data {
    var dto = RecordDTO(seq: record.sequence, ts: timestamp, instance: record.instance, attribute: record.attribute,
                        record: record.body.name)
    switch record.body {
    case .event(let event, let input):
        var form: String?
        if case .newValueEdited(let value) = event { form = value.rawValue }
        if case .confirmationEdited(let value) = event { form = value.rawValue }
        dto.event = EventDTO(kind: event.kind.rawValue, form: form)
        dto.input = input.map { InputDTO(newValueLength: $0.newValueLength, confirmationLength: $0.confirmationLength) }
    case .evaluation(let summary):
        dto.newValueLength = summary.input.newValueLength
        dto.confirmationLength = summary.input.confirmationLength
        dto.isValid = summary.isValid
        dto.results = summary.results.map { result in
            switch result.status {
            case .passed: ResultDTO(id: result.id, status: "passed")
            case .failed: ResultDTO(id: result.id, status: "failed")
            case .unverifiable(let reason): ResultDTO(id: result.id, status: "unverifiable", reason: reason)
            }
        }
    case .transition(let from, let event, let to, let effects):
        dto.transitionEvent = event.rawValue
        dto.from = MachineDTO(from)
        dto.to = MachineDTO(to)
        dto.effects = effects.map { EffectDTO(kind: $0.kind.rawValue) }
    case .start, .effect, .note:
        break
    }
    var data = (try? encoder.encode(dto)) ?? Data()
    data.append(0x0A)
    return data
}
