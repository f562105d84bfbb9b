// event-log-probe: drives the debug event log's sinks in a process of its own, for the tests that
// break standard error or kill a writer (Tests/ThunderIDTests/EventLog/EventLogFailureTests.swift).
//
//   event-log-probe stderr [--sigpipe ignore|default] [--wait-stdin] [--close-stderr]
//       Logs records to standard error (StandardErrorEventLog), reports a bad THUNDERID_TRACE once,
//       and makes a file sink fail (a file size limit) so that it reports once; prints "done" on
//       stdout and exits 0. --wait-stdin waits for end of file on stdin first (so a test can close
//       the reading end of the stderr pipe before anything is written); --close-stderr closes
//       descriptor 2 first.
//   event-log-probe append PATH [--note-bytes N]
//       Appends records to PATH through JSONLinesFileEventLog until killed; prints "ready" on stdout
//       once the first buffer went out.
//   event-log-probe write PATH COUNT [--size-limit BYTES] [--note-bytes N]
//       Appends COUNT records and exits; with --size-limit the file may not grow past BYTES
//       (RLIMIT_FSIZE, SIGXFSZ ignored): the disk is full as far as the sink can tell.
//
// Exit status: 0 done, 1 a file sink could not be opened, 2 usage error. Not a product: a test fixture.

import Foundation
import ThunderID
import ThunderIDEventLog
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

let usage = """
    usage: event-log-probe stderr [--sigpipe ignore|default] [--wait-stdin] [--close-stderr]
           event-log-probe append PATH [--note-bytes N]
           event-log-probe write PATH COUNT [--size-limit BYTES] [--note-bytes N]
    """

func refuse(_ message: String) -> Never {
    FileHandle.standardError.write(Data("event-log-probe: \(message)\n\(usage)\n".utf8))
    exit(2)
}

#if canImport(Glibc)
let fileSizeLimit = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
#else
let fileSizeLimit = RLIMIT_FSIZE
#endif

/// Lets no file of this process grow past `bytes` (a write past it fails with `EFBIG`, as on a full disk).
func limitFileSize(to bytes: Int) {
    var limit = rlimit()
    getrlimit(fileSizeLimit, &limit)
    limit.rlim_cur = rlim_t(bytes)
    setrlimit(fileSizeLimit, &limit)
}

/// The file sink at `path`, or exit 1 saying why not.
func openLog(_ path: String) -> JSONLinesFileEventLog {
    do throws(EventLogError) {
        return try JSONLinesFileEventLog(path: path)
    } catch {
        say("event-log-probe: \(error)")
        exit(1)
    }
}

func say(_ text: String) {
    print(text)
    fflush(nil)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else { refuse("missing mode") }
arguments.removeFirst()
if mode == "-h" || mode == "--help" {
    print(usage)
    exit(0)
}

/// The value after `option`, removed from the arguments.
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name) else { return nil }
    guard index + 1 < arguments.count else { refuse("\(name) needs a value") }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
    return value
}

/// Whether `name` was given, removed from the arguments.
@MainActor func flag(_ name: String) -> Bool {
    guard let index = arguments.firstIndex(of: name) else { return false }
    arguments.remove(at: index)
    return true
}

let instance = UUID().uuidString
var sequence = 0

/// A record whose line is about `noteBytes` long.
@MainActor func nextRecord(noteBytes: Int) -> EventLogRecord {
    sequence += 1
    let filler = String(repeating: "x", count: max(0, noteBytes - 16))
    return EventLogRecord(sequence: sequence, timestamp: Date(), instance: instance, attribute: "password",
                          body: .step(EventLogRecord.Step(event: .appear, input: nil, evaluation: nil, from: ChangeCredentialMachine(),
                                                          to: ChangeCredentialMachine(), effects: [.trace("probe \(sequence) \(filler)")])))
}

switch mode {
case "stderr":
    switch option("--sigpipe") ?? "default" {
    case "ignore": signal(SIGPIPE, SIG_IGN)
    case "default": signal(SIGPIPE, SIG_DFL)
    default: refuse("--sigpipe takes ignore or default")
    }
    let waitForStdin = flag("--wait-stdin")
    let closeStderr = flag("--close-stderr")
    guard arguments.isEmpty else { refuse("unexpected \(arguments[0])") }
    // The failing file sink is opened before descriptor 2 may be closed (so it cannot become 2).
    let failingPath = NSTemporaryDirectory() + "event-log-probe-\(instance).jsonl"
    defer { unlink(failingPath) }
    let failing = openLog(failingPath)
    if waitForStdin { _ = FileHandle.standardInput.readDataToEndOfFile() }
    if closeStderr { close(2) }
    // 1. The stderr sink: more than a pipe holds, so a pipe whose reader left fails at once.
    let sink = StandardErrorEventLog()
    for _ in 0..<400 { sink.record(nextRecord(noteBytes: 300)) }
    // 2. The one-time report of a bad THUNDERID_TRACE, as addingEventLogFromEnvironment() makes it.
    do {
        _ = try EventLogEnvironment.sinks(from: [EventLogEnvironment.variable: "bogus"])
    } catch {
        EventLogEnvironment.reportOnce("\(error)")
    }
    // 3. The one-time report of a failing file sink: the file may not grow.
    signal(SIGXFSZ, SIG_IGN)
    limitFileSize(to: 0)
    for _ in 0..<10 { failing.record(nextRecord(noteBytes: 300)) }
    failing.flush()
    say("done")
    exit(0)
case "append":
    guard let path = arguments.first else { refuse("append needs PATH") }
    arguments.removeFirst()
    let noteBytes = Int(option("--note-bytes") ?? "") ?? 4000
    guard arguments.isEmpty else { refuse("unexpected \(arguments[0])") }
    let log = openLog(path)
    var announced = false
    while true {
        log.record(nextRecord(noteBytes: noteBytes))
        if !announced, sequence * noteBytes > 2 * JSONLinesFileEventLog.bufferLimit {
            log.flush()
            say("ready")
            announced = true
        }
    }
case "write":
    guard arguments.count >= 2, let count = Int(arguments[1]) else { refuse("write needs PATH COUNT") }
    let path = arguments[0]
    arguments.removeFirst(2)
    let sizeLimit = option("--size-limit").flatMap { Int($0) }
    let noteBytes = Int(option("--note-bytes") ?? "") ?? 300
    guard arguments.isEmpty else { refuse("unexpected \(arguments[0])") }
    if let sizeLimit {
        signal(SIGXFSZ, SIG_IGN)
        limitFileSize(to: sizeLimit)
    }
    let log = openLog(path)
    for _ in 0..<count { log.record(nextRecord(noteBytes: noteBytes)) }
    log.flush()
    say("done")
    exit(0)
default:
    refuse("unknown mode \(mode)")
}
