import Foundation
@testable import ThunderID
@testable import ThunderIDEventLog
@testable import ThunderIDSpec
import Testing

extension EventLogRecord.Body {
    /// A step whose record carries `text` (in a trace effect): for tests that need a record of some size or text.
    static func textStep(_ text: String) -> Self {
        .step(EventLogRecord.Step(event: .appear, input: nil, evaluation: nil, from: ChangeCredentialMachine(),
                                  to: ChangeCredentialMachine(), effects: [.trace(text)]))
    }

    /// The step of `event` from `from`, as the machine takes it.
    static func step(_ event: ChangeCredentialMachine.Event, from: ChangeCredentialMachine = ChangeCredentialMachine(),
                     input: EventLogRecord.InputSummary? = nil, evaluation: EventLogRecord.EvaluationSummary? = nil) -> Self {
        var to = from
        let effects = to.handle(event)
        return .step(EventLogRecord.Step(event: event, input: input, evaluation: evaluation, from: from, to: to, effects: effects))
    }
}

@Suite("Event log format")
struct EventLogFormatTests {
    static let stamp = Date(timeIntervalSince1970: 1_796_038_800.123)

    func record(_ body: EventLogRecord.Body, sequence: Int = 1) -> EventLogRecord {
        EventLogRecord(sequence: sequence, timestamp: Self.stamp, instance: "I", attribute: "password", body: body)
    }

    @Test("A step record is written exactly as the Trace article documents it")
    func documentedShape() {
        let line = record(.step(.open), sequence: 3).jsonLine()
        #expect(line == #"{"attribute":"password","effects":[{"kind":"presentSheet"},{"kind":"requestSchema"}],"event":{"kind":"open"},"# +
                #""from":{"failure":null,"form":"invalid","masked":{"confirmation":true,"newValue":true},"presentation":"sheet","schema":{"status":"unrequested"},"state":"closed","submitPending":false},"# +
                #""instance":"I","record":"step","seq":3,"# +
                #""to":{"failure":null,"form":"invalid","masked":{"confirmation":true,"newValue":true},"presentation":"sheet","schema":{"status":"loading"},"state":"editing","submitPending":false},"# +
                #""ts":"2026-11-30T11:40:00.123Z","v":2}"#)
    }

    @Test("A keystroke's step carries the event, the lengths and the verdicts")
    func editShape() {
        let line = record(.step(.newValueEdited(form: .valid), input: .init(newValueLength: 8, confirmationLength: 0),
                                evaluation: .init(isValid: false, results: [.init(id: "nonEmpty", status: .passed),
                                                                            .init(id: "regex", status: .unverifiable(reason: "r"))]))).jsonLine()
        #expect(line.contains(#""evaluation":{"isValid":false,"results":[{"id":"nonEmpty","status":"passed"},{"id":"regex","reason":"r","status":"unverifiable"}]}"#))
        #expect(line.contains(#""event":{"form":"valid","kind":"newValueEdited"}"#))
        #expect(line.contains(#""input":{"confirmationLength":0,"newValueLength":8}"#))
    }

    @Test("Events carry the payload needed to rebuild the machine event")
    func eventShapes() {
        let server = ThunderIDError.server(ServerError(status: 429, code: nil, message: nil, detail: nil, retryAfter: 30))
        #expect(record(.step(.submissionFailed(server))).jsonLine().contains(
            #""event":{"error":{"code":null,"description":null,"message":null,"retryAfter":30,"status":429,"type":"server"},"kind":"submissionFailed"}"#))
        #expect(record(.step(.schemaFailed(.transport(.offline)))).jsonLine().contains(
            #""event":{"error":{"failure":"offline","type":"transport"},"kind":"schemaFailed"}"#))
        #expect(record(.step(.toggleMasking(.confirmation))).jsonLine().contains(#""event":{"field":"confirmation","kind":"toggleMasking"}"#))
    }

