import Foundation
@testable import ThunderID
@testable import ThunderIDEventLog
@testable import ThunderIDSpec
import Testing
#if canImport(Glibc)
import Glibc
import ThunderIDTesting
#endif

@MainActor
@Suite("Several writers on one trace file", .serialized)
struct SharedEventLogFileTests {
    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).jsonl").path
    }

    @Test("Two states tracing to the same THUNDERID_TRACE file append whole lines: none lost, none corrupted")
    func twoStatesOneFile() async throws {
        let path = Self.temporaryPath("shared-trace")
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Two configurations, so two file sinks (two descriptors) append to the one path.
        let environment = [EventLogEnvironment.variable: "file:\(path)"]
        let password = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                             updater: ScriptedCredentialUpdater(),
                                             configuration: ChangeCredentialConfiguration().addingEventLogFromEnvironment(environment))
        let pin = ChangeCredentialState(attribute: "pin", schemaProvider: InMemorySchemaProvider(policy: .credential("pin")),
                                        updater: ScriptedCredentialUpdater(),
                                        configuration: ChangeCredentialConfiguration().addingEventLogFromEnvironment(environment),
                                        presentation: .inline)
        // Interleave the two rows' records, then run both to success.
        password.open()
        pin.appear()
        for (index, character) in "correct-horse-battery".enumerated() {
            password.newValue += String(character)
            pin.newValue = String(repeating: "1", count: index % 8 + 1)
        }
        password.confirmValue = password.newValue
        pin.confirmValue = pin.newValue
        await password.settle()
        await pin.settle()
        password.submit()
        pin.submit()
        await password.settle()
        await pin.settle()

        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "the file ends with a newline")
        let records = try EventLogRecord.decode(lines: text)
        for state in [password, pin] {
            let sequences = records.filter { $0.instance == state.instanceID.uuidString }.map(\.sequence)
            #expect(!sequences.isEmpty)
            #expect(sequences == Array(1...sequences.count), "every record of \(state.attribute), in order")
        }
        #expect(records.count == lines.count - 1)
        #expect(password.phase == .succeeded && pin.phase == .succeeded)
    }

    @Test("Many sinks on one path written from many threads at once keep every line whole")
    func concurrentSinks() throws {
        let path = Self.temporaryPath("concurrent-trace")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sinks = try (0..<4).map { _ in try JSONLinesFileEventLog(path: path) }
        let perWriter = 500
        DispatchQueue.concurrentPerform(iterations: 8) { writer in
            let sink = sinks[writer % sinks.count]
            for sequence in 1...perWriter {
                sink.record(EventLogRecord(sequence: sequence, timestamp: Date(timeIntervalSince1970: 0),
                                           instance: "writer-\(writer)", attribute: "password",
                                           body: .textStep(String(repeating: "x", count: 200 + writer))))
            }
        }
        for sink in sinks { sink.flush() }
        let records = try EventLogRecord.decode(lines: try String(contentsOfFile: path, encoding: .utf8))
        #expect(records.count == 8 * perWriter)
        for writer in 0..<8 {
            let sequences = records.filter { $0.instance == "writer-\(writer)" }.map(\.sequence)
            #expect(sequences == Array(1...perWriter), "writer \(writer)")
        }
    }

    @Test("A hostile or unusable path is a clear typed error, without blocking or crashing",
          arguments: ["", "/", "/etc/hostname/inside.jsonl", "/nonexistent-dir/x.jsonl", "/dev/null", "bad\0path"])
    func hostilePaths(path: String) {
        do {
            _ = try JSONLinesFileEventLog(path: path)
            Issue.record("accepted \(JSONLinesFileEventLog.quoted(path))")
        } catch {
            // The message names the path (escaped) and says why.
            #expect(error.reason.contains(JSONLinesFileEventLog.quoted(path)))
        }
    }

    @Test("A FIFO with no reader is refused at once instead of hanging the app")
    func fifoIsRefused() throws {
        let path = Self.temporaryPath("fifo")
        defer { unlink(path) }
        #expect(mkfifo(path, 0o600) == 0)
        do {
            _ = try JSONLinesFileEventLog(path: path)
            Issue.record("a FIFO was accepted")
        } catch {
            #expect(error.reason.contains("not a regular file") || error.reason.contains("cannot open"))
            #expect(error.reason.contains(path))
        }
    }

    @Test("A bad THUNDERID_TRACE is reported once per process, however many states hit it")
    func reportedOnce() {
        let message = "THUNDERID_TRACE test message \(UUID().uuidString)"
        #expect(EventLogEnvironment.reportOnce(message))
        #expect(!EventLogEnvironment.reportOnce(message))
        let environment = [EventLogEnvironment.variable: "file:/nonexistent-dir/\(UUID().uuidString).jsonl"]
        let configuration = ChangeCredentialConfiguration().addingEventLogFromEnvironment(environment)
        #expect(configuration.eventLog.isEmpty, "a file it cannot open adds no sink")
        // Neither state crashes; both work without the file sink.
        for _ in 0..<2 {
            let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                              updater: ScriptedCredentialUpdater(), configuration: configuration)
            state.open()
            #expect(state.phase == .editing)
        }
    }
}
