import Foundation
@testable import ThunderID
@testable import ThunderIDEventLog
@testable import ThunderIDSpec
import Testing
import ThunderIDTesting

@MainActor
@Suite("State event log")
struct StateEventLogTests {
    /// A session touching most cells: appear, open, type, invalid submit, fail, retry, succeed, reopen, dismiss.
    static func session(log: InMemoryEventLog, attribute: String = "password", newValue: String = "n3w-Value",
                        extraSinks: [any EventLogSink] = []) async -> ChangeCredentialState {
        let state = ChangeCredentialState(
            attribute: attribute,
            schemaProvider: InMemorySchemaProvider(policy: .credential(attribute, regex: "[0-9]", hint: "One digit.")),
            updater: ScriptedCredentialUpdater([.failure(.server(ServerError(status: 400, code: "USR-1024")))]),
            configuration: ChangeCredentialConfiguration(
                rules: [NonEmptyRule(), SchemaRegexRule(evaluator: SwiftRegexEvaluator()), ConfirmationRule()],
                eventLog: [log] + extraSinks))
        state.appear()
        await state.settle()
        state.open()
        for count in 1...newValue.count { state.newValue = String(newValue.prefix(count)) }
        state.toggleMasking(.newValue)
        state.submit()
        state.confirmValue = newValue
        state.submit()
        await state.settle()
        state.submit()
        state.dismiss()
        await state.settle()
        state.open()
        state.newValue = newValue
        state.confirmValue = newValue
        state.dismiss()
        return state
    }

    @Test("Records are numbered without gaps and stamped with the instance and attribute")
    func envelope() async {
        let log = InMemoryEventLog()
        let state = await Self.session(log: log, attribute: "pin")
        let records = log.records
        #expect(records.map(\.sequence) == Array(1...records.count))
        #expect(records.allSatisfy { $0.instance == state.instanceID.uuidString && $0.attribute == "pin" })
        #expect(records.first?.body == .start(.init(isStrict: false, hasPolicyRegex: false, hasDisplayNameOverride: false,
                                                    rules: ["nonEmpty", "regex", "confirmation"])))
        #expect(zip(records, records.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
    }

    @Test("A keystroke writes exactly one record: its step, with the lengths, the verdicts and the transition")
    func oneRecordPerKeystroke() async throws {
        let log = InMemoryEventLog()
        let state = ChangeCredentialState(
            schemaProvider: InMemorySchemaProvider(policy: .credential(regex: "[0-9]")), updater: ScriptedCredentialUpdater(),
            configuration: ChangeCredentialConfiguration(eventLog: [log]))
        state.open()
        await state.settle()
        for (count, text) in ["a", "ab", "ab1", "ab", "ab1"].enumerated() {
            let before = log.records.count
            state.newValue = text
            let written = log.records.dropFirst(before)
            #expect(written.count == 1, "keystroke \(count + 1) wrote \(written.count) records")
            guard case .step(let step) = try #require(written.first).body else {
                Issue.record("a keystroke's record is not a step")
                continue
            }
            #expect(step.event.kind == .newValueEdited)
            #expect(step.input == .init(newValueLength: text.count, confirmationLength: 0))
            #expect(step.evaluation?.results.first { $0.id == "regex" }?.status == (text.contains("1") ? .passed : .failed))
            #expect(step.from.state == .editing && step.to.state == .editing && step.effects.isEmpty)
        }
        let before = log.records.count
        state.confirmValue = "ab1"
        #expect(log.records.count == before + 1)
    }

    @Test("A step whose effects clear the values still scrubs them from its texts")
    func scrubsValuesClearedByTheStep() async throws {
        let typed = "s3cr3t-Value"
        // The schema request fails with a text quoting the value (it was typed while the request was held).
        let provider = InMemorySchemaProvider(error: .configuration("schema refused \(typed)"), holdsResponses: true)
        let log = InMemoryEventLog()
        let state = ChangeCredentialState(schemaProvider: provider, updater: ScriptedCredentialUpdater(),
                                          configuration: ChangeCredentialConfiguration(eventLog: [log]))
        state.open()
        state.newValue = typed
        await provider.release()
        await state.settle()
        #expect(state.machine.failure != nil, "the failure, with the quoting text, is in the machine")
        state.dismiss()
        let dismissal = log.records.last { if case .step(let step) = $0.body { step.event == .dismiss } else { false } }
        guard case .step(let step) = try #require(dismissal).body else { return }
        #expect(step.effects.contains(.clearValues) && state.newValue.isEmpty)
        let lines = log.jsonLines.joined(separator: "\n")
        #expect(!lines.contains(typed))
        #expect(lines.contains("schema refused •••"))
    }

    @Test("A step is logged and flushed before its effects run: the success callback finds its own step in the file")
    func stepLoggedBeforeItsEffects() async throws {
        let log = InMemoryEventLog()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("before-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try JSONLinesFileEventLog(path: path)
        var lastStepSeenByCallback: ChangeCredentialMachine.Event.Kind?
        var fileLinesSeenByCallback = 0
        let state = ChangeCredentialState(
            schemaProvider: InMemorySchemaProvider(policy: .credential("password")),
            updater: ScriptedCredentialUpdater(),
            configuration: ChangeCredentialConfiguration(eventLog: [log, file]),
            onSuccess: {
                if case .step(let step) = log.records.last?.body { lastStepSeenByCallback = step.event.kind }
                let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                fileLinesSeenByCallback = text.split(separator: "\n").count
            })
        state.open()
        await state.settle()
        state.newValue = "n3w-Value"
        state.confirmValue = "n3w-Value"
        state.submit()
        await state.settle()
        #expect(state.machine.state == .succeeded)
        #expect(lastStepSeenByCallback == .submissionSucceeded)
        #expect(fileLinesSeenByCallback == log.records.count, "every record, the outcome's too, is in the file")
    }

    @Test("Every record after the start is a step, and a step's effects are those the machine returned")
    func stepsCarryTheirEffects() async {
        let log = InMemoryEventLog()
        _ = await Self.session(log: log)
        let records = log.records
        var steps = 0
        for record in records.dropFirst() {
            guard case .step(let step) = record.body else {
                Issue.record("record \(record.sequence) is not a step")
                continue
            }
            var machine = step.from
            #expect(machine.handle(step.event) == step.effects)
            #expect(machine == step.to)
            steps += 1
        }
        #expect(steps > 20)
    }

    @Test("Replaying the logged events through a fresh machine reproduces every logged step")
    func replay() async throws {
        let log = InMemoryEventLog()
        let state = await Self.session(log: log)
        // Through JSON, as the spec runner reads it.
        let records = try EventLogRecord.decode(lines: log.jsonLines.joined(separator: "\n"))
        var machine = ChangeCredentialMachine()
        var checked = 0
        for record in records {
            guard case .step(let step) = record.body else { continue }
            #expect(step.from == machine)
            #expect(machine.handle(step.event) == step.effects)
            #expect(machine == step.to)
            checked += 1
        }
        #expect(checked > 20)
        #expect(machine == state.machine)
    }

    @Test("Steps that evaluated the rules carry the lengths and statuses; an unverifiable rule's reason is in its status")
    func evaluations() async throws {
        let log = InMemoryEventLog()
        _ = await Self.session(log: log, newValue: "ab1")
        let steps = log.records.compactMap { if case .step(let step) = $0.body { step } else { nil } }
        let evaluated = steps.compactMap { step in step.evaluation.map { (step.input, $0) } }
        #expect(evaluated.contains { $0.0 == .init(newValueLength: 3, confirmationLength: 0) && $0.1 == .init(isValid: false, results: [
            .init(id: "nonEmpty", status: .passed), .init(id: "regex", status: .passed), .init(id: "confirmation", status: .failed),
        ]) })
        #expect(evaluated.contains { $0.0 == .init(newValueLength: 2, confirmationLength: 0) && $0.1 == .init(isValid: false, results: [
            .init(id: "nonEmpty", status: .passed), .init(id: "regex", status: .failed), .init(id: "confirmation", status: .failed),
        ]) })
        // The dismissal's step is written before its effects run: it names the clearing and
        // evaluates nothing itself, and the cleared form's verdicts are no later step's.
        let dismissal = try #require(steps.last { $0.event == .dismiss && $0.effects.contains(.clearValues) })
        #expect(dismissal.input == nil && dismissal.evaluation == nil)
    }
}

