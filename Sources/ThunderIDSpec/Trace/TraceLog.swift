import ThunderID

/// A debug event log read for replay: every record with its line, grouped by instance.
public struct TraceLog: Sendable {
    /// One record and the 1-based line it came from.
    public struct Line: Sendable {
        /// The line number in the file.
        public var number: Int
        /// The decoded record.
        public var record: EventLogRecord
    }

    /// The longest line read, in UTF-8 bytes (1 MiB). A longer line is refused with its number
    /// before it is parsed; the engine's own records are a few hundred bytes.
    public static let maximumLineBytes = 1 << 20

    /// The file's name as shown in reports.
    public var path: String
    /// The records of each instance, in file order; instances in order of first appearance.
    public var instances: [(id: String, lines: [Line])]

    /// Reads JSON-lines text; blank lines are skipped, any other unreadable line is an error, and so
    /// is a line over ``maximumLineBytes`` or a length outside 0…``EventLogRecord/maximumLoggedLength``.
    public init(path: String, text: String) throws(TraceProblem) {
        self.path = path
        var order: [String] = []
        var byInstance: [String: [Line]] = [:]
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard raw.utf8.count <= Self.maximumLineBytes else {
                throw TraceProblem(location: SourceLocation(file: path, line: offset + 1),
                                   message: "the line is longer than \(Self.maximumLineBytes) bytes")
            }
            let line = raw.trimmingWhitespace()
            if line.isEmpty { continue }
            let record: EventLogRecord
            do {
                record = try EventLogRecord(jsonLine: line)
            } catch {
                throw TraceProblem(location: SourceLocation(file: path, line: offset + 1), message: "unreadable record: \(error)")
            }
            if byInstance[record.instance] == nil { order.append(record.instance) }
            byInstance[record.instance, default: []].append(Line(number: offset + 1, record: record))
        }
        guard !order.isEmpty else {
            throw TraceProblem(location: SourceLocation(file: path, line: 1), message: "the log has no records")
        }
        instances = order.map { ($0, byInstance[$0] ?? []) }
    }
}
