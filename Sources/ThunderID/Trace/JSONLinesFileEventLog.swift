import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Appends each record as a JSON line to a file (`THUNDERID_TRACE=file:/path/log.jsonl`),
/// buffered in memory.
///
/// **What is buffered, and when it reaches the disk.** Records are written as complete lines
/// into an in-memory buffer. The buffer is handed to the kernel in one `write(2)` of whole lines:
/// - when it holds ``bufferLimit`` bytes or more (after the record that crossed the limit);
/// - when ``flush()`` is called: ``ChangeCredentialState`` calls it after it has logged a
///   submission outcome (`submissionSucceeded`, `submissionFailed`, with their transitions and
///   effects) and a dismissal, and when the state is deinitialized;
/// - when the sink is deinitialized;
/// - when the process exits through `exit(3)` or by returning from `main` (an `atexit` handler
///   flushes every live sink).
/// Until then, records live only in this process: a crash (a signal, `abort`, a trap) or a kill
/// loses at most the records since the last of these points (the typing since the last
/// outcome or dismissal, up to ``bufferLimit`` bytes). `write(2)` hands the bytes to the kernel;
/// the sink never calls `fsync`, so a power loss may lose what the kernel had not stored yet.
///
/// The file is opened with `O_APPEND` and every `write(2)` carries whole lines only, so any
/// number of sinks, states or processes writing the same path interleave whole lines and lose
/// none. The path must name a regular file (created when missing, mode 0600): a directory, a
/// device, a FIFO or an unreachable path is refused with an ``EventLogError`` at once, without
/// blocking. A write that fails later (a full disk) is reported once on standard error and the sink
/// stops writing; it never crashes the app.
public final class JSONLinesFileEventLog: EventLogSink, @unchecked Sendable {
    /// The file written to.
    public let path: String
    /// The number of buffered bytes at which the buffer is written out without waiting for a flush.
    public static let bufferLimit = 64 * 1024

    private let descriptor: Int32
    // Guarded by `lock`. The buffer sits behind a pointer the sink owns, so a record pays for the
    // lock alone and no runtime exclusivity check on a class property.
    private let lock = NSLock()
    private let buffered: UnsafeMutablePointer<Buffered>

    /// The lines not written yet, and whether writing has stopped.
    private struct Buffered: ~Copyable {
        var lines = EventLogLineWriter(capacity: JSONLinesFileEventLog.bufferLimit + 4096)
        var failed = false
    }

    /// Opens (or creates) the file at `path` for appending.
    ///
    /// - Throws: ``EventLogError`` naming the path and the reason when it cannot be used.
    public init(path: String) throws(EventLogError) {
        self.path = path
        guard !path.isEmpty, !path.contains("\0") else {
            throw EventLogError("event log path \(Self.quoted(path)) is empty or contains a NUL character")
        }
        // O_NONBLOCK: opening a FIFO with no reader must not hang the app.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            throw EventLogError("cannot open event log file \(Self.quoted(path)): \(String(cString: strerror(errno)))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw EventLogError("event log path \(Self.quoted(path)) is not a regular file")
        }
        self.descriptor = descriptor
        buffered = .allocate(capacity: 1)
        buffered.initialize(to: Buffered())
        LiveFileEventLogs.shared.insert(self)
    }

    deinit {
        LiveFileEventLogs.shared.remove(self)
        lock.lock()
        writeOut()
        lock.unlock()
        close(descriptor)
        buffered.deinitialize(count: 1)
        buffered.deallocate()
    }

    public func record(_ record: EventLogRecord) {
        self.record(record.body, sequence: record.sequence, timestamp: record.timestamp, instance: record.instance,
                    attribute: record.attribute)
    }

    /// Appends the record's line to the buffer, written from its parts (see ``EventLogLineWriter``).
    public func record(_ body: EventLogRecord.Body, sequence: Int, timestamp: Date, instance: String, attribute: String) {
        lock.lock()
        defer { lock.unlock() }
        guard !buffered.pointee.failed else { return }
        buffered.pointee.lines.write(body, sequence: sequence, timestamp: timestamp, instance: instance, attribute: attribute)
        if buffered.pointee.lines.output.count >= Self.bufferLimit { writeOut() }
    }

    /// Writes every buffered record to the file now, in one `write(2)` of whole lines.
    public func flush() {
        lock.lock()
        writeOut()
        lock.unlock()
    }

    /// The number of bytes waiting in memory (for tests).
    var bufferedByteCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return buffered.pointee.lines.output.count
    }

    /// Hands the buffer to the kernel; the caller holds `lock`.
    private func writeOut() {
        guard !buffered.pointee.failed, buffered.pointee.lines.output.count > 0 else {
            buffered.pointee.lines.output.removeAll()
            return
        }
        // One write of whole lines: with O_APPEND they land together at the end of the file.
        var written: Int
        repeat {
            written = buffered.pointee.lines.output.withBytes { write(descriptor, $0.baseAddress, $0.count) }
        } while written < 0 && errno == EINTR
        let expected = buffered.pointee.lines.output.count
        buffered.pointee.lines.output.removeAll()
        guard written == expected else {
            buffered.pointee.failed = true
            let reason = written < 0 ? String(cString: strerror(errno)) : "short write"
            EventLogEnvironment.reportOnce("event log file \(Self.quoted(path)) stopped: \(reason)")
            return
        }
    }

    /// The path as a message shows it: quoted, control characters escaped.
    static func quoted(_ path: String) -> String {
        var text = "\""
        for scalar in path.unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar == "\"" || scalar == "\\" {
                text += scalar.escaped(asASCII: true)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
