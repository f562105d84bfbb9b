import Foundation

/// Writes each record as a JSON line to standard error (`THUNDERID_TRACE=stderr`).
public struct StandardErrorEventLog: EventLogSink {
    /// Creates the sink.
    public init() {}

    public func record(_ record: EventLogRecord) {
        FileHandle.standardError.write(Data((record.jsonLine() + "\n").utf8))
    }
}
