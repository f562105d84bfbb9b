import Foundation
import Testing
@testable import ThunderID

/// The header lines of an answer as libcurl hands them over, read one by one.
@Suite("Reading an answer's head")
struct ResponseHeadReaderTests {
    /// Feeds `lines` (each given its CRLF) to a fresh reader; the reader and each line's verdict.
    static func read(_ lines: [String], maximumBytes: Int = 1024) -> (ResponseHeadReader, [ResponseHeadReader.Verdict]) {
        var reader = ResponseHeadReader(maximumBytes: maximumBytes)
        let verdicts = lines.map { line in
            Array((line + "\r\n").utf8).withUnsafeBytes { reader.read($0) }
        }
        return (reader, verdicts)
    }

    @Test("A status line gives the final status; fields before the empty line are the headers")
    func plainAnswer() {
        let (reader, verdicts) = Self.read(["HTTP/1.1 200 OK", "Content-Type: application/json", "X-Id:  7 ", ""])
        #expect(verdicts == [.finalStatus(200), .reading, .reading, .reading])
        #expect(reader.status == 200)
        #expect(reader.headers == ["Content-Type": "application/json", "X-Id": "7"])
        #expect(reader.headersEnded)
    }

    @Test("Trailer fields after the body never become headers: a trailing Retry-After is not read")
    func trailersIgnored() {
        let (reader, verdicts) = Self.read(["HTTP/1.1 429 Too Many Requests", "Trailer: Retry-After", "", "Retry-After: 7", ""])
        #expect(verdicts == [.finalStatus(429), .reading, .reading, .reading, .reading])
        #expect(reader.headers == ["Trailer": "Retry-After"])
        #expect(reader.status == 429)
    }

    @Test("An interim 1xx answer's fields are dropped, and its empty line does not end the headers")
    func interimAnswer() {
        let (reader, verdicts) = Self.read(["HTTP/1.1 100 Continue", "X-Interim: 1", "", "HTTP/1.1 204 No Content", "X-Final: 1", ""])
        #expect(verdicts == [.reading, .reading, .reading, .finalStatus(204), .reading, .reading])
        #expect(reader.headers == ["X-Final": "1"])
        #expect(reader.headersEnded)
    }

    @Test("Trailers count towards the cap, so an endless run of them is refused")
    func trailersCounted() {
        let (_, verdicts) = Self.read(["HTTP/1.1 200 OK", ""] + Array(repeating: "X-Pad: 0123456789", count: 10), maximumBytes: 100)
        #expect(verdicts.contains(.tooLarge))
        #expect(verdicts.firstIndex(of: .tooLarge) == 6)
    }

    @Test("Status lines: versions and reasons vary, three digits are required", arguments: [
        ("HTTP/1.1 200 OK", 200), ("HTTP/2 204", 204), ("HTTP/1.0 404 Not Found", 404), ("HTTP/1.1 599", 599),
    ])
    func statusLines(line: String, status: Int) {
        #expect(Self.read([line]).0.status == status)
    }

    @Test("Lines that are not status lines are not read as one", arguments: [
        "HTTP/1.1 20 OK", "HTTP/1.1 2000 OK", "HTTP/1.1 abc", "HTTP/1.1", "http/1.1 200 OK", "X-HTTP/1.1 200 OK",
    ])
    func notStatusLines(line: String) {
        #expect(Self.read([line]).0.status == nil)
    }

    @Test("A folded continuation line and a line without a colon are not fields")
    func notFields() {
        let (reader, _) = Self.read(["HTTP/1.1 200 OK", "X-A: 1", " folded: value", "\tmore: text", "no colon here", ""])
        #expect(reader.headers == ["X-A": "1"])
    }
}
