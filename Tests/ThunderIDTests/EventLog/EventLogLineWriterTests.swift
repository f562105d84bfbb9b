import Foundation
@testable import ThunderID
@testable import ThunderIDEventLog
@testable import ThunderIDSpec
import Testing

@Suite("The file log's line writer")
struct EventLogLineWriterTests {
    static let errors = EventLogFormatTests.errors

    /// Every kind of body: the machine's whole transition table, errors everywhere they appear,
    /// and the start, evaluation and note records.
    static var bodies: [EventLogRecord.Body] {
        var bodies: [EventLogRecord.Body] = []
        for row in ChangeCredentialMachine.transitionTable {
            bodies.append(.event(row.event, input: nil))
            bodies.append(.event(row.event, input: .init(newValueLength: 12, confirmationLength: 0)))
            bodies.append(.transition(from: row.from, event: row.event.kind, to: row.to, effects: row.effects))
            bodies += row.effects.map { .effect($0) }
        }
        for error in errors {
            let machine = ChangeCredentialMachine(state: .failed, schema: .failed(error), form: .valid,
                                                  failure: .schema(error), masking: .init(newValue: false, confirmation: true),
                                                  presentation: .inline, submitPending: true)
            bodies.append(.transition(from: machine, event: .submissionFailed, to: machine, effects: [.notifyError(error)]))
            bodies.append(.event(.submissionFailed(error), input: nil))
        }
        bodies.append(.start(.init(isStrict: false, hasPolicyRegex: true, hasDisplayNameOverride: true, rules: ["nonEmpty", "a\"b"])))
        bodies.append(.evaluation(.init(input: .init(newValueLength: 3, confirmationLength: 1), isValid: true, results: [
            .init(id: "nonEmpty", status: .passed), .init(id: "regex", status: .unverifiable(reason: "syntax \u{2028}")),
            .init(id: "confirmation", status: .failed),
        ])))
        bodies.append(.note("quote \" newline \n 🔑"))
        // Evaluations naming more rules than the writer keeps, ids to escape, and ids seen again.
        for round in 0..<45 {
            let ids = ["nonEmpty", "id \"\(round % 40)\"\u{2028}", "confirmation", "é-\(round % 3)"]
            bodies.append(.evaluation(.init(input: .init(newValueLength: round, confirmationLength: 0), isValid: round.isMultiple(of: 2),
                                            results: ids.map { .init(id: $0, status: round.isMultiple(of: 3) ? .passed : .failed) })))
        }
        return bodies
    }

    @Test("It writes byte for byte what jsonLine writes, whatever the instance, attribute and second of each record")
    func sameBytesAsJSONLine() {
        var writer = EventLogLineWriter(capacity: 64)
        var expected = ""
        let identities = [("A", "password"), ("A", "password"), ("B\"\u{7}", "password"), ("A", "pin"), ("", "")]
        // Runs of records within one second, seconds that change, and years the clock never gives.
        let seconds: [Double] = [1_764_590_400.001, 1_764_590_400.5, 1_764_590_400.999, 1_764_590_401.0, 1_764_590_460.25,
                                 253_402_300_800.5, 1_764_590_460.3, -1.5, 0]
        for (index, body) in Self.bodies.enumerated() {
            let (instance, attribute) = identities[index / 3 % identities.count]
            let record = EventLogRecord(sequence: index * 37, timestamp: Date(timeIntervalSince1970: seconds[index % seconds.count]),
                                        instance: instance, attribute: attribute, body: body)
            writer.write(body, sequence: record.sequence, timestamp: record.timestamp, instance: instance, attribute: attribute)
            expected += record.jsonLine() + "\n"
        }
        let written = writer.output.withBytes { String(decoding: $0, as: UTF8.self) }
        #expect(written == expected)
        #expect(Self.bodies.count > 100)
    }

    @Test("Every name of the machine is written as its raw value, quoted")
    func names() {
        func text(_ name: StaticString) -> String { name.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }
        for state in ChangeCredentialMachine.State.allCases { #expect(text(EventLogRecord.jsonName(state)) == "\"\(state.rawValue)\"") }
        for form in ChangeCredentialMachine.Validity.allCases { #expect(text(EventLogRecord.jsonName(form)) == "\"\(form.rawValue)\"") }
        for field in ChangeCredentialMachine.Field.allCases { #expect(text(EventLogRecord.jsonName(field)) == "\"\(field.rawValue)\"") }
        for presentation in ChangeCredentialMachine.Presentation.allCases {
            #expect(text(EventLogRecord.jsonName(presentation)) == "\"\(presentation.rawValue)\"")
        }
        for kind in ChangeCredentialMachine.Event.Kind.allCases { #expect(text(EventLogRecord.jsonName(kind)) == "\"\(kind.rawValue)\"") }
        for kind in ChangeCredentialMachine.Effect.Kind.allCases { #expect(text(EventLogRecord.jsonName(kind)) == "\"\(kind.rawValue)\"") }
    }

    @Test("A sink that takes whole records gets the record built from the parts")
    func defaultParts() {
        let log = InMemoryEventLog()
        let body = EventLogRecord.Body.event(.toggleMasking(.confirmation), input: nil)
        let stamp = Date(timeIntervalSince1970: 1_764_590_400.123)
        EventLogDestination(log).record(body, sequence: 4, timestamp: stamp, instance: "I", attribute: "pin")
        #expect(log.records == [EventLogRecord(sequence: 4, timestamp: stamp, instance: "I", attribute: "pin", body: body)])
    }

    @Test("The file log writes a record given in parts as the same line as the whole record")
    func fileParts() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("parts-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try JSONLinesFileEventLog(path: path)
        let whole = EventLogRecord(sequence: 1, timestamp: Date(timeIntervalSince1970: 1_764_590_400.5), instance: "I",
                                   attribute: "password", body: .event(.newValueEdited(form: .valid),
                                                                       input: .init(newValueLength: 9, confirmationLength: 0)))
        sink.record(whole)
        sink.record(whole.body, sequence: 2, timestamp: whole.timestamp, instance: "J", attribute: whole.attribute)
        sink.flush()
        let second = EventLogRecord(sequence: 2, timestamp: whole.timestamp, instance: "J", attribute: whole.attribute,
                                    body: whole.body)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == whole.jsonLine() + "\n" + second.jsonLine() + "\n")
    }
}

@Suite("The event log's clock")
struct EventLogClockTests {
    @Test("A stamp is whole milliseconds, never ahead of the precise time, and at most a second behind it")
    func stamps() {
        for _ in 0..<50 {
            let before = Date()
            let stamp = EventLogClock.now()
            let after = Date()
            let millis = stamp.timeIntervalSince1970 * 1000
            #expect(abs(millis - millis.rounded()) < 0.01, "\(millis)")
            #expect(stamp.timeIntervalSince1970 <= after.timeIntervalSince1970 + 0.000_5)
            #expect(stamp.timeIntervalSince1970 > before.timeIntervalSince1970 - 1)
        }
    }
}
