import ECMARegex
import Foundation
import ThunderID

/// An event log sink that cannot be set up.
public struct EventLogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, naming the path or setting.
    public var reason: String

    package init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}

extension ChangeCredentialConfiguration {
    /// A copy that also logs where the `THUNDERID_TRACE` environment variable says: `stderr`
    /// (``StandardErrorEventLog``), `file:/path/to/log.jsonl` (``JSONLinesFileEventLog``), or
    /// several separated by commas. Unset or empty adds nothing.
    ///
    /// Call it only in debug builds (`#if DEBUG`), so no user's environment can turn on a file log
    /// in a shipped app. The log never holds a credential value, but it does describe the session.
    ///
    /// The sinks are created here, once, and shared by every state made with the copy. A setting
    /// it cannot use (an unknown sink, a file it cannot open) adds nothing, and is said once per
    /// process on standard error.
    ///
    /// ```swift
    /// var configuration = ChangeCredentialConfiguration()
    /// #if DEBUG
    /// configuration = configuration.addingEventLogFromEnvironment()
    /// #endif
    /// ```
    ///
    /// - Parameter environment: the variables to read; the process's environment by default.
    public func addingEventLogFromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> ChangeCredentialConfiguration {
        var copy = self
        do {
            copy.eventLog += try EventLogEnvironment.sinks(from: environment)
        } catch {
            EventLogEnvironment.reportOnce("\(error)")
        }
        return copy
    }
}

/// Reads the `THUNDERID_TRACE` environment variable into sinks.
package enum EventLogEnvironment {
    package static let variable = "THUNDERID_TRACE"

    /// Writes `message` to standard error the first time it is reported in this process; returns
    /// whether it did. On a broken standard error the line is lost; this never traps.
    @discardableResult
    package static func reportOnce(_ message: String) -> Bool {
        let first = reported.withLock { $0.insert(message).inserted }
        if first { _ = DescriptorWriter.write("ThunderID: \(message)\n", to: 2) }
        return first
    }

    private static let reported = Locked<Set<String>>([])

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

extension InMemoryEventLog {
    /// The records as JSON lines.
    package var jsonLines: [String] { records.map { $0.jsonLine() } }
}