    @Test("Every transition of the machine's table survives a JSON round trip as a step")
    func roundTripTable() throws {
        for row in ChangeCredentialMachine.transitionTable {
            for input: EventLogRecord.InputSummary? in [nil, .init(newValueLength: 12, confirmationLength: 3)] {
                let body = EventLogRecord.Body.step(EventLogRecord.Step(event: row.event, input: input, evaluation: nil, from: row.from,
                                                                        to: row.to, effects: row.effects))
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
        let machine = ChangeCredentialMachine(stage: .failed(.submission(error)), schema: .failed(error), form: .valid,
                                              masking: .init(newValue: false, confirmation: true))
        for body: EventLogRecord.Body in [
            .step(.schemaFailed(error)), .step(.submissionFailed(error), from: machine),
            .step(EventLogRecord.Step(event: .submit, input: nil, evaluation: nil, from: machine, to: machine, effects: [.notifyError(error)])),
        ] {
            #expect(try EventLogRecord(jsonLine: record(body).jsonLine()).body == body)
        }
    }

    @Test("A retry-after that is not finite is written as null, and the line stays JSON")
    func nonFiniteNumber() throws {
        let error = ThunderIDError.server(ServerError(status: 503, retryAfter: .infinity))
        let line = record(.step(.submissionFailed(error))).jsonLine()
        #expect(line.contains(#""retryAfter":null"#))
        #expect(try EventLogRecord(jsonLine: line).sequence == 1)
    }

    @Test("Start records and steps with texts round-trip; quotes, controls and emoji are escaped")
    func roundTripOthers() throws {
        let bodies: [EventLogRecord.Body] = [
            .start(.init(isStrict: true, hasPolicyRegex: true, hasDisplayNameOverride: false, rules: ["nonEmpty", "regex"])),
            .step(.newValueEdited(form: .invalid), input: .init(newValueLength: 3, confirmationLength: 0), evaluation: .init(isValid: false, results: [
                .init(id: "nonEmpty", status: .passed), .init(id: "regex", status: .unverifiable(reason: "syntax: bad \\d at offset 2")),
                .init(id: "confirmation", status: .failed),
            ])),
            .textStep("quote \" backslash \\ newline \n tab \t bell \u{7} separator \u{2028} emoji 🔑 é"),
        ]
        for body in bodies {
            let line = record(body).jsonLine()
            #expect(!line.contains("\n"), "one record, one line")
            #expect(try EventLogRecord(jsonLine: line).body == body)
        }
    }

    @Test("Python's json module reads every line the log writes")
    func readableByOtherTools() throws {
        let lines = Self.errors.map { record(.step(.submissionFailed($0))).jsonLine() }
            + [record(.textStep("quote \" \u{7} \u{2028} 🔑")).jsonLine()]
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
        let good = record(.step(.open)).jsonLine()
        // Foundation's parser says what is wrong, not where in the line: the line number is ours.
        do {
            _ = try EventLogRecord.decode(lines: good + "\n\n" + "tru\n")
            Issue.record("a line that is not JSON was read")
        } catch {
            #expect(error.line == 3 && error.path == "")
            #expect(error.reason.hasPrefix("not JSON: ") && error.reason.count > "not JSON: ".count, "\(error.reason)")
        }
        for broken in ["{", "[1,]", #"{"v":2"#, "\u{1}", #"{"a":"\u12"}"#] {
            #expect(throws: EventLogDecodingError.self) { try EventLogRecord(jsonLine: broken) }
        }
        #expect(throws: EventLogDecodingError(line: nil, path: "event.kind", reason: "unknown event kind close")) {
            try EventLogRecord(jsonLine: good.replacingOccurrences(of: #""kind":"open""#, with: #""kind":"close""#))
        }
        #expect(throws: EventLogDecodingError(line: nil, path: "record", reason: "unknown record kind transition")) {
            try EventLogRecord(jsonLine: good.replacingOccurrences(of: #""record":"step""#, with: #""record":"transition""#))
        }
        #expect(throws: EventLogDecodingError(line: nil, path: "v", reason: "unsupported format version 1")) {
            try EventLogRecord(jsonLine: good.replacingOccurrences(of: #""v":2"#, with: #""v":1"#))
        }
        #expect(throws: EventLogDecodingError(line: nil, path: "seq", reason: "missing")) {
            try EventLogRecord(jsonLine: good.replacingOccurrences(of: #""seq":1,"#, with: ""))
        }
        #expect(throws: EventLogDecodingError(line: nil, path: "event.form", reason: "missing")) {
            try EventLogRecord(jsonLine: record(.step(.newValueEdited(form: .valid))).jsonLine()
                .replacingOccurrences(of: #""form":"valid","#, with: ""))
        }
        #expect(throws: EventLogDecodingError(line: nil, path: "input.newValueLength", reason: "expected a length from 0 to 4097, got 4098")) {
            try EventLogRecord(jsonLine: record(.step(.newValueEdited(form: .valid), input: .init(newValueLength: 7, confirmationLength: 0))).jsonLine()
                .replacingOccurrences(of: #""newValueLength":7"#, with: #""newValueLength":4098"#))
        }
        #expect(throws: EventLogDecodingError(line: nil, path: "event.available", reason: "expected a boolean")) {
            try EventLogRecord(jsonLine: record(.step(.schemaResolved(available: true, form: .valid))).jsonLine()
                .replacingOccurrences(of: #""available":true"#, with: #""available":"yes""#))
        }
        #expect(throws: EventLogDecodingError(line: nil, path: "from.schema.status", reason: "unknown schema status maybe")) {
            try EventLogRecord(jsonLine: good.replacingOccurrences(of: #""status":"unrequested""#, with: #""status":"maybe""#))
        }
        // Booleans and numbers stay apart although Foundation hands both over as NSNumber.
        #expect(throws: EventLogDecodingError(line: nil, path: "event.available", reason: "expected a boolean")) {
            try EventLogRecord(jsonLine: record(.step(.schemaResolved(available: true, form: .valid))).jsonLine()
                .replacingOccurrences(of: #""available":true"#, with: #""available":1"#))
        }
        #expect(throws: EventLogDecodingError(line: nil, path: "v", reason: "expected an integer")) {
            try EventLogRecord(jsonLine: good.replacingOccurrences(of: #""v":2"#, with: #""v":true"#))
        }
        #expect(throws: EventLogDecodingError(line: nil, path: "seq", reason: "expected an integer")) {
            try EventLogRecord(jsonLine: good.replacingOccurrences(of: #""seq":1"#, with: #""seq":1.5"#))
        }
        let decoded = try? EventLogRecord.decode(lines: good + "\n" + good + "\n")
        #expect(decoded?.count == 2)
    }

    @Test("A machine the flow cannot be in is refused: a failure outside failed, or failed without one")
    func impossibleMachines() throws {
        let failed = ChangeCredentialMachine(stage: .failed(.submission(.transport(.offline))), schema: .resolved(available: true))
        let line = record(.step(.dismiss, from: failed)).jsonLine()
        #expect(try EventLogRecord(jsonLine: line).body == .step(.dismiss, from: failed))
        #expect(throws: EventLogDecodingError(line: nil, path: "from.failure", reason: "a failure outside the failed state")) {
            try EventLogRecord(jsonLine: line.replacingOccurrences(of: #""state":"failed""#, with: #""state":"editing""#))
        }
        #expect(throws: EventLogDecodingError(line: nil, path: "from.failure", reason: "a failed machine without its failure")) {
            try EventLogRecord(jsonLine: record(.step(.open)).jsonLine()
                .replacingOccurrences(of: #""state":"closed""#, with: #""state":"failed""#))
        }
    }
}
