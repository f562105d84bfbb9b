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

    /// The file's name as shown in reports.
    public var path: String
    /// The records of each instance, in file order; instances in order of first appearance.
    public var instances: [(id: String, lines: [Line])]

    /// Reads JSON-lines text; blank lines are skipped, any other unreadable line is an error.
    public init(path: String, text: String) throws(TraceProblem) {
        self.path = path
        var order: [String] = []
        var byInstance: [String: [Line]] = [:]
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
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
