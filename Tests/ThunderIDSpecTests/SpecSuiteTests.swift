import Foundation
import Testing
@testable import ThunderIDSpec

@Suite("The Specs directory")
struct SpecSuiteTests {
    @Test("Every spec file under Specs/ passes and the coverage matrix is complete")
    func wholeSuitePasses() async throws {
        let suite = try SpecSuite.load(directory: PackageRoot.specs)
        #expect(!suite.files.isEmpty)
        let report = await SpecRunner().run(suite)
        for problem in report.problems { Issue.record("\(problem)") }
        for failure in report.failures { Issue.record("\(failure)") }
        #expect(report.coverage.uncoveredCells.isEmpty, "uncovered cells: \(report.coverage.uncoveredCells)")
        #expect(report.coverage.uncoveredOutcomes.isEmpty, "uncovered outcomes: \(report.coverage.uncoveredOutcomes)")
        #expect(report.passed > 0)
        #expect(report.isSuccess)
    }

    @Test("The spec suite kills every mutant of the transition table")
    func everyMutantKilled() throws {
        let suite = try SpecSuite.load(directory: PackageRoot.specs)
        let report = MutationTesting.run(rows: suite.transitions)
        #expect(report.generated > 0)
        #expect(report.survivors.isEmpty, "survivors: \(report.survivors)")
    }

    @Test("Loading a directory with no spec file fails")
    func emptyDirectoryFails() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("specs-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("# Only a readme\n".utf8).write(to: directory.appendingPathComponent("README.md"))
        #expect(throws: SpecLoadError.noSpecFiles(directory.path)) {
            try SpecSuite.load(directory: directory.path)
        }
    }

    @Test("The regex conformance folder and README files are not read as specs")
    func skipsRegexFolderAndReadme() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("specs-skip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("regex"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("| not | a spec |\n|---|---|\n| x | y |\n".utf8).write(to: directory.appendingPathComponent("regex/cases.md"))
        try Data("| not | a spec |\n|---|---|\n| x | y |\n".utf8).write(to: directory.appendingPathComponent("README.md"))
        let row = "| closed | schema loading | dismiss | closed | trace \"dismiss while closed: no sheet to dismiss\" |"
        try Data("| state | given | event | next state | effects |\n|---|---|---|---|---|\n\(row)\n".utf8)
            .write(to: directory.appendingPathComponent("one.md"))
        let suite = try SpecSuite.load(directory: directory.path)
        #expect(suite.files.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["one.md"])
        #expect(suite.files[0].problems.isEmpty)
        #expect(suite.transitions.count == 1)
    }
}
