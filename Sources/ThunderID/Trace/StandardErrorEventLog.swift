import Foundation

/// Writes each record as a JSON line to standard error (`THUNDERID_TRACE=stderr`), one write per
/// record, unbuffered.
public struct StandardErrorEventLog: EventLogSink {
    private let handle: FileHandle

    /// Creates the sink.
    public init() {
        self.handle = .standardError
    }

    /// A sink writing to `handle` instead (tests capture the output this way).
    init(writingTo handle: FileHandle) {
        self.handle = handle
    }

    public func record(_ record: EventLogRecord) {
        var writer = JSONLineWriter()
        record.write(to: &writer)
        writer.byte(UInt8(ascii: "\n"))
        handle.write(writer.withBytes { Data($0) })
    }
}
