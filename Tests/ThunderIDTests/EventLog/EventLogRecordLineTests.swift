import Foundation
import Testing
@testable import ThunderID
@testable import ThunderIDEventLog
@testable import ThunderIDSpec

@Suite("An event log record as one JSON line")
struct EventLogRecordLineTests {
    @Test("A record line reads back to the same record, and jsonLine is what the file sink writes")
    func recordRoundTrip() throws {
        let machine = ChangeCredentialMachine(state: .failed, schema: .failed(.decoding(DecodingFailure(path: "a", reason: "b\u{2028}"))),
                                              form: .valid, failure: .submission(.server(ServerError(status: 429, code: "x", retryAfter: 2.5))))
        let record = EventLogRecord(sequence: 12, timestamp: Date(timeIntervalSince1970: 1_764_590_400.123), instance: "inst\"",
                                    attribute: "pin", body: .transition(from: machine, event: .submit, to: machine,
                                                                        effects: [.trace("why\n"), .notifyError(.transport(.other("o")))]))
        let line = record.jsonLine()
        #expect(try EventLogRecord(jsonLine: line) == record)
        #expect(line.hasPrefix(#"{"v":1,"seq":12,"ts":"2025-12-01T12:00:00.123Z","instance":"inst\"","attribute":"pin","record":"transition""#))
    }
}
