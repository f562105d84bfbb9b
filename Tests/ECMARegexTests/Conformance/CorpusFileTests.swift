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
}
