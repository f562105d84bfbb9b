// Linux only: the child's memory is read from /proc, and the tools are spawned with Glibc's posix_spawn.
#if os(Linux)
import Foundation
import Testing
@testable import ThunderID
@testable import ThunderIDEventLog
@testable import ThunderIDSpec
import ThunderIDTesting
import Glibc

/// The command-line readers of outside input read it line by line, with their line caps applied
/// while reading, so their memory stays bounded whatever the input's size. Each case runs the tool
/// as a child and watches its peak resident set (Linux's `/proc`).
@Suite("Streamed readers in the tools", .serialized)
struct StreamedReaderTests {
    struct Run {
        var status: Int32
        var exitedNormally: Bool
        var stdout: String
        var stderr: String
        /// The child's peak resident set, in bytes.
        var peakRSS: Int
    }

    /// The peak RSS every case must stay under: the bound for hostile input.
    static let memoryBound = 64 << 20

    /// Whether this build runs under AddressSanitizer or ThreadSanitizer (`.ci/run` runs the suite
    /// both ways): their shadow memory and ASan's quarantine of freed memory (256 MB) make the tools'
    /// resident set say nothing about their own use, so the memory bounds are checked only without.
    static let isSanitized: Bool = {
        let environment = ProcessInfo.processInfo.environment
        if ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"].contains(where: { environment[$0] != nil }) { return true }
        // dlsym(RTLD_DEFAULT, …): the sanitizer runtimes export their entry points.
        return dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil
    }()

