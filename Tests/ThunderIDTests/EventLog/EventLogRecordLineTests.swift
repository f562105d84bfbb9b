import Foundation
import Testing
@testable import ThunderID
@testable import ThunderIDEventLog
@testable import ThunderIDSpec

@Suite("An event log record as one JSON line")
struct EventLogRecordLineTests {
    @Test("A record line reads back to the same record, and jsonLine is what the file sink writes")
    func recordRoundTrip() throws {
        let machine = ChangeCredentialMachine(stage: .failed(.submission(.server(ServerError(status: 429, code: "x", retryAfter: 2.5)))),
                                              schema: .failed(.decoding(DecodingFailure(path: "a", reason: "b\u{2028}"))), form: .valid)
        let record = EventLogRecord(sequence: 12, timestamp: Date(timeIntervalSince1970: 1_764_590_400.123), instance: "inst\"",
                                    attribute: "pin", body: .step(EventLogRecord.Step(
                                        event: .submit, input: nil, evaluation: nil, from: machine, to: machine,
                                        effects: [.trace("why\n"), .notifyError(.transport(.other("o")))])))
        let line = record.jsonLine()
        #expect(try EventLogRecord(jsonLine: line) == record)
        #expect(line.hasPrefix(#"{"attribute":"pin","effects":[{"kind":"trace","note":"why\n"}"#))
        #expect(line.hasSuffix(#""ts":"2025-12-01T12:00:00.123Z","v":2}"#))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("line-\(UUID().uuidString).jsonl").path
        defer { unlink(path) }
        let sink = try JSONLinesFileEventLog(path: path)
        sink.record(record)
        sink.flush()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == line + "\n")
    }
}
