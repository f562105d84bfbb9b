import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Appends each record as a JSON line to a file (`THUNDERID_TRACE=file:/path/log.jsonl`).
///
/// The file is opened with `O_APPEND` and each record is one `write` of one whole line, so any
/// number of sinks, states or processes writing the same path interleave whole lines and lose
/// none. The path must name a regular file (created when missing, mode 0600): a directory, a
/// device, a FIFO or an unreachable path is refused with an ``EventLogError`` at once, without
/// blocking. A write that fails later (a full disk) is reported once on standard error and the sink
/// stops writing; it never crashes the app.
public final class JSONLinesFileEventLog: EventLogSink, @unchecked Sendable {
    /// The file written to.
    public let path: String
    private let descriptor: Int32
    // Guarded by `lock`.
    private let lock = NSLock()
    private var failed = false

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
    }

    deinit {
        close(descriptor)
    }

    public func record(_ record: EventLogRecord) {
        lock.lock()
        defer { lock.unlock() }
        guard !failed else { return }
        var line = Array((record.jsonLine() + "\n").utf8)
        // One write per record: with O_APPEND the line lands whole at the end of the file.
        var written: Int
        repeat {
            written = line.withUnsafeMutableBytes { write(descriptor, $0.baseAddress, $0.count) }
        } while written < 0 && errno == EINTR
        guard written == line.count else {
            failed = true
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