    /// Expects `run`'s peak RSS under `bound`, unless sanitized.
    static func expectBounded(_ run: Run, under bound: Int = memoryBound, _ what: String,
                              sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        print("\(what): peak RSS \(run.peakRSS >> 20) MiB\(isSanitized ? " (sanitized build: not checked)" : "")")
        guard !isSanitized else { return }
        #expect(run.peakRSS < bound, "\(what): peak RSS \(run.peakRSS >> 20) MiB", sourceLocation: sourceLocation)
    }

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)").path
    }

    /// Runs the built tool `name` with `arguments`; `feed` writes its stdin (then it is closed).
    static func run(_ name: String, _ arguments: [String], feed: (@Sendable (Int32) -> Void)? = nil) throws -> Run {
        let executable = CommandLineTests.tool(name).path
        try #require(FileManager.default.isExecutableFile(atPath: executable), "build \(name) first")
        let outPath = temporaryPath("out"), errPath = temporaryPath("err")
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        var input: [Int32] = [0, 0]
        try #require(pipe(&input) == 0)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_addclose(&actions, input[1])
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(input[0])
        try #require(spawned == 0, "posix_spawn: \(spawned)")
        // The writing end is written with write(2) that raises no SIGPIPE, should the child leave
        // early; on its own thread, while this one watches the child's memory.
        let writing = input[1]
        let fed = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            feed?(writing)
            close(writing)
            fed.signal()
        }
        // The child's peak RSS is its VmHWM, read until it exits. (wait4's ru_maxrss cannot say:
        // posix_spawn starts the child in this process's memory, and the kernel counts this
        // process's peak as the child's.)
        var status: Int32 = 0
        var peak = 0
        while true {
            if let hwm = Self.highWaterMark(of: pid) { peak = max(peak, hwm) }
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid || (done < 0 && errno != EINTR) { break }
            usleep(1000)
        }
        fed.wait()
        let exited = status & 0x7F == 0
        return Run(status: exited ? (status >> 8) & 0xFF : status & 0x7F, exitedNormally: exited,
                   stdout: Self.contents(of: outPath), stderr: Self.contents(of: errPath), peakRSS: peak)
    }

    /// The text of the file at `path`, read with read(2). (Foundation's `String(contentsOfFile:)`
    /// leaks its 4 KiB buffer on an empty file, which AddressSanitizer's leak check reports.)
    static func contents(of path: String) -> String {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return "" }
        defer { close(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `VmHWM` of `/proc/PID/status` (the peak resident set since exec), in bytes; nil once gone.
    static func highWaterMark(of pid: pid_t) -> Int? {
        let status = Self.contents(of: "/proc/\(pid)/status")
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kib = Int(line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces).dropLast(3)
                  .trimmingCharacters(in: .whitespaces)) else { return nil }
        return kib * 1024
    }

    /// Writes `count` bytes of `byte` to `descriptor` in 1 MiB writes, stopping if the reader left.
    static func write(_ byte: UInt8, count: Int, to descriptor: Int32) {
        let chunk = [UInt8](repeating: byte, count: 1 << 20)
        var left = count
        while left > 0 {
            let size = min(left, chunk.count)
            let failed = chunk.withUnsafeBytes { DescriptorWriter.write(UnsafeRawBufferPointer(rebasing: $0[..<size]), to: descriptor) }
            if failed != nil { return }
            left -= size
        }
    }

    // A missing value is a usage error, not a silent success.
    @Test("ecma-regex test with a pattern and no value prints the usage and exits 2")
    func testWithoutValue() throws {
        let run = try Self.run("ecma-regex", ["test", "^a+$"])
        #expect(run.status == 2 && run.exitedNormally)
        #expect(run.stderr.contains("usage:"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    // The 8 MiB cap applies while reading, so a huge line is never held whole.
    @Test("ecma-regex --jsonl answers a 96 MiB line with the cap's error in bounded memory, and goes on")
    func jsonlHugeLine() throws {
        let run = try Self.run("ecma-regex", ["--jsonl"]) { descriptor in
            _ = DescriptorWriter.write(#"{"pattern":"a","input":""#, to: descriptor)
            Self.write(UInt8(ascii: "a"), count: 96 << 20, to: descriptor)
            _ = DescriptorWriter.write("\"}\n" + #"{"pattern":"^a+$","input":"aaa"}"# + "\n", to: descriptor)
        }
        #expect(run.status == 0 && run.exitedNormally, "\(run.stderr)")
        let answers = run.stdout.split(separator: "\n").map(String.init)
        #expect(answers.count == 2)
        #expect(answers.first?.hasPrefix(#"{"error":{"kind":"input""#) == true)
        #expect(answers.first?.contains("larger than 8388608 bytes") == true)
        #expect(answers.last?.hasPrefix(#"{"match":true"#) == true)
        Self.expectBounded(run, "ecma-regex --jsonl, a 96 MiB line")
    }

    @Test("ecma-regex --jsonl still answers a line just under the cap, and a last line without a newline")
    func jsonlAtTheCap() throws {
        // The cap is ecma-regex's 8 MiB (JSONLinesProtocol.maximumLineBytes).
        let padding = (8 << 20) - #"{"pattern":"a","input":"b"}"#.utf8.count - 1
        let run = try Self.run("ecma-regex", ["--jsonl"]) { descriptor in
            _ = DescriptorWriter.write(#"{"pattern":"a","input":"b"}"#, to: descriptor)
            Self.write(UInt8(ascii: " "), count: padding, to: descriptor)
            _ = DescriptorWriter.write("\r\n" + #"{"pattern":"a","input":"a"}"#, to: descriptor)
        }
        #expect(run.status == 0)
        #expect(run.stdout.split(separator: "\n").map { $0.hasPrefix(#"{"match":"#) } == [true, true], "\(run.stdout.prefix(300))")
    }

    // The line cap applies while reading, and the rest of the file is never read.
    @Test("thunderid-spec --event-log refuses a 96 MiB line at the cap without reading the rest")
    func traceHugeLine() throws {
        let path = Self.temporaryPath("huge-line.jsonl")
        defer { unlink(path) }
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(file >= 0)
        Self.write(UInt8(ascii: "x"), count: 96 << 20, to: file)
        close(file)
        let run = try Self.run("thunderid-spec", ["--event-log", path])
        #expect(run.status == 1 && run.exitedNormally)
        #expect(run.stderr.contains(":1: the line is longer than \(EventLogDocument.maximumLineBytes) bytes"), "\(run.stderr)")
        Self.expectBounded(run, "thunderid-spec --event-log, a 96 MiB line")
    }

    /// A valid log of `toggles` masking toggles, written by the engine to a file.
    @MainActor
    static func longLog(toggles: Int, path: String) async throws {
        let sink = try JSONLinesFileEventLog(path: path)
        let state = ChangeCredentialState(attribute: "pin", schemaProvider: InMemorySchemaProvider(policy: .credential("pin")),
                                          updater: ScriptedCredentialUpdater(),
                                          configuration: ChangeCredentialConfiguration(eventLog: [sink]))
        state.open()
        await state.settle()
        for _ in 0..<toggles { state.toggleMasking(.newValue) }
        sink.flush()
    }

    // The replay reads as it goes: neither the file, its text nor its records are held whole.
    @Test("thunderid-spec --event-log replays a 24 MiB log in bounded memory, reading as it goes")
    func traceLongLog() async throws {
        let path = Self.temporaryPath("long.jsonl")
        defer { unlink(path) }
        try await Self.longLog(toggles: 4, path: path)
        // Then 48 masking toggles of the same instance whose lines are 512 KiB each (the attribute
        // carries the filler; big lines keep the debug build's per-line cost out of the test's time).
        let last = try #require(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").last)
        let record = try EventLogRecord(jsonLine: String(last))
        guard case .step(let lastStep) = record.body else {
            Issue.record("the log does not end in a step")
            return
        }
        let file = try #require(FileHandle(forWritingAtPath: path))
        try file.seekToEnd()
        let filler = String(repeating: "n", count: 512 << 10)
        var machine = lastStep.to
        for offset in 1...48 {
            let from = machine
            let effects = machine.handle(.toggleMasking(.newValue))
            let step = EventLogRecord.Step(event: .toggleMasking(.newValue), input: nil, evaluation: nil, from: from, to: machine, effects: effects)
            let big = EventLogRecord(sequence: record.sequence + offset, timestamp: record.timestamp, instance: record.instance,
                                     attribute: filler, body: .step(step))
            try file.write(contentsOf: Data((big.jsonLine() + "\n").utf8))
        }
        try file.close()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size > 24 << 20)
        let run = try Self.run("thunderid-spec", ["--event-log", path])
        #expect(run.status == 0 && run.exitedNormally, "\(run.stderr)")
        #expect(run.stdout.contains("replayed 54 events of 1 instance(s): no divergence"), "\(run.stdout)")
        Self.expectBounded(run, under: 48 << 20, "thunderid-spec --event-log, a \(size >> 20) MiB log")
    }

    @Test("A replay read from a file finds what the replay of the same log in memory finds")
    func fileAndMemoryReplayAgree() async throws {
        let path = Self.temporaryPath("session.jsonl")
        defer { unlink(path) }
        try await Self.longLog(toggles: 3, path: path)
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        // A cut-short last line (what a kill leaves) is skipped by both.
        lines.append(String(lines[2].prefix(40)))
        try (lines.joined(separator: "\n")).write(toFile: path, atomically: false, encoding: .utf8)
        let fromFile = try EventLogReplay.replay(file: path)
        let log = try EventLogDocument(path: path, text: try String(contentsOfFile: path, encoding: .utf8))
        #expect(log.cutLines == [lines.count])
        #expect(try EventLogDocument(contentsOfFile: path).cutLines == [lines.count])
        let inMemory = EventLogReplay.replay(log)
        #expect(fromFile.divergence == nil && inMemory.divergence == nil)
        #expect(fromFile.events == inMemory.events && fromFile.instances == inMemory.instances)
        // A tampered step diverges at the same line both ways.
        let index = try #require(lines.lastIndex { $0.contains(#""record":"step""#) })
        lines[index] = lines[index].replacingOccurrences(of: #""newValue":true"#, with: #""newValue":false"#)
        try (lines.joined(separator: "\n")).write(toFile: path, atomically: false, encoding: .utf8)
        let tamperedFile = try EventLogReplay.replay(file: path)
        let tamperedMemory = EventLogReplay.replay(try EventLogDocument(contentsOfFile: path))
        #expect(tamperedFile.divergence?.location.line == index + 1)
        #expect(tamperedMemory.divergence?.location == tamperedFile.divergence?.location)
    }
}
#endif
