import Testing
import ThunderID
@testable import ThunderIDSpec

@Suite("Transition tables")
struct TransitionTableTests {
    static let header = "| state | given | event | next state | effects | then |\n|---|---|---|---|---|---|\n"

    func file(_ rows: String) -> SpecFile {
        SpecFile(path: "Specs/t.md", text: "# Title\n\nSome prose.\n\n" + Self.header + rows)
    }

    @Test("A row reads into a machine configuration, an event and expectations")
    func readsRow() throws {
        let spec = file("| editing | schema credential, form valid | submit | submitting | postCredential | no failure |\n")
        #expect(spec.problems.isEmpty)
        let row = try #require(spec.transitions.first)
        #expect(row.location == SourceLocation(file: "Specs/t.md", line: 7))
        #expect(row.from == ChangeCredentialMachine(stage: .editing, schema: .resolved(available: true), form: .valid))
        #expect(row.event == .submit)
        #expect(row.expectedState == .submitting)
        #expect(row.expectedEffects == [.postCredential])
        #expect(row.check() == nil)
    }

    @Test("A wrong expectation fails with file:line, expected and actual")
    func wrongRowFails() throws {
        let spec = file("| editing | schema credential | submit | submitting | postCredential | |\n")
        let row = try #require(spec.transitions.first)
        let failure = try #require(row.check())
        #expect(failure.location.description == "Specs/t.md:7")
        #expect(failure.expected == "submitting | postCredential")
        #expect(failure.actual == "invalid | —")
    }

    @Test("A wrong then clause fails")
    func wrongThenFails() throws {
        let spec = file("| closed | schema loading | schema resolved (credential) | closed | — | schema not credential |\n")
        let failure = try #require(spec.transitions.first?.check())
        #expect(failure.actual.contains("schema not credential expected, got schema credential"))
    }

    @Test("Trace reasons are matched by their exact text")
    func traceText() throws {
        let right = file("| submitting | schema credential, form valid | dismiss | submitting | trace \"dismiss while submitting: the outcome must not be lost\" | |\n")
        #expect(right.transitions.first?.check() == nil)
        let wrong = file("| submitting | schema credential, form valid | dismiss | submitting | trace \"dismiss ignored\" | |\n")
        #expect(wrong.transitions.first?.check() != nil)
    }

    @Test("Malformed rows are reported with file:line and what is wrong", arguments: [
        ("| editting | schema loading | open | editing | presentSheet | |", "unknown state 'editting'"),
        ("| closed | schema loading | opne | editing | presentSheet | |", "unknown event 'opne'"),
        ("| closed | schema loading | open | editing | presentSheets | |", "unknown effect 'presentSheets'"),
        ("| closed | form valid | open | editing | presentSheet | |", "say what the schema is"),
        ("| closed | schema sleepy | open | editing | presentSheet | |", "unknown context clause 'schema sleepy'"),
        ("| closed | schema loading | open | opened | presentSheet | |", "unknown next state 'opened'"),
        ("| closed | schema loading | submission failed (server 99) | closed | — | |", "is not an error"),
        ("| closed | schema loading | dismiss | closed | trace dismiss while closed | |", "double quotes"),
        ("| closed | schema loading, schema failure | dismiss | closed | — | |", "no other state has one"),
        ("| failed | schema credential | dismiss | closed | clearValues, dismissSheet | |", "failed needs its failure"),
        ("| closed | schema loading | dismiss | closed | — | | extra |", "cells in a table of 6 columns"),
    ])
    func malformedRow(row: String, message: String) throws {
        let spec = file(row + "\n")
        #expect(spec.transitions.isEmpty)
        let problem = try #require(spec.problems.first)
        #expect(problem.location == SourceLocation(file: "Specs/t.md", line: 7))
        #expect(problem.message.contains(message), "\(problem.message)")
        #expect(problem.description.hasPrefix("Specs/t.md:7: malformed spec: "))
    }

    @Test("A table with a missing column or an unknown header is malformed")
    func malformedHeader() {
        let missing = SpecFile(path: "x.md", text: "| state | event | next state | effects |\n|---|---|---|---|\n| closed | open | editing | presentSheet |\n")
        #expect(missing.problems.map(\.message).contains { $0.contains("without a 'given' column") })
        let unknown = SpecFile(path: "x.md", text: "| colour | size |\n|---|---|\n| red | 3 |\n")
        #expect(unknown.problems.first?.message.contains("table not recognized") == true)
        let empty = SpecFile(path: "x.md", text: "Only prose.\n")
        #expect(empty.problems.first?.message == "no spec table in this file")
    }

    @Test("Tables in fenced code blocks are examples, not specs")
    func fencedTablesSkipped() {
        let text = "```\n| colour | size |\n|---|---|\n| red | 3 |\n```\n" + Self.header
            + "| closed | schema loading | dismiss | closed | trace \"dismiss while closed: no sheet to dismiss\" | |\n"
        let spec = SpecFile(path: "x.md", text: text)
        #expect(spec.problems.isEmpty)
        #expect(spec.transitions.count == 1)
    }

