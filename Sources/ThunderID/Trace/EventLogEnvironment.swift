import Foundation

/// A set behind a lock (the messages already reported).
final class LockedSet: @unchecked Sendable {
    private let lock = NSLock()
    private var members: Set<String> = []

    func withLock<T>(_ body: (inout Set<String>) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&members)
    }
}

/// Reads the `THUNDERID_TRACE` environment variable into sinks.
///
/// Values: `stderr`, `file:/path/to/log.jsonl`, or several separated by commas. Unset or empty
/// means no sink.
package enum EventLogEnvironment {
    /// The variable's name.
    package static let variable = "THUNDERID_TRACE"

    /// Writes `message` to standard error the first time it is reported in this process; returns
    /// whether it did. A bad `THUNDERID_TRACE` or a failing log file is said once, however many
    /// states hit it.
    ///
    /// The line goes out with `write(2)`; when standard error itself is broken (a full device, a
    /// closed descriptor, a pipe whose reader left) it is lost, and the app goes on: this never
    /// traps and never raises `SIGPIPE`.
    @discardableResult
    package static func reportOnce(_ message: String) -> Bool {
        let first = reported.withLock { $0.insert(message).inserted }
        if first { _ = DescriptorWriter.write("ThunderID: \(message)\n", to: 2) }
        return first
    }

    private static let reported = LockedSet()

    /// The sinks `environment` asks for.
    package static func sinks(from environment: [String: String]) throws(EventLogError) -> [any EventLogSink] {
        guard let setting = environment[variable] else { return [] }
        var sinks: [any EventLogSink] = []
        for part in setting.split(separator: ",") {
            let item = part.trimmingCharacters(in: .whitespaces)
            if item.isEmpty { continue }
            if item == "stderr" {
                sinks.append(StandardErrorEventLog())
            } else if item.hasPrefix("file:"), item.count > 5 {
                sinks.append(try JSONLinesFileEventLog(path: String(item.dropFirst(5))))
            } else {
                throw EventLogError("\(variable): unknown sink \"\(item)\"; use stderr or file:/path")
            }
        }
        return sinks
    }
}
