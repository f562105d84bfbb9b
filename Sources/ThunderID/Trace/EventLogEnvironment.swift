import Foundation

/// Reads the `THUNDERID_TRACE` environment variable into sinks.
///
/// Values: `stderr`, `file:/path/to/log.jsonl`, or several separated by commas. Unset or empty
/// means no sink.
public enum EventLogEnvironment {
    /// The variable's name.
    public static let variable = "THUNDERID_TRACE"

    /// The sinks `environment` asks for.
    public static func sinks(from environment: [String: String]) throws(EventLogError) -> [any EventLogSink] {
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
