import Foundation
import Testing
import ThunderID
@testable import ThunderIDEventLog
@testable import ThunderIDSpec
import ThunderIDTesting

@Suite("Trace replay and --to-spec")
@MainActor
struct TraceTests {
    /// A real session's log: open, schema, type, a refusal, a retry that succeeds.
    func sessionLog() async -> String {
        let log = InMemoryEventLog()
        let provider = InMemorySchemaProvider(policy: .credential("pin", displayName: "PIN"))
        let updater = ScriptedCredentialUpdater([.failure(.server(ServerError(status: 400, code: "USR-1024"))), .success])
        let state = ChangeCredentialState(attribute: "pin", schemaProvider: provider, updater: updater,
                                          configuration: ChangeCredentialConfiguration(eventLog: [log]))
        state.open()
        await state.settle()
        state.newValue = "4711"
        state.confirmValue = "47"
        state.submit()
        state.confirmValue = "4711"
        state.toggleMasking(.newValue)
        state.submit()
        await state.settle()
        state.submit()
        await state.settle()
        return log.jsonLines.joined(separator: "\n") + "\n"
    }

    @Test("A log written by the engine replays with no divergence")
    func replaysCleanly() async throws {
        let text = await sessionLog()
        let result = EventLogReplay.replay(try EventLogDocument(path: "t.jsonl", text: text))
        #expect(result.divergence == nil)
        #expect(result.events > 5)
        #expect(result.render(path: "t.jsonl").hasSuffix("no divergence"))
    }

    @Test("A tampered step is the first divergence, at its line")
    func reportsDivergence() async throws {
        var lines = await sessionLog().split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("\"record\":\"step\"") && $0.contains("postCredential") })
        lines[index] = lines[index].replacingOccurrences(of: "[{\"kind\":\"postCredential\"}]", with: "[]")
        let result = EventLogReplay.replay(try EventLogDocument(path: "t.jsonl", text: lines.joined(separator: "\n")))
        let divergence = try #require(result.divergence)
        #expect(divergence.location == SourceLocation(file: "t.jsonl", line: index + 1))
        #expect(divergence.logged.hasSuffix("| —"))
        #expect(divergence.actual.hasSuffix("| postCredential"))
    }

    @Test("A missing line is reported as a gap in the sequence")
    func reportsGap() async throws {
        var lines = await sessionLog().split(separator: "\n").map(String.init)
        lines.remove(at: 3)
        let divergence = try #require(EventLogReplay.replay(try EventLogDocument(path: "t.jsonl", text: lines.joined(separator: "\n"))).divergence)
        #expect(divergence.location.line == 4)
        #expect(divergence.actual.contains("a line is missing"))
    }

    @Test("An unreadable line or an empty log is refused with its line")
    func unreadable() {
        #expect(throws: EventLogProblem.self) { try EventLogDocument(path: "t.jsonl", text: "{\"v\":1}\n") }
        #expect(throws: EventLogProblem.self) { try EventLogDocument(path: "t.jsonl", text: "\n\n") }
    }

    @Test("--to-spec writes a scenario that reproduces the log, with no value from the session")
    func toSpec() async throws {
        let spec = EventLogToSpec.spec(from: try EventLogDocument(path: "t.jsonl", text: await sessionLog()))
        #expect(!spec.contains("4711"))
        let file = SpecFile(path: "generated.md", text: spec)
        #expect(file.problems.isEmpty, "\(file.problems)")
        let scenario = try #require(file.scenarios.first)
        #expect(scenario.fixture.attribute == "pin")
        #expect(scenario.steps.contains { $0.action == .serverAnswers(.server(ServerError(status: 400, code: "USR-1024"))) })
        #expect(scenario.steps.contains { $0.action == .set(.newValue, to: "aaaa") })
        let report = await SpecRunner().run(SpecSuite(files: [file]))
        #expect(report.failures.isEmpty, "\(report.failures)")
        #expect(report.passed == scenario.steps.count)
    }

    @Test("An inline form's log replays from an inline machine, and --to-spec keeps it inline")
    func inlineTrace() async throws {
        let log = InMemoryEventLog()
        let state = ChangeCredentialState(attribute: "pin",
                                          schemaProvider: InMemorySchemaProvider(policy: .credential("pin", displayName: "PIN")),
                                          updater: ScriptedCredentialUpdater(),
                                          configuration: ChangeCredentialConfiguration(eventLog: [log]),
                                          presentation: .inline)
        state.appear()
        state.newValue = "1357"
        state.confirmValue = "1357"
        state.submit()  // before the schema: waits, then posts
        await state.settle()
        state.newValue = "2"
        state.dismiss()
        let text = log.jsonLines.joined(separator: "\n") + "\n"
        let trace = try EventLogDocument(path: "inline.jsonl", text: text)
        #expect(EventLogReplay.replay(trace).divergence == nil)
        let file = SpecFile(path: "inline.md", text: EventLogToSpec.spec(from: trace))
        #expect(file.problems.isEmpty, "\(file.problems)")
        #expect(file.scenarios.first?.fixture.presentation == .inline)
        let report = await SpecRunner().run(SpecSuite(files: [file]))
        #expect(report.failures.isEmpty, "\(report.failures)")
    }

    @Test("--to-spec after a dismissal cleared the values: an edit the closed sheet drops shows no stale verdicts")
    func toSpecAfterClearing() async throws {
        let log = InMemoryEventLog()
        let state = ChangeCredentialState(attribute: "pin",
                                          schemaProvider: InMemorySchemaProvider(policy: .credential("pin", displayName: "PIN")),
                                          updater: ScriptedCredentialUpdater(),
                                          configuration: ChangeCredentialConfiguration(eventLog: [log]))
        state.open()
        await state.settle()
        state.newValue = "1357"
        state.confirmValue = "1357"
        state.dismiss()
        state.newValue = "2"  // dropped: no field is shown
        let trace = try EventLogDocument(path: "cleared.jsonl", text: log.jsonLines.joined(separator: "\n") + "\n")
        #expect(EventLogReplay.replay(trace).divergence == nil)
        let file = SpecFile(path: "cleared.md", text: EventLogToSpec.spec(from: trace))
        #expect(file.problems.isEmpty, "\(file.problems)")
        let report = await SpecRunner().run(SpecSuite(files: [file]))
        #expect(report.failures.isEmpty, "\(report.failures)")
    }

    @Test("Placeholders keep the length and fail the stand-in regex when the value did")
    func placeholders() {
        #expect(EventLogToSpec.placeholder(length: 4, failsRegex: false) == "aaaa")
        #expect(EventLogToSpec.placeholder(length: 4, failsRegex: true) == "aaa!")
        #expect(EventLogToSpec.placeholder(length: 0, failsRegex: true) == "")
    }
}
