import Foundation
@testable import ThunderID
@testable import ThunderIDEventLog
@testable import ThunderIDSpec
import Testing

@Suite("Event log format")
struct EventLogFormatTests {
    static let stamp = Date(timeIntervalSince1970: 1_796_038_800.123)

    func record(_ body: EventLogRecord.Body, sequence: Int = 1) -> EventLogRecord {
        EventLogRecord(sequence: sequence, timestamp: Self.stamp, instance: "I", attribute: "password", body: body)
    }

    @Test("A transition record is written exactly as trace-format.md documents it")
    func documentedShape() {
        var machine = ChangeCredentialMachine()
        let before = machine
        let effects = machine.handle(.open)
        let line = record(.transition(from: before, event: .open, to: machine, effects: effects), sequence: 3).jsonLine()
        #expect(line == #"{"v":1,"seq":3,"ts":"2026-11-30T11:40:00.123Z","instance":"I","attribute":"password","record":"transition","event":"open","# +
                #""from":{"state":"closed","schema":{"status":"unrequested"},"form":"invalid","failure":null,"masked":{"newValue":true,"confirmation":true},"presentation":"sheet","submitPending":false},"# +
                #""to":{"state":"editing","schema":{"status":"loading"},"form":"invalid","failure":null,"masked":{"newValue":true,"confirmation":true},"presentation":"sheet","submitPending":false},"# +
                #""effects":[{"kind":"presentSheet"},{"kind":"requestSchema"}]}"#)
    }

    @Test("Event records carry the payload needed to rebuild the machine event")
    func eventShapes() {
        let server = ThunderIDError.server(ServerError(status: 429, code: nil, message: nil, detail: nil, retryAfter: 30))
        #expect(record(.event(.submissionFailed(server), input: nil)).jsonLine().hasSuffix(
            #""record":"event","event":{"kind":"submissionFailed","error":{"type":"server","status":429,"code":null,"message":null,"description":null,"retryAfter":30}}}"#))
        #expect(record(.event(.newValueEdited(form: .valid), input: .init(newValueLength: 8, confirmationLength: 0))).jsonLine().hasSuffix(
            #""event":{"kind":"newValueEdited","form":"valid"},"input":{"newValueLength":8,"confirmationLength":0}}"#))
        #expect(record(.event(.schemaFailed(.transport(.offline)), input: nil)).jsonLine().hasSuffix(
            #""event":{"kind":"schemaFailed","error":{"type":"transport","failure":"offline"}}}"#))
        #expect(record(.event(.toggleMasking(.confirmation), input: nil)).jsonLine().hasSuffix(
            #""event":{"kind":"toggleMasking","field":"confirmation"}}"#))
    }

    @Test("Every transition of the machine's table survives a JSON round trip")
    func roundTripTable() throws {
        for row in ChangeCredentialMachine.transitionTable {
            for body: EventLogRecord.Body in [
                .event(row.event, input: nil),
                .transition(from: row.from, event: row.event.kind, to: row.to, effects: row.effects),
            ] + row.effects.map({ .effect($0) }) {
                let line = record(body).jsonLine()
                let decoded = try EventLogRecord(jsonLine: line)
                #expect(decoded.body == body, "\(line)")
                #expect(decoded.jsonLine() == line)
            }
        }
    }

    static let errors: [ThunderIDError] = [
        .server(ServerError(status: 400, code: "USR-1024", message: "Invalid request format", detail: "Invalid credential fields in request")),
        .server(ServerError(status: 429, retryAfter: 1.5)),
        .transport(.offline), .transport(.timeout), .transport(.tls), .transport(.cancelled), .transport(.connectionLost),
        .transport(.other("socket said \"no\"")),
        .decoding(DecodingFailure(path: "schema.password.credential", reason: "expected a boolean")),
        .configuration("baseUrl must be https"), .tokenUnavailable("provider threw"), .responseTooLarge(limit: 8_388_608),
    ]

    @Test("Every kind of error survives a round trip inside events, effects and machine snapshots", arguments: errors)
    func roundTripErrors(error: ThunderIDError) throws {
        let machine = ChangeCredentialMachine(state: .failed, schema: .failed(error), form: .valid,
                                              failure: .submission(error), masking: .init(newValue: false, confirmation: true))
        for body: EventLogRecord.Body in [
            .event(.schemaFailed(error), input: nil), .event(.submissionFailed(error), input: nil),
            .effect(.notifyError(error)),
            .transition(from: machine, event: .submit, to: machine, effects: [.notifyError(error)]),
        ] {
            #expect(try EventLogRecord(jsonLine: record(body).jsonLine()).body == body)
        }
    }

