import Foundation
@testable import ThunderID
@testable import ThunderIDEventLog
@testable import ThunderIDSpec
import Testing
import ThunderIDTesting

@MainActor
@Suite("Secrets never leak")
struct SecretsTests {
    static let secrets = ["Tr0ub4dor&3xyz", "kOrrect-horse-battery-9staple", "s3cr3t-PIN-4242"]

    /// Every text the engine can produce about a session.
    func outputs(of state: ChangeCredentialState, log: InMemoryEventLog, fileLog: JSONLinesFileEventLog, filePath: String,
                 stderrPath: String, updater: ScriptedCredentialUpdater) async throws -> [(String, String)] {
        // What the file sink still holds in memory is searched too.
        fileLog.flush()
        var dumpedState = "", dumpedMachine = "", dumpedEvaluation = "", dumpedCalls = "", dumpedRecords = ""
        dump(state, to: &dumpedState)
        dump(state.machine, to: &dumpedMachine)
        dump(state.evaluation, to: &dumpedEvaluation)
        dump(await updater.calls, to: &dumpedCalls)
        dump(log.records, to: &dumpedRecords)
        return [
            ("in-memory log", log.jsonLines.joined(separator: "\n")),
            ("in-memory records dump", dumpedRecords),
            ("file log", try String(contentsOfFile: filePath, encoding: .utf8)),
            ("standard error log", try String(contentsOfFile: stderrPath, encoding: .utf8)),
            ("state description", state.description),
            ("state debugDescription", state.debugDescription),
            ("state reflecting", String(reflecting: state)),
            ("state dump", dumpedState),
            ("machine description", "\(state.machine)"),
            ("machine reflecting", String(reflecting: state.machine)),
            ("machine dump", dumpedMachine),
            ("evaluation", "\(state.evaluation) \(String(reflecting: state.evaluation))"),
            ("evaluation dump", dumpedEvaluation),
            ("error", state.error ?? ""),
            ("updater calls", dumpedCalls),
        ]
    }

    @Test("Known values typed through whole sessions appear in no sink, description, debugDescription, reflection or dump")
    func noLeak() async throws {
        let directory = FileManager.default.temporaryDirectory
        let filePath = directory.appendingPathComponent("secrets-\(UUID().uuidString).jsonl").path
        let stderrPath = directory.appendingPathComponent("stderr-\(UUID().uuidString).jsonl").path
        defer {
            try? FileManager.default.removeItem(atPath: filePath)
            try? FileManager.default.removeItem(atPath: stderrPath)
        }
        #expect(FileManager.default.createFile(atPath: stderrPath, contents: nil))
        let stderrHandle = try #require(FileHandle(forWritingAtPath: stderrPath))
        let log = InMemoryEventLog()
        let fileLog = try JSONLinesFileEventLog(path: filePath)
        let updater = ScriptedCredentialUpdater([.failure(.server(ServerError(status: 400, code: "USR-1024",
                                                                             message: "Invalid request format"))),
                                                 .success, .success])
        let state = ChangeCredentialState(
            attribute: "password",
            schemaProvider: InMemorySchemaProvider(policy: .credential(regex: "[0-9]", hint: "One digit.")),
            updater: updater,
            configuration: ChangeCredentialConfiguration(
                rules: [NonEmptyRule(), SchemaRegexRule(evaluator: SwiftRegexEvaluator()), ConfirmationRule(),
                        MinimumLengthRule(8), DenyListRule([Self.secrets[2]])],
                eventLog: [log, fileLog, StandardErrorEventLog(writingTo: stderrHandle)]))
        state.appear()
        await state.settle()
        for secret in Self.secrets {
            state.open()
            for count in 1...secret.count { state.newValue = String(secret.prefix(count)) }
            state.toggleMasking(.newValue)
            for count in 1...secret.count { state.confirmValue = String(secret.prefix(count)) }
            state.confirmValue = secret + "x"
            state.submit()                       // mismatch: invalid
            state.confirmValue = secret
            state.submit()                       // posts (first: fails, keeps values)
            let during = try await outputs(of: state, log: log, fileLog: fileLog, filePath: filePath, stderrPath: stderrPath, updater: updater)
            await state.settle()
            if state.phase == .failed {
                state.submit()
                await state.settle()
            }
            let after = try await outputs(of: state, log: log, fileLog: fileLog, filePath: filePath, stderrPath: stderrPath, updater: updater)
            for (name, text) in during + after {
                #expect(!text.isEmpty || name == "error", "\(name) produced no output to search")
                for secret in Self.secrets {
                    #expect(!text.contains(secret), "\(name) contains a typed value")
                    #expect(!text.contains(String(secret.prefix(6))), "\(name) contains a typed prefix")
                }
            }
        }
        try stderrHandle.close()
        #expect(await updater.calls.map(\.valueLength) == [14, 14, 29], "the third value is on the deny list: never posted")
        #expect(log.records.count > 100)
    }

    @Test("The machine never sees values: its events carry only validity")
    func machineEventsHaveNoValues() {
        for event in ChangeCredentialMachine.representativeEvents {
            for secret in Self.secrets {
                #expect(!event.description.contains(secret))
            }
        }
    }
}
