import Foundation
import ThunderID
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
/// Records are encoded into a buffer on the caller's thread and reach the kernel in `write(2)`s
/// of whole lines:
/// - when the buffer reaches `bufferLimit` bytes: the sink's own serial queue writes it while
///   records go into a second buffer, so the main thread never waits for the disk while the user
///   types (it waits only if the queue is still writing the previous full buffer);
/// - on ``flush()``, which returns once every record so far has reached the kernel, in order.
///   ``/ThunderID/ChangeCredentialState`` calls it after logging a submission outcome
///   (`submissionSucceeded`, `submissionFailed`) or a dismissal, and when it is deinitialized;
/// - when the sink is deinitialized, and when the process exits through `exit(3)` or by returning
///   from `main` (an `atexit` handler flushes every live sink).
/// A crash or a kill loses at most the records since the last of these points (up to two buffers).
/// The sink never calls `fsync`, so a power loss may lose what the kernel had not stored yet.
///
/// Writes are appends of whole lines, so sinks and processes sharing a path interleave whole
/// lines. After a write cut short (a full disk, `kill -9`) the next write starts on a new line,
/// and readers skip the fragment.
///
/// The path must name a regular file (created when missing, mode 0600): anything else is refused
/// with an ``EventLogError`` at once, without blocking. A write that fails later is reported once
/// on standard error, and the sink stops writing; it never crashes the app.
public final class JSONLinesFileEventLog: EventLogSink, @unchecked Sendable {
    /// The file written to.
    package let path: String
    /// The number of buffered bytes at which the buffer is written out without waiting for a flush.
    package static let bufferLimit = 64 * 1024

    private let descriptor: Int32
    /// The file opened for reading its last byte, or -1 when it cannot be read.
    private let readDescriptor: Int32
    // Guarded by `lock`.
    private let lock = NSLock()
    /// The lines not written yet.
    private var lines: [UInt8] = []
    /// The full buffer the queue writes (without the lock) while `isWriting`; else empty.
    private var outgoing: [UInt8] = []
    private var isWriting = false
    /// Whether a write failed (then the sink writes nothing more).
    private var failed = false
    /// Writes full buffers off the caller's thread, in order.
    private let queue = DispatchQueue(label: "ThunderID.JSONLinesFileEventLog", qos: .utility)

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
        // A read-only descriptor of the same file (same device and inode), for `endsInsideLine`.
        var reader = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        var readStatus = stat()
        if reader >= 0, fstat(reader, &readStatus) != 0 || readStatus.st_dev != status.st_dev || readStatus.st_ino != status.st_ino {
            close(reader)
            reader = -1
        }
        self.readDescriptor = reader
        lines.reserveCapacity(Self.bufferLimit + 4096)
        outgoing.reserveCapacity(Self.bufferLimit + 4096)
        LiveFileEventLogs.shared.insert(self)
    }

    // A queued write holds the sink, so none is pending here.
    deinit {
        LiveFileEventLogs.shared.remove(self)
        flush()
        close(descriptor)
        if readDescriptor >= 0 { close(readDescriptor) }
    }

    /// Appends the record's line to the buffer (encoded before the lock is taken).
    public func record(_ record: EventLogRecord) {
        let line = record.jsonLineData()
        lock.lock()
        defer { lock.unlock() }
        guard !failed else { return }
        lines.append(contentsOf: line)
        if lines.count >= Self.bufferLimit { handOff() }
    }

    /// Writes every buffered record to the file now, after the full buffers handed to the queue.
    public func flush() {
        lock.lock()
        waitForQueue()
        writeLines()
        lock.unlock()
    }

    /// The number of bytes waiting in memory, not handed to the queue (for tests).
    var bufferedByteCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return lines.count
    }

    /// Returns when the queue has written every full buffer handed to it (for tests).
    func waitForQueuedWrites() {
        lock.lock()
        waitForQueue()
        lock.unlock()
    }

    /// Hands the full buffer to the queue and goes on in the other one; the caller holds `lock`.
    private func handOff() {
        waitForQueue()
        guard !failed else {
            lines.removeAll(keepingCapacity: true)
            return
        }
        swap(&lines, &outgoing)
        isWriting = true
        queue.async { self.writeOutgoing() }
    }

    /// Waits until the queue writes nothing; the caller holds `lock` (released while waiting).
    private func waitForQueue() {
        while isWriting {
            lock.unlock()
            queue.sync {}
            lock.lock()
        }
    }

    /// On the queue: writes the full buffer, then gives its room back.
    private func writeOutgoing() {
        // The buffer is the queue's while `isWriting`: no record touches it.
        let failure = writeAll(outgoing)
        lock.lock()
        outgoing.removeAll(keepingCapacity: true)
        isWriting = false
        if let failure { stop(failure) }
        lock.unlock()
    }

    /// Writes the buffer on the caller's thread (empty once the sink failed); the caller holds
    /// `lock` and the queue writes nothing.
    private func writeLines() {
        let failure = writeAll(lines)
        lines.removeAll(keepingCapacity: true)
        if let failure { stop(failure) }
    }

    /// Hands `lines` to the kernel in `write(2)`s of whole lines, each starting with a newline when
    /// the file ends inside a line (see the type); the reason when that fails. After a short write
    /// it goes on from the next whole line: another process may have appended in between.
    private func writeAll(_ lines: [UInt8]) -> String? {
        let total = lines.count
        guard total > 0 else { return nil }
        return lines.withUnsafeBufferPointer { bytes -> String? in
            let base = bytes.baseAddress!
            var start = 0
            while start < total {
                let separator = endsInsideLine() ? 1 : 0
                var newline = UInt8(ascii: "\n")
                let written = withUnsafeMutablePointer(to: &newline) { newline in
                    var parts = [
                        iovec(iov_base: UnsafeMutableRawPointer(newline), iov_len: separator),
                        iovec(iov_base: UnsafeMutableRawPointer(mutating: base + start), iov_len: total - start),
                    ]
                    return writev(descriptor, &parts, 2)
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                if written == 0 { return "the write stored nothing" }
                let end = start + written - separator
                if end <= start { continue }
                if end == total { return nil }
                // A short write: go on after the last whole line, or past the line it cut.
                if bytes[end - 1] == UInt8(ascii: "\n") {
                    start = end
                } else {
                    guard let next = bytes[end...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
                    start = next + 1
                }
            }
            return nil
        }
    }

    /// Whether the file's last byte is not a newline; false when it cannot be read.
    private func endsInsideLine() -> Bool {
        var status = stat()
        guard readDescriptor >= 0, fstat(descriptor, &status) == 0, status.st_size > 0 else { return false }
        var last: UInt8 = 0
        let read = pread(readDescriptor, &last, 1, status.st_size - 1)
        return read == 1 && last != UInt8(ascii: "\n")
    }

    /// Stops writing for good, and says so once; the caller holds `lock`.
    private func stop(_ reason: String) {
        failed = true
        lines.removeAll()
        EventLogEnvironment.reportOnce("event log file \(Self.quoted(path)) stopped: \(reason)")
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
