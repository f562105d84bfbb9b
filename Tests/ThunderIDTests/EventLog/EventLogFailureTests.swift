// Linux only: /dev/full, and the trap being tested is swift-corelibs-foundation's FileHandle.write.
#if os(Linux)
import Foundation
@testable import ThunderID
@testable import ThunderIDEventLog
@testable import ThunderIDSpec
import Testing
import Glibc

/// The event log in a process of its own (`Tools/event-log-probe`): standard error broken under it,
/// a disk that fills, writers killed with SIGKILL. Each case runs the probe as a child and checks
/// how it ended and what it left.
@Suite("The event log when its output breaks", .serialized)
struct EventLogFailureTests {
    /// The probe, built next to this test bundle (`swift build --build-tests` builds it).
    static let probe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("event-log-probe")

    /// How the child ended.
    struct Outcome {
        var exitedNormally: Bool
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Where the child's standard error goes.
    enum StandardError: CustomStringConvertible {
        /// A pipe read to the end.
        case pipe
        /// `/dev/full`: every write fails with ENOSPC.
        case devFull
        /// A pipe whose reading end is closed before the child writes: every write fails with EPIPE
        /// (and raises SIGPIPE unless ignored).
        case pipeWithoutReader

        var description: String {
            switch self {
            case .pipe: "a pipe"
            case .devFull: "/dev/full"
            case .pipeWithoutReader: "a pipe whose reader left"
            }
        }
    }

    /// Runs the probe with `arguments`, its stdin a pipe closed at once, within 30 s.
    static func run(_ arguments: [String], standardError: StandardError = .pipe) throws -> Outcome {
        try #require(FileManager.default.isExecutableFile(atPath: probe.path), "build event-log-probe first")
        let process = Process()
        process.executableURL = probe
        process.arguments = arguments
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        switch standardError {
        case .pipe, .pipeWithoutReader: process.standardError = errors
        case .devFull:
            let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
            try #require(full >= 0)
            process.standardError = FileHandle(fileDescriptor: full, closeOnDealloc: true)
        }
        try process.run()
        try? errors.fileHandleForWriting.close()
        if case .pipeWithoutReader = standardError { try errors.fileHandleForReading.close() }
        try input.fileHandleForWriting.close()
        let deadline = DispatchTime.now() + .seconds(30)
        let stderrText: String
        if case .pipe = standardError {
            stderrText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        } else {
            stderrText = ""
        }
        let stdoutText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        while process.isRunning, DispatchTime.now() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("event-log-probe \(arguments) did not finish within 30 s")
        }
        process.waitUntilExit()
        return Outcome(exitedNormally: process.terminationReason == .exit, status: process.terminationStatus,
                       stdout: stdoutText, stderr: stderrText)
    }

    static let brokenCases: [(StandardError, [String])] = [
        (.devFull, ["--sigpipe", "default"]),
        (.devFull, ["--sigpipe", "ignore"]),
        (.pipe, ["--close-stderr"]),
        (.pipeWithoutReader, ["--sigpipe", "default"]),
        (.pipeWithoutReader, ["--sigpipe", "ignore"]),
    ]

    // Before the fix: /dev/full and the closed descriptor trapped in FileHandle.write (signal 4,
    // exit 132), and the pipe without a reader was killed by SIGPIPE (141) or trapped (132).
    @Test("A broken standard error (full device, closed descriptor, pipe without a reader) never traps or kills the app",
          arguments: brokenCases)
    func brokenStandardError(standardError: StandardError, options: [String]) throws {
        let outcome = try Self.run(["stderr", "--wait-stdin"] + options, standardError: standardError)
        #expect(outcome.exitedNormally, "on \(standardError) \(options): killed by signal \(outcome.status)")
        #expect(outcome.status == 0, "on \(standardError) \(options): status \(outcome.status)")
        #expect(outcome.stdout == "done\n", "on \(standardError) \(options)")
    }

    @Test("On a healthy standard error every record is a whole line, and each failure is reported once")
    func healthyStandardError() throws {
        let outcome = try Self.run(["stderr"])
        #expect(outcome.exitedNormally && outcome.status == 0)
        let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let records = try EventLogRecord.decode(lines: lines.filter { $0.hasPrefix("{") }.joined(separator: "\n"))
        #expect(records.map(\.sequence) == Array(1...400))
        let reports = lines.filter { $0.hasPrefix("ThunderID: ") }
        #expect(reports.count == 2, "\(reports)")
        #expect(reports.filter { $0.contains("unknown sink \"bogus\"") }.count == 1)
        #expect(reports.filter { $0.contains("stopped: File too large") }.count == 1)
        #expect(lines.count == 402)
    }