@MainActor
@Suite("THUNDERID_TRACE")
struct TraceEnvironmentTests {
    @Test("addingEventLogFromEnvironment() reads THUNDERID_TRACE=file:… from the process; a configuration without it ignores the variable")
    func environmentVariable() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("env-trace-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Other tests never call addingEventLogFromEnvironment() without an environment of their
        // own, so setting the variable for the process does not leak into them.
        setenv(EventLogEnvironment.variable, "file:\(path)", 1)
        let tracing = ChangeCredentialConfiguration().addingEventLogFromEnvironment()
        let plain = ChangeCredentialConfiguration()
        unsetenv(EventLogEnvironment.variable)
        #expect(tracing.eventLog.count == 1)
        #expect(plain.eventLog.isEmpty, "the environment switch is opt-in")
        let traced = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                           updater: ScriptedCredentialUpdater(), configuration: tracing)
        let ignoring = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                             updater: ScriptedCredentialUpdater(), configuration: plain)
        traced.open()
        ignoring.open()
        await traced.settle()
        await ignoring.settle()
        traced.dismiss()    // a flush point: the file holds every record so far
        let records = try EventLogRecord.decode(lines: try String(contentsOfFile: path, encoding: .utf8))
        #expect(!records.isEmpty)
        #expect(records.allSatisfy { $0.instance == traced.instanceID.uuidString })
        #expect(records.contains { if case .step(let step) = $0.body { step.event == .open } else { false } })
    }

    @Test("THUNDERID_TRACE's values: stderr, file:, several, empty, unset; an unknown sink adds nothing")
    func settings() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("env-set-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let base = ChangeCredentialConfiguration(eventLog: [InMemoryEventLog()])
        func sinks(_ value: String?) -> [any EventLogSink] {
            base.addingEventLogFromEnvironment(value.map { [EventLogEnvironment.variable: $0] } ?? [:]).eventLog
        }
        #expect(sinks(nil).count == 1, "unset: the configuration's own sinks only")
        #expect(sinks("").count == 1)
        #expect(sinks("stderr").last is StandardErrorEventLog)
        #expect(sinks("file:\(path)").last is JSONLinesFileEventLog)
        let both = sinks(" stderr , file:\(path) ")
        #expect(both.count == 3)
        #expect(both[0] is InMemoryEventLog && both[1] is StandardErrorEventLog && both[2] is JSONLinesFileEventLog)
        #expect(sinks("syslog").count == 1, "an unknown sink adds nothing (and is reported once)")
        #expect(sinks("stderr,bogus").count == 1, "a bad setting adds none of its sinks")
        #expect(throws: EventLogError.self) { try EventLogEnvironment.sinks(from: [EventLogEnvironment.variable: "file:"]) }
    }
}