    @Test("A literal pipe in a cell is written \\|")
    func escapedPipe() {
        #expect(MarkdownTable.splitCells("| a \\| b | c |") == ["a | b", "c"])
    }

    @Test("A known mutant is killed by the row that specifies its cell, and survives without it")
    func knownMutantKilled() throws {
        let rows = file("| submitting | schema credential, form valid | dismiss | submitting | trace \"dismiss while submitting: the outcome must not be lost\" | |\n").transitions
        let mutant = MutationTesting.Mutant(cell: .init(state: .submitting, event: .dismiss), change: .retarget(.closed))
        #expect(rows.contains { $0.check(using: mutant.transition) != nil })
        #expect(rows.allSatisfy { $0.check() == nil })
        let otherRows = file("| closed | schema loading | dismiss | closed | trace \"dismiss while closed: no sheet to dismiss\" | |\n").transitions
        #expect(otherRows.allSatisfy { $0.check(using: mutant.transition) == nil })
    }

    @Test("A mutant's transition function changes only its own cell, and the machine's own handle is untouched")
    func mutantChangesOneCell() {
        typealias Machine = ChangeCredentialMachine
        let cell = Machine.Cell(state: .editing, event: .dismiss)
        let dropping = MutationTesting.Mutant(cell: cell, change: .drop(.clearValues)).transition
        var mutated = Machine(stage: .editing, schema: .resolved(available: true))
        var other = Machine(stage: .invalid, schema: .resolved(available: true))
        #expect(dropping(&mutated, .dismiss) == [.dismissSheet])
        #expect(dropping(&other, .dismiss) == [.clearValues, .dismissSheet])
        var retargeted = Machine(stage: .editing, schema: .resolved(available: true))
        _ = MutationTesting.Mutant(cell: cell, change: .retarget(.failed)).transition(&retargeted, .dismiss)
        #expect(retargeted.state == .failed)
        let appended = MutationTesting.Mutant(cell: cell, change: .add(.requestSchema)).transition
        var added = Machine(stage: .editing, schema: .resolved(available: true))
        #expect(appended(&added, .dismiss) == [.clearValues, .dismissSheet, .requestSchema])
        var plain = Machine(stage: .editing, schema: .resolved(available: true))
        #expect(plain.handle(.dismiss) == [.clearValues, .dismissSheet])
        #expect(plain.state == .closed)
    }

    @Test("Mutants cover every cell with retargets, drops and additions")
    func mutantsDerived() {
        let mutants = MutationTesting.mutants()
        #expect(Set(mutants.map(\.cell)) == Set(ChangeCredentialMachine.cells))
        let submittingSuccess = mutants.filter { $0.cell == .init(state: .submitting, event: .submissionSucceeded) }
        #expect(submittingSuccess.contains { $0.change == .drop(.notifySuccess) })
        #expect(submittingSuccess.contains { $0.change == .add(.requestSchema) })
        #expect(!submittingSuccess.contains { $0.change == .retarget(.succeeded) })
        #expect(submittingSuccess.contains { $0.change == .retarget(.failed) })
    }

    @Test("A suite of one row leaves cells uncovered and does not pass")
    func partialCoverageFails() async {
        let spec = file("| closed | schema loading | dismiss | closed | trace \"dismiss while closed: no sheet to dismiss\" | |\n")
        let report = await SpecRunner().run(SpecSuite(files: [spec]))
        #expect(report.failed == 0)
        #expect(report.coverage.uncoveredCells.count == 76)
        #expect(!report.isSuccess)
        #expect(report.render().hasSuffix("1 passed, 0 failed"))
    }

    @Test("A malformed row makes the run fail and is printed with file:line")
    func malformedRowFailsTheRun() async {
        let spec = file("| closed | schema loading | opne | editing | presentSheet | |\n")
        let report = await SpecRunner().run(SpecSuite(files: [spec]))
        #expect(report.failed == 1)
        #expect(!report.isSuccess)
        let text = report.render()
        #expect(text.contains("BAD  Specs/t.md"))
        #expect(text.contains("Specs/t.md:7: malformed spec: event: unknown event 'opne'"))
        #expect(text.hasSuffix("0 passed, 1 failed"))
    }

    @Test("The coverage matrix prints a line per state with rows per cell")
    func matrixRender() {
        let spec = file("""
            | closed | schema loading | dismiss | closed | trace "dismiss while closed: no sheet to dismiss" | |
            | closed | schema not requested | open | editing | presentSheet, requestSchema | |

            """)
        let matrix = CoverageMatrix(rows: spec.transitions)
        let lines = matrix.render().split(separator: "\n").map(String.init)
        let closed = lines.first { $0.hasPrefix("closed ") }
        #expect(closed?.split(separator: " ").map(String.init) == ["closed", "--", "1", "1", "--", "--", "--", "--", "--", "--", "--", "--"])
        #expect(lines.filter { $0.hasPrefix("failed ") }.count == 1)
        #expect(matrix.coveredCellCount == 2)
        #expect(lines.contains("  uncovered outcome: closed × open → editing | presentSheet"))
    }
}