    @Test("A sink whose writes fail reports once and goes quiet, through write(2) that cannot trap")
    func stderrSinkGoesQuiet() throws {
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        let sink = StandardErrorEventLog(writingTo: full)
        let record = EventLogRecord(sequence: 1, timestamp: Date(), instance: "I", attribute: "pin", body: .textStep("n"))
        sink.record(record)
        #expect(sink.hasFailed)
        sink.record(record)
        #expect(sink.hasFailed)
        let failure = "x".withCString { DescriptorWriter.write(UnsafeRawBufferPointer(start: $0, count: 1), to: full) }
        #expect(failure?.code == ENOSPC && failure?.written == 0)
        #expect(DescriptorWriter.write("x", to: -1)?.code == EBADF)
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).jsonl").path
    }

    /// Every line of `text` is a record, blank, or a record cut short; returns the records and the
    /// number of cut lines.
    static func wholeLines(_ text: String, alsoThroughDecode: Bool = true) throws -> (records: [EventLogRecord], cut: Int) {
        var records: [EventLogRecord] = []
        var cut = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            if let record = try? EventLogRecord(jsonLine: String(line)) {
                records.append(record)
            } else {
                #expect(EventLogRecord.isCutShort(line), "a line neither whole nor cut short: \(line.prefix(120))…")
                cut += 1
            }
        }
        if alsoThroughDecode { #expect(try EventLogRecord.decode(lines: text).count == records.count) }
        return (records, cut)
    }

    // Before the fix: the short write at the size limit left a partial last line, the next
    // process's first record was glued to it, and the log could not be read.
    @Test("A disk that fills mid-write leaves a cut line that the next writer starts after, and readers skip")
    func fullDiskCutLine() throws {
        let path = Self.temporaryPath("full-disk")
        defer { unlink(path) }
        let filled = try Self.run(["write", path, "200", "--size-limit", "5000"])
        #expect(filled.exitedNormally && filled.status == 0)
        #expect(filled.stderr.contains("stopped: File too large"))
        let cutText = try String(contentsOfFile: path, encoding: .utf8)
        #expect(cutText.utf8.count == 5000 && cutText.last != "\n", "the limit cut a line")
        let next = try Self.run(["write", path, "20"])
        #expect(next.exitedNormally && next.status == 0 && next.stderr.isEmpty, "\(next.stderr)")
        let (records, cut) = try Self.wholeLines(try String(contentsOfFile: path, encoding: .utf8))
        #expect(cut == 1)
        // The first writer's whole lines, then every record of the second, unglued.
        let instances = Array(Set(records.map(\.instance)))
        #expect(instances.count == 2)
        let second = records.filter { $0.instance == records.last?.instance }
        #expect(second.map(\.sequence) == Array(1...20))
        let first = records.filter { $0.instance != records.last?.instance }
        #expect(first.map(\.sequence) == Array(1...first.count))
    }

    // A SIGKILL during a 64 KiB write can leave a partial last line; the next process's first record
    // must start on a line of its own. The tear needs the kill to land inside write(2), which is rare,
    // so the loop kills writers repeatedly for about 2 s.
    @Test("Writers killed with SIGKILL at random moments leave only whole lines and lines cut short")
    func killLoop() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.probe.path), "build event-log-probe first")
        let path = Self.temporaryPath("kill-loop")
        defer { unlink(path) }
        var generator = SystemRandomNumberGenerator()
        let start = DispatchTime.now()
        var rounds = 0
        while rounds < 100, DispatchTime.now() < start + .seconds(2) {
            rounds += 1
            let process = Process()
            process.executableURL = Self.probe
            process.arguments = ["append", path, "--note-bytes", String(Int.random(in: 200...3000, using: &generator))]
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            _ = output.fileHandleForReading.availableData    // "ready": it is writing
            usleep(UInt32.random(in: 0...5_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        }
        let last = try Self.run(["write", path, "20"])
        #expect(last.exitedNormally && last.status == 0)
        let (records, cut) = try Self.wholeLines(try String(contentsOfFile: path, encoding: .utf8), alsoThroughDecode: false)
        #expect(cut <= rounds)
        print("kill loop: \(rounds) rounds, \(cut) cut lines")
        #expect(records.suffix(20).map(\.sequence) == Array(1...20))
        #expect(Set(records.map(\.instance)).count == rounds + 1)
    }
}
#endif
