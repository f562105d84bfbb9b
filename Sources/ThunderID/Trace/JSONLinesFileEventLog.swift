import Foundation

/// Appends each record as a JSON line to a file (`THUNDERID_TRACE=file:/path/log.jsonl`).
///
/// The file is created when missing and appended to otherwise; each line is written whole.
public final class JSONLinesFileEventLog: EventLogSink, @unchecked Sendable {
    /// The file written to.
    public let path: String
    // Guarded by `lock`.
    private let lock = NSLock()
    private let handle: FileHandle

    /// Opens (or creates) the file at `path` for appending.
    public init(path: String) throws(EventLogError) {
        self.path = path
        let manager = FileManager.default
        if !manager.fileExists(atPath: path) {
            guard manager.createFile(atPath: path, contents: nil) else {
                throw EventLogError("cannot create event log file at \(path)")
            }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw EventLogError("cannot open event log file at \(path) for writing")
        }
        handle.seekToEndOfFile()
        self.handle = handle
    }

    deinit {
        try? handle.close()
    }

    public func record(_ record: EventLogRecord) {
        let line = Data((record.jsonLine() + "\n").utf8)
        lock.lock()
        handle.write(line)
        lock.unlock()
    }
}
