import Foundation
@testable import ThunderID
@testable import ThunderIDEventLog
@testable import ThunderIDSpec
import Testing

@Suite("Event log sinks")
struct EventLogSinkTests {
    func record(_ sequence: Int) -> EventLogRecord {
        EventLogRecord(sequence: sequence, timestamp: Date(timeIntervalSince1970: 0), instance: "I", attribute: "pin",
                       body: .step(.open))
    }

    @Test("The in-memory log keeps records in order and can be cleared")
    func inMemory() {
        let log = InMemoryEventLog()
        log.record(record(1))
        log.record(record(2))
        #expect(log.records.map(\.sequence) == [1, 2])
        #expect(log.jsonLines.count == 2 && log.jsonLines[0].contains(#""seq":1"#))
        log.removeAll()
        #expect(log.records.isEmpty)
    }

    @Test("The file log creates the file and appends one line per record across sinks")
    func file() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let first = try JSONLinesFileEventLog(path: path)
            first.record(record(1))
        }
        // The first sink's deinit wrote its record out.
        #expect(try EventLogRecord.decode(lines: try String(contentsOfFile: path, encoding: .utf8)).map(\.sequence) == [1])
        let second = try JSONLinesFileEventLog(path: path)
        second.record(record(2))
        #expect(second.bufferedByteCount > 0, "held in memory until a flush")
        second.flush()
        #expect(second.bufferedByteCount == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        #expect(try EventLogRecord.decode(lines: text).map(\.sequence) == [1, 2])
    }

    @Test("A file log in a missing directory is a typed error naming the path")
    func fileError() {
        #expect(throws: EventLogError(#"cannot open event log file "/nonexistent-dir/x.jsonl": No such file or directory"#)) {
            try JSONLinesFileEventLog(path: "/nonexistent-dir/x.jsonl")
        }
    }

    @Test("THUNDERID_TRACE selects standard error, files, both, or nothing")
    func environment() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("env-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try EventLogEnvironment.sinks(from: [:]).isEmpty)
        #expect(try EventLogEnvironment.sinks(from: ["THUNDERID_TRACE": ""]).isEmpty)
        let stderr = try EventLogEnvironment.sinks(from: ["THUNDERID_TRACE": "stderr"])
        #expect(stderr.count == 1 && stderr[0] is StandardErrorEventLog)
        let both = try EventLogEnvironment.sinks(from: ["THUNDERID_TRACE": "stderr, file:\(path)"])
        #expect(both.count == 2 && (both[1] as? JSONLinesFileEventLog)?.path == path)
        #expect(throws: EventLogError(#"THUNDERID_TRACE: unknown sink "syslog"; use stderr or file:/path"#)) {
            try EventLogEnvironment.sinks(from: ["THUNDERID_TRACE": "syslog"])
        }
    }
}
