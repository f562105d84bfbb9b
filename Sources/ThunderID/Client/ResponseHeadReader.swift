import Foundation

/// Reads header lines as libcurl's header callback delivers them: status line, fields, empty line,
/// for each interim (1xx) answer and the final one, then any trailers.
///
/// Only the final answer's fields are headers; trailers never are (a `Retry-After` after the body is
/// not obeyed). Every line counts towards ``maximumBytes``.
struct ResponseHeadReader {
    enum Verdict: Equatable {
        case reading
        /// The final answer's status line: a 2xx here ends a request whose 2xx body is ignored.
        case finalStatus(Int)
        /// The lines passed ``maximumBytes``: the answer must be refused.
        case tooLarge
    }

    /// The most bytes of header lines (trailers included) read before the answer is refused.
    let maximumBytes: Int
    /// The status of the answer being read; `nil` before its status line.
    private(set) var status: Int?
    /// The final answer's header fields by name as written (the last of a repeated name wins).
    private(set) var headers: [String: String] = .init()
    /// Whether the final answer's header block has ended: every later line is a trailer.
    private(set) var headersEnded = false
    private(set) var bytes = 0

    init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    /// Reads one line, with its line end, as libcurl delivered it.
    mutating func read(_ line: UnsafeRawBufferPointer) -> Verdict {
        bytes += line.count
        guard bytes <= maximumBytes else { return .tooLarge }
        if headersEnded { return .reading }
        if let status = Self.status(ofStatusLine: line) {
            self.status = status
            headers = .init()
            return Self.isInterim(status) ? .reading : .finalStatus(status)
        }
        if Self.isEmpty(line) {
            // An interim answer's header block ends; the final one's ends the headers for good.
            if let status, !Self.isInterim(status) { headersEnded = true }
            return .reading
        }
        // A continuation line (obsolete folding) starts with a space or a tab: it is not a field.
        guard let first = line.first, first != 0x20, first != 0x09, let colon = line.firstIndex(of: 0x3A) else {
            return .reading
        }
        let name = String(decoding: UnsafeRawBufferPointer(rebasing: line[..<colon]), as: UTF8.self)
            .trimmingCharacters(in: .whitespaces)
        let value = String(decoding: UnsafeRawBufferPointer(rebasing: line[(colon + 1)...]), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if !name.isEmpty { headers[name] = value }
        return .reading
    }

    /// The status of `HTTP/<version> <three digits>…`; `nil` for any other line.
    static func status(ofStatusLine line: UnsafeRawBufferPointer) -> Int? {
        let prefix: [UInt8] = Array("HTTP/".utf8)
        guard line.count >= prefix.count + 4, line.prefix(prefix.count).elementsEqual(prefix) else { return nil }
        guard let space = line[prefix.count...].firstIndex(of: 0x20) else { return nil }
        let digits = line[(space + 1)...].prefix(3)
        guard digits.count == 3, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let after = space + 4
        guard after == line.count || [0x20, 0x0D, 0x0A].contains(line[after]) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    private static func isInterim(_ status: Int) -> Bool {
        (100..<200).contains(status)
    }

    private static func isEmpty(_ line: UnsafeRawBufferPointer) -> Bool {
        line.allSatisfy { $0 == 0x0D || $0 == 0x0A }
    }
}
