import Foundation
import ThunderID
import ECMARegex

/// Writes each record as a JSON line to standard error (`THUNDERID_TRACE=stderr`), one write per
/// record, unbuffered.
///
/// A failing standard error (a full device, a closed descriptor, a pipe whose reader left) never
/// crashes the app and raises no `SIGPIPE`: the sink says so once and writes nothing more.
public struct StandardErrorEventLog: EventLogSink {
    private let descriptor: Int32
    /// Keeps the descriptor of `init(writingTo:)` with a `FileHandle` open.
    private let handle: FileHandle?
    /// Whether a write has failed (then the sink is quiet); shared by copies of the sink.
    private let health = SinkHealth()

    /// Creates the sink.
    public init() {
        self.descriptor = 2
        self.handle = nil
    }

    /// A sink writing to `descriptor` instead (for tests).
    init(writingTo descriptor: Int32) {
        self.descriptor = descriptor
        self.handle = nil
    }

    /// A sink writing to `handle`'s descriptor, which it keeps open (for tests).
    init(writingTo handle: FileHandle) {
        self.descriptor = handle.fileDescriptor
        self.handle = handle
    }

    /// Whether a write failed and the sink went quiet.
    var hasFailed: Bool { health.hasFailed }

    public func record(_ record: EventLogRecord) {
        guard !health.hasFailed else { return }
        let line = record.jsonLineData()
        guard let failure = line.withUnsafeBytes({ DescriptorWriter.write($0, to: descriptor) }) else { return }
        if health.fail() {
            EventLogEnvironment.reportOnce("event log on standard error stopped: \(failure)")
        }
    }
}

/// Whether a sink's writes have failed; set once.
final class SinkHealth: Sendable {
    private let failed = AtomicWord(0)

    var hasFailed: Bool { failed.load() != 0 }

    /// Marks the sink failed; true for the call that did so first.
    func fail() -> Bool { failed.compareExchange(expected: 0, desired: 1) }
}
