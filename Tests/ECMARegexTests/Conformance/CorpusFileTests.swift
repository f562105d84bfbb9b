import Foundation
import Testing
import ECMARegexConformance

@Suite("Loading conformance files")
struct CorpusFileTests {
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("A directory without corpus files fails to load")
    func emptyDirectoryFails() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: ConformanceError.self) { try CorpusFile.loadAll(from: directory) }
        #expect(throws: ConformanceError.self) { try SchemaSuiteFile.loadAll(from: directory) }
    }

    @Test("A missing directory fails to load")
    func missingDirectoryFails() {
        let directory = URL(fileURLWithPath: "/nonexistent/corpus-\(UUID().uuidString)")
        #expect(throws: ConformanceError.self) { try CorpusFile.loadAll(from: directory) }
    }

    @Test("Lines decode true, false and \"syntax\" verdicts and the optional known tag")
    func linesDecode() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = """
            {"pattern":"^a$","flags":"u","input":"a","expect":true,"category":"x","row":"L1"}
            {"pattern":"^a$","flags":"","input":"b\\u2028","expect":false,"category":"x","row":"L1"}
            {"pattern":"(","flags":"v","input":"","expect":"syntax","category":"x","row":"S2","known":"unicode-skew"}

            """
        try text.write(to: directory.appendingPathComponent("x.jsonl"), atomically: true, encoding: .utf8)
        let files = try CorpusFile.loadAll(from: directory)
        #expect(files.count == 1)
        let cases = try #require(files.first?.cases)
        #expect(cases.count == 3)
        #expect(cases[0] == CorpusCase(pattern: "^a$", flags: "u", input: "a", expect: .match(true), category: "x", row: "L1"))
        #expect(cases[1].input == "b\u{2028}")
        #expect(cases[1].expect == .match(false))
        #expect(cases[2].expect == .syntax)
        #expect(cases[2].known == "unicode-skew")
    }

    @Test("A malformed line or an unknown verdict fails the whole file")
    func malformedLineFails() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try #"{"pattern":"a","flags":"","input":"a","expect":"maybe","category":"x","row":"r"}"#
            .write(to: directory.appendingPathComponent("x.jsonl"), atomically: true, encoding: .utf8)
        #expect(throws: ConformanceError.self) { try CorpusFile.loadAll(from: directory) }
    }

    /// Lines Foundation's `JSONDecoder` must refuse without crashing: the loaders read corpus and test262
    /// files with it.
    static let hostileLines: [(name: String, bytes: [UInt8])] = [
        ("nesting 100,000 deep", Array(#"{"pattern":"#.utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
            + [UInt8](repeating: UInt8(ascii: "]"), count: 100_000) + Array(#","flags":"","input":"","expect":true,"category":"x","row":"r"}"#.utf8)),
        ("bytes that are not UTF-8", Array(#"{"pattern":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#"","flags":"","input":"","expect":true,"category":"x","row":"r"}"#.utf8)),
        ("a number beyond Double", Array(#"{"pattern":"a","flags":"","input":"","expect":1e999,"category":"x","row":"r"}"#.utf8)),
        ("a lone surrogate", Array(#"{"pattern":"a","flags":"","input":"\ud800","expect":true,"category":"x","row":"r"}"#.utf8)),
        ("a 4 MB string cut short", Array(#"{"pattern":""#.utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 4 << 20)),
    ]

    @Test("Hostile lines fail the load with a typed error naming the file and line, without crashing")
    func hostileLinesFail() throws {
        for line in Self.hostileLines {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            try Data(Array(#"{"pattern":"a","flags":"","input":"a","expect":true,"category":"x","row":"r"}"#.utf8) + [0x0A] + line.bytes)
                .write(to: directory.appendingPathComponent("x.jsonl"))
            do {
                _ = try CorpusFile.loadAll(from: directory)
                Issue.record("\(line.name): loaded")
            } catch {
                guard case .malformedData(let detail) = error else {
                    Issue.record("\(line.name): \(error)")
                    continue
                }
                #expect(detail.hasPrefix("x.jsonl:2: "), "\(line.name)")
            }
        }
    }

    /// Pinned so a change in Foundation is noticed: node's `JSON.stringify` writes the corpus and never
    /// repeats a key, and `JSON.parse` would keep the last value.
    @Test("A repeated key keeps its first value (Foundation's JSONDecoder)")
    func repeatedKey() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try #"{"pattern":"a","pattern":"b","flags":"","input":"a","expect":true,"category":"x","row":"r"}"#
            .write(to: directory.appendingPathComponent("x.jsonl"), atomically: true, encoding: .utf8)
        #expect(try CorpusFile.loadAll(from: directory).first?.cases.first?.pattern == "a")
    }
}
