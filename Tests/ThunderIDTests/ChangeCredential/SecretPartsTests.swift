import Foundation
@testable import ThunderID
import Testing

/// `SecretParts`, the scrubber's matching without Foundation, and the cases the 32-bit check
/// (`Tools/int32-check`) runs it on.
@Suite("The scrubber's matching core")
struct SecretPartsTests {
    /// One line of `Tools/int32-check/scrubber-cases.jsonl`.
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        let secrets: [String]
        let text: String
        let scrubbed: String

        var testDescription: String { "\(text.debugDescription) with \(secrets.count) value(s)" }
    }

    static let cases: [Case] = {
        let url = PackageRoot.file("Tools/int32-check/scrubber-cases.jsonl")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { try? JSONDecoder().decode(Case.self, from: Data($0.utf8)) }
    }()

    @Test("The 32-bit check's scrubber cases load, every line of them")
    func casesLoad() throws {
        let text = try String(contentsOf: PackageRoot.file("Tools/int32-check/scrubber-cases.jsonl"), encoding: .utf8)
        #expect(Self.cases.count >= 20)
        #expect(Self.cases.count == text.split(separator: "\n").count)
    }

    @Test("The scrubber turns each case's text into the text the 32-bit check expects", arguments: cases)
    func scrubberAgrees(_ row: Case) {
        #expect(SecretScrubber(secrets: row.secrets).scrub(row.text) == row.scrubbed)
    }

    @Test("Spans are merged whatever order they come in; overlapping ones become one marker, adjacent ones keep one each")
    func spansInAnyOrder() {
        let scalars = Array("0123456789".unicodeScalars)
        let marker = "#".unicodeScalars
        let spans: [(first: Int, last: Int)] = [(6, 7), (1, 2), (2, 3), (8, 8), (0, 0)]
        for rotation in 0..<spans.count {
            let rotated = Array(spans[rotation...] + spans[..<rotation])
            #expect(String(SecretParts.replacing(rotated, in: scalars, with: marker)) == "##45##9")
            #expect(String(SecretParts.replacing(rotated.reversed(), in: scalars, with: marker)) == "##45##9")
        }
        // A span that starts first but ends last covers the ones inside it.
        #expect(String(SecretParts.replacing([(3, 4), (1, 8)], in: scalars, with: marker)) == "0#9")
        #expect(String(SecretParts.replacing([], in: scalars, with: marker)) == "0123456789")
    }

    @Test("Parts, short values and invisible values each find their spans in the original text")
    func collectsSpans() {
        var parts = SecretParts()
        parts.insert(folded: Array("abcde".unicodeScalars.map(\.value)), typed: Array("abcde".unicodeScalars.map(\.value)))
        parts.insert(folded: [0x7A], typed: [0x7A])
        parts.insert(folded: [], typed: [0x200B])
        #expect(!parts.isEmpty)
        #expect(SecretParts().isEmpty)
        // The folded text "xbcdez" came from six scalars, the "e" from two of them.
        let values = Array("xbcdez".unicodeScalars.map(\.value))
        let origins: [(first: Int, last: Int)] = [(0, 0), (1, 1), (2, 2), (3, 3), (4, 5), (6, 6)]
        var spans: [(first: Int, last: Int)] = []
        parts.collectSpans(values: values, origins: origins, into: &spans)
        #expect(spans.map { [$0.first, $0.last] } == [[1, 5], [6, 6]])
        spans = []
        parts.collectInvisibleSpans(in: Array("a\u{200B}b\u{200B}".unicodeScalars), into: &spans)
        #expect(spans.map { [$0.first, $0.last] } == [[1, 1], [3, 3]])
    }
}
