import Foundation
import ThunderID
import JSONCore
import JSONWriting

// The JSON-lines writing of the event log (format v1, see the Trace article); the reading is the
// spec runner's (ThunderIDSpec: `EventLogRecord(jsonLine:)`), which an app never calls.

extension EventLogRecord {
    /// The record as one line of JSON (no trailing newline).
    public func jsonLine() -> String {
        var writer = JSONLineWriter()
        write(to: &writer)
        return writer.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// `2026-11-29T11:40:00.123Z`: whole milliseconds, computed in integers so a written
    /// timestamp reads back to the same text.
    static func formatTimestamp(_ date: Date) -> String {
        JSONLineWriter.formatTimestamp(date)
    }
}
