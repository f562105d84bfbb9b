import Foundation
import Testing
import ECMARegexConformance

/// The data derived from test262 (`Specs/regex/test262`, see its README), run through the
/// `--jsonl` protocol code. Every check must agree with node 20 except those listed in
/// `known-disagreements.txt`, and every listed one must still disagree, so the list only shrinks.
@Suite("test262 RegExp data through the --jsonl protocol")
struct Test262Tests {
    static let directory = ConformanceData.regexSpecs.appendingPathComponent("test262")

    static let data: Result<Test262Data, ConformanceError> = {
        do throws(ConformanceError) {
            return .success(try Test262Data.load(from: directory))
        } catch {
            return .failure(error)
        }
    }()

    static let known: Result<KnownDisagreements, ConformanceError> = {
        do throws(ConformanceError) {
            return .success(try KnownDisagreements.load(from: directory.appendingPathComponent("known-disagreements.txt")))
        } catch {
            return .failure(error)
        }
    }()

    /// One run of every check (the expensive part), shared by the tests below.
    static let report: Result<Test262Report, ConformanceError> = data.map { Test262Run.run($0, coverage: .sampled) }

    @Test("Every data file loads and the data holds checks of every category")
    func dataIsComplete() throws {
        let report = try Self.report.get()
        for name in Test262Data.fileNames {
            #expect((report.categories[name]?.total ?? 0) > 0, "no checks in \(name).jsonl")
        }
        #expect(report.total.total >= 50_000)
    }

    @Test("Check ids are unique, so the known list names exactly one check per line")
    func idsAreUnique() throws {
        let report = try Self.report.get()
        #expect(report.duplicateIDs.isEmpty, "duplicate ids: \(report.duplicateIDs.prefix(10))")
    }

    @Test("Every check agrees with node except the listed known disagreements")
    func agreesWithNode() throws {
        let report = try Self.report.get()
        let known = try Self.known.get()
        #expect(report.total.total > 0)
        let unexpected = report.unexpected(known)
        let sample = unexpected.prefix(20).map(\.summaryLine).joined(separator: "\n")
        let unexpectedCount = unexpected.count  // a count, so a failure does not print every id
        #expect(unexpectedCount == 0, "\(unexpected.count) disagreements not listed, e.g.:\n\(sample)")
    }

    @Test("Every listed known disagreement still disagrees (the list can only shrink)")
    func knownListOnlyShrinks() throws {
        let report = try Self.report.get()
        let known = try Self.known.get()
        let stale = report.stale(known)
        let sample = stale.prefix(20).joined(separator: " ")
        let staleCount = stale.count  // a count, so a failure does not print every id
        #expect(staleCount == 0, "\(stale.count) listed ids agree now or are gone; remove them: \(sample)")
    }
}

@Suite("test262 checker parts")
struct Test262CheckerTests {
    @Test("A sampled range keeps its first and last eight code points and eight in between")
    func sampling() {
        #expect(Test262Data.sample(first: 0x41, last: 0x45, coverage: .sampled) == [0x41, 0x42, 0x43, 0x44, 0x45])
        let long = Test262Data.sample(first: 0x1000, last: 0x1FFF, coverage: .sampled)
        #expect(long.count == 24)
        #expect(Array(long.prefix(8)) == Array(0x1000...0x1007))
        #expect(Array(long.suffix(8)) == Array(0x1FF8...0x1FFF))
        #expect(long == long.sorted() && Set(long).count == 24)
        #expect(Test262Data.sample(first: 0x1000, last: 0x1FFF, coverage: .full).count == 0x1000)
    }

    @Test("Range sets are cut into subjects of at most 256 code points (sampled) or 4,096 (full)")
    func subjects() {
        let sampled = Test262Data.subjects(of: [[0x30, 0x39], [0x10000, 0x1FFFF]], coverage: .sampled)
        #expect(sampled.count == 1)
        #expect(sampled[0].key == "U+0030..U+1FFFF/34")
        #expect(sampled[0].text.unicodeScalars.count == 34)
        let full = Test262Data.subjects(of: [[0, 0xD7FF]], coverage: .full)
        #expect(full.count == 14)
        #expect(full.map { $0.text.unicodeScalars.count }.reduce(0, +) == 0xD800)
    }

    @Test("Ids are stable and depend on test, pattern, flags and input")
    func identifiers() {
        let line = Test262Line(pattern: "a", flags: "u", input: "a", expect: .match(true), category: "built-ins", kind: "exec", test: "t.js")
        var ids: [String] = []
        Test262Data.expand(line, coverage: .sampled) { ids.append($0.id) }
        #expect(ids.count == 1 && ids[0].count == 16)
        var other = line
        other.flags = ""
        var otherIDs: [String] = []
        Test262Data.expand(other, coverage: .sampled) { otherIDs.append($0.id) }
        #expect(otherIDs != ids)
        var again: [String] = []
        Test262Data.expand(line, coverage: .sampled) { again.append($0.id) }
        #expect(again == ids)
    }

    @Test("Answers are read back from protocol lines and judged against node's verdict")
    func answers() {
        var handler = JSONLinesProtocol()
        let check = Test262Check(id: "0", category: "c", kind: "exec", test: "t", pattern: "^\\p{Lu}+$", flags: "u", input: "AB", expect: .match(true))
        let answer = Test262Answer(line: handler.answer(check.requestLine))
        #expect(answer == .match(true))
        #expect(answer.agrees(with: .match(true)) && !answer.agrees(with: .match(false)) && !answer.agrees(with: .syntax))
        let syntax = Test262Answer(line: handler.answer(#"{"pattern":"(","flags":"u","input":""}"#))
        #expect(syntax.label == "syntax" && syntax.agrees(with: .syntax) && !syntax.agrees(with: .match(false)))
        #expect(Test262Answer(line: "nonsense").label == "unreadable")
    }

    @Test("A disagreement is counted, listed as unexpected until known, and a fixed known one is stale")
    func knownList() {
        var report = Test262Report()
        let bad = Test262Check(id: "00000000000000aa", category: "built-ins", kind: "exec", test: "t.js", pattern: "a", flags: "", input: "b", expect: .match(true))
        let good = Test262Check(id: "00000000000000bb", category: "built-ins", kind: "exec", test: "t.js", pattern: "a", flags: "", input: "a", expect: .match(true))
        report.record(bad, answer: .match(false))
        report.record(good, answer: .match(true))
        #expect(report.total == Test262Report.Tally(total: 2, agreed: 1))
        #expect(report.unexpected(KnownDisagreements(ids: [])).map(\.id) == ["00000000000000aa"])
        let known = KnownDisagreements(text: "# comment\n\n00000000000000aa built-ins exec t.js …\n00000000000000bb fixed since\n")
        #expect(known.ids == ["00000000000000aa", "00000000000000bb"])
        #expect(report.unexpected(known).isEmpty)
        #expect(report.stale(known) == ["00000000000000bb"])
        #expect(KnownDisagreements(text: KnownDisagreements.text(listing: report.disagreements)).ids == ["00000000000000aa"])
        #expect(report.duplicateIDs.isEmpty)
        report.record(good, answer: .match(true))
        #expect(report.duplicateIDs == ["00000000000000bb"])
    }
}
