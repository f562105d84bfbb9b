import Foundation
import ThunderID

/// A debug event log read for replay: every record with its line, grouped by instance.
public struct EventLogDocument: Sendable {
    /// One record and the 1-based line it came from.
    public struct Line: Sendable {
        /// The line number in the file.
        public var number: Int
        /// The decoded record.
        public var record: EventLogRecord
    }

    /// The longest line read, in UTF-8 bytes (1 MiB). A longer line is refused with its number
    /// before it is parsed (and, from a file, before the rest of it is read); the engine's own
    /// records are a few hundred bytes.
    public static let maximumLineBytes = 1 << 20

    /// The file's name as shown in reports.
    public var path: String
    /// The records of each instance, in file order; instances in order of first appearance.
    public var instances: [(id: String, lines: [Line])]
    /// The lines skipped because a write cut them short (``EventLogRecord/isCutShort(_:)``):
    /// what a process killed while writing, or a full disk, leaves.
    public var cutLines: [Int] = []

    /// Reads JSON-lines text; blank lines and lines cut short are skipped, any other unreadable line
    /// is an error, and so is a line over ``maximumLineBytes`` or a length outside
    /// 0…``/ThunderID/EventLogRecord/maximumLoggedLength``.
    public init(path: String, text: String) throws(EventLogProblem) {
        self.path = path
        var collector = Collector()
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard raw.utf8.count <= Self.maximumLineBytes else { throw Self.tooLong(path: path, line: offset + 1) }
            switch try Self.read(raw, number: offset + 1, path: path) {
            case .record(let line): collector.add(line)
            case .cutShort: cutLines.append(offset + 1)
            case .blank: break
            }
        }
        instances = try collector.instances(path: path)
    }

    /// Reads the file at `path` line by line (``maximumLineBytes`` applied while reading), with the
    /// rules of ``init(path:text:)``. The records are kept, so memory grows with their number; to
    /// replay a log of any size in bounded memory, use ``EventLogReplay/replay(file:)``.
    public init(contentsOfFile path: String) throws(EventLogProblem) {
        self.path = path
        var collector = Collector()
        var cut: [Int] = []
        try Self.forEachLine(inFile: path) { (line: Line) throws(EventLogProblem) in collector.add(line) } cutShort: { cut.append($0) }
        cutLines = cut
        instances = try collector.instances(path: path)
    }

    /// Reads the file at `path` one line at a time and hands each record to `body` in file order;
    /// a line cut short goes to `cutShort`. Memory holds one 64 KiB chunk and one line (at most
    /// ``maximumLineBytes``), whatever the file's size. Throws on an unreadable file or line, a line
    /// over the cap, and a file with no record.
    public static func forEachLine(inFile path: String, _ body: (Line) throws(EventLogProblem) -> Void,
                                   cutShort: (Int) -> Void = { _ in }) throws(EventLogProblem) {
        var reader: EventLogLineReader
        do throws(EventLogLineReader.Failure) {
            reader = try EventLogLineReader(path: path, maximumLineBytes: maximumLineBytes)
        } catch {
            throw problem(error, path: path)
        }
        var records = 0
        while true {
            let next: (number: Int, bytes: [UInt8])?
            do throws(EventLogLineReader.Failure) {
                next = try reader.next()
            } catch {
                throw problem(error, path: path)
            }
            guard let (number, bytes) = next else { break }
            guard let text = String(bytes: bytes, encoding: .utf8) else {
                throw EventLogProblem(location: SourceLocation(file: path, line: number), message: "the line is not UTF-8")
            }
            switch try read(text[...], number: number, path: path) {
            case .record(let line):
                records += 1
                try body(line)
            case .cutShort: cutShort(number)
            case .blank: break
            }
        }
        guard records > 0 else { throw noRecords(path: path) }
    }

    /// What one line holds.
    enum LineContent {
        case record(Line)
        case cutShort
        case blank
    }

    /// Decodes one line (already within the cap).
    static func read(_ raw: Substring, number: Int, path: String) throws(EventLogProblem) -> LineContent {
        let line = raw.trimmingWhitespace()
        if line.isEmpty { return .blank }
        do {
            return .record(Line(number: number, record: try EventLogRecord(jsonLine: line)))
        } catch {
            if EventLogRecord.isCutShort(line) { return .cutShort }
            throw EventLogProblem(location: SourceLocation(file: path, line: number), message: "unreadable record: \(error)")
        }
    }

    static func tooLong(path: String, line: Int) -> EventLogProblem {
        EventLogProblem(location: SourceLocation(file: path, line: line), message: "the line is longer than \(maximumLineBytes) bytes")
    }

    static func noRecords(path: String) -> EventLogProblem {
        EventLogProblem(location: SourceLocation(file: path, line: 1), message: "the log has no records")
    }

    private static func problem(_ failure: EventLogLineReader.Failure, path: String) -> EventLogProblem {
        switch failure {
        case .unreadable(let reason):
            return EventLogProblem(location: SourceLocation(file: path, line: 1), message: "cannot read the file: \(reason)")
        case .lineTooLong(let number):
            return tooLong(path: path, line: number)
        }
    }

    /// Groups lines by instance, in order of first appearance.
    private struct Collector {
        var order: [String] = []
        var byInstance: [String: [Line]] = [:]

        mutating func add(_ line: Line) {
            if byInstance[line.record.instance] == nil { order.append(line.record.instance) }
            byInstance[line.record.instance, default: []].append(line)
        }

        func instances(path: String) throws(EventLogProblem) -> [(id: String, lines: [Line])] {
            guard !order.isEmpty else { throw EventLogDocument.noRecords(path: path) }
            return order.map { ($0, byInstance[$0] ?? []) }
        }
    }
}
