import Foundation
@testable import ThunderID
@testable import ThunderIDEventLog
@testable import ThunderIDSpec
import Testing
import ThunderIDTesting

/// Counts records and flushes, remembering the last record's event before each flush.
final class CountingSink: EventLogSink, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [EventLogRecord] = []
    private var flushedAfter: [Int] = []

    func record(_ record: EventLogRecord) {
        lock.lock()
        recorded.append(record)
        lock.unlock()
    }

    func flush() {
        lock.lock()
        flushedAfter.append(recorded.count)
        lock.unlock()
    }

    /// The record count at each flush.
    var flushes: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return flushedAfter
    }

    var records: [EventLogRecord] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
}

@MainActor
@Suite("The event log's flush points", .serialized)
struct FlushPointTests {
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("flush-\(UUID().uuidString).jsonl").path
    }

    static func lines(_ path: String) throws -> [EventLogRecord] {
        // An empty log has no records. (Foundation on Linux leaks its 4 KiB read buffer when
        // `String(contentsOfFile:)` reads an empty file, which LeakSanitizer reports in CI.)
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        guard size > 0 else { return [] }
        return try EventLogRecord.decode(lines: try String(contentsOfFile: path, encoding: .utf8))
    }

    @Test("Typing is buffered; a submission outcome flushes every record up to and including the outcome's")
    func outcomeFlushes() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try JSONLinesFileEventLog(path: path)
        let counting = CountingSink()
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                          updater: ScriptedCredentialUpdater([.failure(.transport(.offline)), .success]),
                                          configuration: .init(eventLog: [file, counting]))
        state.open()
        await state.settle()
        for text in ["s", "se", "sec", "secr3t!"] { state.newValue = text }
        state.confirmValue = "secr3t!"
        #expect(try Self.lines(path).isEmpty, "nothing reaches the file while typing")
        #expect(counting.flushes.isEmpty)
        state.submit()
        await state.settle()                                   // submissionFailed
        #expect(state.phase == .failed)
        let afterFailure = try Self.lines(path)
        #expect(afterFailure.count == counting.records.count, "every record so far is in the file")
        #expect(afterFailure.last.map { if case .step(let step) = $0.body { step.effects.contains { $0.kind == .notifyError } } else { false } } == true)
        state.submit()
        await state.settle()                                   // submissionSucceeded
        #expect(state.phase == .succeeded)
        #expect(try Self.lines(path).count == counting.records.count)
        #expect(counting.flushes.count == 2)
        // Flushed after the outcome's step: the sequences in the file are complete.
        #expect(try Self.lines(path).map(\.sequence) == Array(1...counting.records.count))
    }

    @Test("Dismissal flushes, in a sheet and inline, even when the dismissal is ignored")
    func dismissalFlushes() async throws {
        for presentation in ChangeCredentialState.Presentation.allCases {
            let path = Self.temporaryPath()
            defer { try? FileManager.default.removeItem(atPath: path) }
            let file = try JSONLinesFileEventLog(path: path)
            let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                              updater: ScriptedCredentialUpdater(), configuration: .init(eventLog: [file]),
                                              presentation: presentation)
            state.appear()
            state.open()
            await state.settle()
            state.newValue = "abc"
            #expect(try Self.lines(path).isEmpty)
            state.dismiss()
            let records = try Self.lines(path)
            #expect(records.contains { if case .step(let step) = $0.body { step.event == .dismiss } else { false } }, "\(presentation)")
            #expect(file.bufferedByteCount == 0)
        }
        let counting = CountingSink()
        let closed = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                           updater: ScriptedCredentialUpdater(), configuration: .init(eventLog: [counting]))
        closed.dismiss()                                       // ignored while closed: still a flush point
        #expect(counting.flushes == [counting.records.count])
    }

    @Test("Edits, opening, masking and submit without an outcome do not flush")
    func otherEventsDoNotFlush() async {
        let counting = CountingSink()
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                          updater: ScriptedCredentialUpdater(), configuration: .init(eventLog: [counting]))
        state.appear()
        state.open()
        await state.settle()
        state.newValue = "x"
        state.confirmValue = "y"
        state.toggleMasking(.newValue)
        state.submit()                                         // invalid: no post, no outcome
        #expect(state.phase == .invalid)
        #expect(counting.flushes.isEmpty)
    }

    @Test("A state's deinit flushes its sinks")
    func deinitFlushes() async throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try JSONLinesFileEventLog(path: path)
        do {
            let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                              updater: ScriptedCredentialUpdater(), configuration: .init(eventLog: [file]),
                                              presentation: .inline)
            state.appear()
            await state.settle()
            state.newValue = "typed"
            #expect(try Self.lines(path).isEmpty)
        }
        let records = try Self.lines(path)
        #expect(records.contains { if case .step(let step) = $0.body { step.event.kind == .newValueEdited } else { false } })
    }

    @Test("The exit handler's flush writes every live file sink; a sink's deinit writes its own")
    func exitAndDeinit() throws {
        let first = Self.temporaryPath(), second = Self.temporaryPath()
        defer {
            try? FileManager.default.removeItem(atPath: first)
            try? FileManager.default.removeItem(atPath: second)
        }
        let record = EventLogRecord(sequence: 1, timestamp: Date(timeIntervalSince1970: 0), instance: "i", attribute: "password",
                                    body: .textStep("held"))
        let kept = try JSONLinesFileEventLog(path: first)
        kept.record(record)
        do {
            let dropped = try JSONLinesFileEventLog(path: second)
            dropped.record(record)
            #expect(try Self.lines(second).isEmpty)
        }
        #expect(try Self.lines(second) == [record], "deinit wrote it")
        #expect(try Self.lines(first).isEmpty)
        LiveFileEventLogs.shared.flushAll()                    // what atexit runs
        #expect(try Self.lines(first) == [record])
    }

    @Test("Past the buffer limit the sink writes whole lines without waiting for a flush")
    func bufferLimit() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try JSONLinesFileEventLog(path: path)
        let note = String(repeating: "n", count: 1000)
        var sequence = 0
        while file.bufferedByteCount < JSONLinesFileEventLog.bufferLimit - 2000 {
            sequence += 1
            file.record(EventLogRecord(sequence: sequence, timestamp: Date(), instance: "i", attribute: "a", body: .textStep(note)))
        }
        #expect(try Self.lines(path).isEmpty)
        for _ in 0..<3 {
            sequence += 1
            file.record(EventLogRecord(sequence: sequence, timestamp: Date(), instance: "i", attribute: "a", body: .textStep(note)))
        }
        // The full buffer went to the sink's queue, which writes it without a flush.
        #expect(file.bufferedByteCount < JSONLinesFileEventLog.bufferLimit)
        file.waitForQueuedWrites()
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.hasSuffix("\n"), "only whole lines")
        let records = try EventLogRecord.decode(lines: written)
        #expect(!records.isEmpty)
        #expect(records.map(\.sequence) == Array(1...records.count))
        #expect(written.utf8.count >= JSONLinesFileEventLog.bufferLimit)
        // Buffers handed to the queue and the one a flush writes reach the file in record order.
        for _ in 0..<300 {
            sequence += 1
            file.record(EventLogRecord(sequence: sequence, timestamp: Date(), instance: "i", attribute: "a", body: .textStep(note)))
        }
        file.flush()
        #expect(file.bufferedByteCount == 0)
        #expect(try Self.lines(path).map(\.sequence) == Array(1...sequence))
    }
}
