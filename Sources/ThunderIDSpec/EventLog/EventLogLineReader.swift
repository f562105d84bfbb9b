import Foundation

/// Reads a file one line at a time, in chunks of ``chunkBytes``, with the longest line capped while
/// reading: memory stays within one chunk and one line, whatever the file's size.
///
/// A line longer than the cap is refused as soon as its bytes pass the cap, without reading the rest
/// of it. Lines end at `\n`; a last line without one is a line too.
struct EventLogLineReader {
    /// How much is read at a time (64 KiB).
    static let chunkBytes = 64 * 1024

    /// Why reading stopped.
    enum Failure: Error, Equatable {
        /// The file cannot be opened or read; the system's reason.
        case unreadable(String)
        /// Line `number` (1-based) is longer than the cap.
        case lineTooLong(number: Int)
    }

    private let handle: FileHandle
    private let maximumLineBytes: Int
    private var chunk: [UInt8] = []
    private var position = 0
    private var atEnd = false
    /// The number of the line ``next()`` returns next.
    private(set) var lineNumber = 0

    /// Opens `path` for reading; lines longer than `maximumLineBytes` are refused.
    init(path: String, maximumLineBytes: Int) throws(Failure) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(String(cString: strerror(errno)))
        }
        self.handle = handle
        self.maximumLineBytes = maximumLineBytes
    }

    /// The next line's bytes (without its `\n`) and its 1-based number, or nil at the end.
    mutating func next() throws(Failure) -> (number: Int, bytes: [UInt8])? {
        var line: [UInt8] = []
        while true {
            if position == chunk.count {
                if atEnd { break }
                try refill()
                if chunk.isEmpty {
                    atEnd = true
                    break
                }
            }
            let rest = chunk[position...]
            if let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
                guard line.count + (newline - position) <= maximumLineBytes else { throw .lineTooLong(number: lineNumber + 1) }
                line += chunk[position..<newline]
                position = newline + 1
                lineNumber += 1
                return (lineNumber, line)
            }
            guard line.count + rest.count <= maximumLineBytes else { throw .lineTooLong(number: lineNumber + 1) }
            line += rest
            position = chunk.count
        }
        guard !line.isEmpty else { return nil }
        lineNumber += 1
        return (lineNumber, line)
    }

    private mutating func refill() throws(Failure) {
        do {
            chunk = try handle.read(upToCount: Self.chunkBytes).map { Array($0) } ?? []
        } catch {
            throw .unreadable("\(error.localizedDescription)")
        }
        position = 0
    }
}