    @Test("Start, evaluation and note records round-trip; strings with quotes, controls and emoji are escaped")
    func roundTripOthers() throws {
        let bodies: [EventLogRecord.Body] = [
            .start(.init(isStrict: true, hasPolicyRegex: true, hasDisplayNameOverride: false, rules: ["nonEmpty", "regex"])),
            .evaluation(.init(input: .init(newValueLength: 3, confirmationLength: 0), isValid: false, results: [
                .init(id: "nonEmpty", status: .passed), .init(id: "regex", status: .unverifiable(reason: "syntax: bad \\d at offset 2")),
                .init(id: "confirmation", status: .failed),
            ])),
            .note("quote \" backslash \\ newline \n tab \t bell \u{7} separator \u{2028} emoji 🔑 é"),
            .effect(.trace("dismiss while submitting: the outcome must not be lost")),
        ]
        for body in bodies {
            let line = record(body).jsonLine()
            #expect(!line.contains("\n"), "one record, one line")
            #expect(try EventLogRecord(jsonLine: line).body == body)
        }
    }

    @Test("Python's json module reads every line the log writes")
    func readableByOtherTools() throws {
        let lines = Self.errors.map { record(.event(.submissionFailed($0), input: nil)).jsonLine() }
            + [record(.note("quote \" \u{7} \u{2028} 🔑")).jsonLine()]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).jsonl")
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", "import json,sys\nn=0\nfor l in open(sys.argv[1]): json.loads(l); n+=1\nprint(n)", file.path]
        let output = Pipe()
        python.standardOutput = output
        try python.run()
        python.waitUntilExit()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(python.terminationStatus == 0)
        #expect(printed.trimmingCharacters(in: .whitespacesAndNewlines) == String(lines.count))
    }

    @Test("Unreadable lines are reported with their line number and key path")
    func decodingErrors() {
        let good = record(.event(.open, input: nil)).jsonLine()
        // Foundation's parser says what is wrong, not where in the line: the line number is ours.
        do {
            _ = try EventLogRecord.decode(lines: good + "\n\n" + "tru\n")
            Issue.record("a line that is not JSON was read")
        } catch {
            #expect(error.line == 3 && error.path == "")
            #expect(error.reason.hasPrefix("not JSON: ") && error.reason.count > "not JSON: ".count, "\(error.reason)")
        }
        for broken in ["{", "[1,]", #"{"v":1"#, "\u{1}", #"{"a":"\u12"}"#] {
            #expect(throws: EventLogDecodingError.self) { try EventLogRecord(jsonLine: broken) }
        }
        #expect(throws: EventLogDecodingError(line: nil, path: "event.kind", reason: "unknown event kind close")) {
            try EventLogRecord(jsonLine: good.replacingOccurrences(of: #""kind":"open""#, with: #""kind":"close""#))
        }
        #expect(throws: EventLogDecodingError(line: nil, path: "v", reason: "unsupported format version 2")) {
            try EventLogRecord(jsonLine: good.replacingOccurrences(of: #""v":1"#, with: #""v":2"#))
        }
        #expect(throws: EventLogDecodingError(line: nil, path: "seq", reason: "missing")) {
            try EventLogRecord(jsonLine: good.replacingOccurrences(of: #""seq":1,"#, with: ""))
        }
        #expect(throws: EventLogDecodingError(line: nil, path: "event.form", reason: "missing")) {
            try EventLogRecord(jsonLine: record(.event(.newValueEdited(form: .valid), input: nil)).jsonLine()
                .replacingOccurrences(of: #","form":"valid""#, with: ""))
        }
        #expect(throws: EventLogDecodingError(line: nil, path: "event.available", reason: "expected a boolean")) {
            try EventLogRecord(jsonLine: record(.event(.schemaResolved(available: true, form: .valid), input: nil)).jsonLine()
                .replacingOccurrences(of: #""available":true"#, with: #""available":"yes""#))
        }
        #expect(throws: EventLogDecodingError(line: nil, path: "from.schema.status", reason: "unknown schema status maybe")) {
            let machine = ChangeCredentialMachine()
            _ = try EventLogRecord(jsonLine: record(.transition(from: machine, event: .open, to: machine, effects: [])).jsonLine()
                .replacingOccurrences(of: #""status":"unrequested""#, with: #""status":"maybe""#))
        }
        // Booleans and numbers stay apart although Foundation hands both over as NSNumber.
        #expect(throws: EventLogDecodingError(line: nil, path: "event.available", reason: "expected a boolean")) {
            try EventLogRecord(jsonLine: record(.event(.schemaResolved(available: true, form: .valid), input: nil)).jsonLine()
                .replacingOccurrences(of: #""available":true"#, with: #""available":1"#))
        }
        #expect(throws: EventLogDecodingError(line: nil, path: "v", reason: "expected an integer")) {
            try EventLogRecord(jsonLine: good.replacingOccurrences(of: #""v":1"#, with: #""v":true"#))
        }
        #expect(throws: EventLogDecodingError(line: nil, path: "seq", reason: "expected an integer")) {
            try EventLogRecord(jsonLine: good.replacingOccurrences(of: #""seq":1"#, with: #""seq":1.5"#))
        }
        let decoded = try? EventLogRecord.decode(lines: good + "\n" + good + "\n")
        #expect(decoded?.count == 2)
    }
}
