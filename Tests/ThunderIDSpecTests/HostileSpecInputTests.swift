import Foundation
import Testing
import ThunderIDTesting
import ThunderID
@testable import ThunderIDEventLog
@testable import ThunderIDSpec

/// Regressions from the hostile-input review: numbers and lengths read from spec files and logs are
/// checked before they are converted or allocated.
@Suite("Hostile spec and trace input")
@MainActor
struct HostileSpecInputTests {
    @Test("retry after 1e19 reads, writes back and never traps")
    func hugeRetryAfterPhrase() throws {
        let error = try #require(ErrorPhrase.parse("server 429 retry after 1e19"))
        #expect(error == .server(ServerError(status: 429, retryAfter: 1e19)))
        let written = ErrorPhrase.format(error)
        #expect(written == "server 429 retry after 1e+19")
        #expect(ErrorPhrase.parse(written) == error)
        #expect(ErrorPhrase.format(.server(ServerError(status: 429, retryAfter: 9_223_372_036_854_775_808)))
                == "server 429 retry after 9.223372036854776e+18")
    }

    @Test("retry after that is not a finite, non-negative number is not an error phrase",
          arguments: ["nan", "NaN", "inf", "-infinity", "-1", "0x10", "1e400"])
    func badRetryAfterPhrase(seconds: String) {
        #expect(ErrorPhrase.parse("server 429 retry after \(seconds)") == nil)
    }

    @Test("A scenario answering 429 retry after 1e19 runs and shows the message without a number")
    func hugeRetryAfterScenario() async throws {
        let text = """
            # Hostile

            ## Scenario: an absurd Retry-After

            | step | action | state | effects | shows |
            |---|---|---|---|---|
            | 1 | open | editing | presentSheet, requestSchema | |
            | 2 | schema arrives | editing | — | |
            | 3 | type "hunter22" into new value | editing | — | |
            | 4 | type "hunter22" into confirmation | editing | — | can submit |
            | 5 | submit | submitting | postCredential | |
            | 6 | server answers 429 retry after 1e19 | failed | notifyError (server 429 retry after 1e19) | error "Too many attempts. Wait a moment and try again." |

            """
        let file = SpecFile(path: "hostile.md", text: text)
        #expect(file.problems.isEmpty, "\(file.problems)")
        let report = await SpecRunner().run(SpecSuite(files: [file]))
        #expect(report.failures.isEmpty, "\(report.failures)")
        #expect(report.passed == 6)
    }

    /// A short real log: open, schema, one edit, submit, a 429.
    func sessionLog(retryAfter: Double? = 30) async -> [String] {
        let log = InMemoryEventLog()
        let provider = InMemorySchemaProvider(policy: .credential("pin", displayName: "PIN"))
        let updater = ScriptedCredentialUpdater([.failure(.server(ServerError(status: 429, retryAfter: retryAfter)))])
        let state = ChangeCredentialState(attribute: "pin", schemaProvider: provider, updater: updater,
                                          configuration: ChangeCredentialConfiguration(eventLog: [log]))
        state.open()
        await state.settle()
        state.newValue = "4711"
        state.confirmValue = "4711"
        state.submit()
        await state.settle()
        return log.jsonLines
    }

    @Test("A negative, fractional or huge length in a log is refused with its line",
          arguments: ["-1", "1e15", "1000000000000000", "2.5", "1e300"])
    func badLength(length: String) async throws {
        var lines = await sessionLog()
        let index = try #require(lines.firstIndex { $0.contains("\"newValueLength\":4") })
        lines[index] = lines[index].replacingOccurrences(of: "\"newValueLength\":4", with: "\"newValueLength\":\(length)")
        let problem = try #require(throws: EventLogProblem.self) {
            try EventLogDocument(path: "t.jsonl", text: lines.joined(separator: "\n"))
        }
        #expect(problem.location == SourceLocation(file: "t.jsonl", line: index + 1))
        #expect(problem.message.contains("newValueLength"), "\(problem.message)")
    }

    @Test("A length at the cap converts; one past it is refused")
    func lengthCap() async throws {
        var lines = await sessionLog()
        let index = try #require(lines.firstIndex { $0.contains("\"newValueLength\":4") })
        let original = lines[index]
        lines[index] = original.replacingOccurrences(
            of: "\"newValueLength\":4", with: "\"newValueLength\":\(EventLogRecord.maximumLoggedLength)")
        let log = try EventLogDocument(path: "t.jsonl", text: lines.joined(separator: "\n"))
        #expect(!EventLogToSpec.spec(from: log).isEmpty)
        lines[index] = original.replacingOccurrences(
            of: "\"newValueLength\":4", with: "\"newValueLength\":\(EventLogRecord.maximumLoggedLength + 1)")
        #expect(throws: EventLogProblem.self) { try EventLogDocument(path: "t.jsonl", text: lines.joined(separator: "\n")) }
    }

    @Test("A log with retryAfter 1e19 converts to a spec that replays")
    func hugeRetryAfterTrace() async throws {
        let lines = await sessionLog(retryAfter: 1e19)
        let log = try EventLogDocument(path: "t.jsonl", text: lines.joined(separator: "\n"))
        #expect(EventLogReplay.replay(log).divergence == nil)
        let spec = EventLogToSpec.spec(from: log)
        #expect(spec.contains("retry after 1e+19"))
        let file = SpecFile(path: "generated.md", text: spec)
        #expect(file.problems.isEmpty, "\(file.problems)")
        let report = await SpecRunner().run(SpecSuite(files: [file]))
        #expect(report.failures.isEmpty, "\(report.failures)")
    }

    @Test("A log line over the line cap is refused without being decoded")
    func longLine() async throws {
        var lines = await sessionLog()
        lines.insert(String(repeating: " ", count: EventLogDocument.maximumLineBytes) + "{}", at: 1)
        let problem = try #require(throws: EventLogProblem.self) {
            try EventLogDocument(path: "t.jsonl", text: lines.joined(separator: "\n"))
        }
        #expect(problem.location.line == 2)
        #expect(problem.message.contains("longer than"), "\(problem.message)")
    }
}
