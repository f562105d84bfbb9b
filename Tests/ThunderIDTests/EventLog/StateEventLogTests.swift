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

    @Test("Each event is followed by its transition, then the executed effects in the same order")
    func eventTransitionEffects() async {
        let log = InMemoryEventLog()
        _ = await Self.session(log: log)
        let records = log.records
        var index = 0
        var events = 0
        while index < records.count {
            guard case .event(let event, _) = records[index].body else { index += 1; continue }
            events += 1
            guard index + 1 < records.count, case .transition(_, let kind, _, let effects) = records[index + 1].body else {
                Issue.record("event at \(index) has no transition after it")
                return
            }
            #expect(kind == event.kind)
            // The executed effects follow, possibly interleaved with evaluation/note records (clearValues).
            let executed = records[(index + 2)...].prefix { record in
                switch record.body {
                case .event, .transition, .start: false
                case .effect, .evaluation, .note: true
                }
            }.compactMap { if case .effect(let effect) = $0.body { effect } else { nil } }
            #expect(executed == effects, "effects executed after \(event)")
            index += 2
        }
        #expect(events > 20)
    }

    @Test("Replaying the logged events through a fresh machine reproduces every logged transition")
    func replay() async throws {
        let log = InMemoryEventLog()
        let state = await Self.session(log: log)
        // Through JSON, as the spec runner reads it.
        let records = try EventLogRecord.decode(lines: log.jsonLines.joined(separator: "\n"))
        var machine = ChangeCredentialMachine()
        var pending: ChangeCredentialMachine.Event?
        var checked = 0
        for record in records {
            switch record.body {
            case .event(let event, _):
                pending = event
            case .transition(let from, let kind, let to, let effects):
                guard let event = pending else { Issue.record("transition without event"); return }
                #expect(from == machine)
                #expect(kind == event.kind)
                let replayed = machine.handle(event)
                #expect(replayed == effects)
                #expect(machine == to)
                pending = nil
                checked += 1
            case .start, .evaluation, .effect, .note:
                break
            }
        }
        #expect(checked > 20)
        #expect(machine == state.machine)
    }

    @Test("Evaluations are logged with lengths and statuses")
    func evaluations() async {
        let log = InMemoryEventLog()
        _ = await Self.session(log: log, newValue: "ab1")
        let summaries = log.records.compactMap { if case .evaluation(let summary) = $0.body { summary } else { nil } }
        #expect(summaries.contains(.init(input: .init(newValueLength: 3, confirmationLength: 0), isValid: false, results: [
            .init(id: "nonEmpty", status: .passed), .init(id: "regex", status: .passed), .init(id: "confirmation", status: .failed),
        ])))
        #expect(summaries.contains(.init(input: .init(newValueLength: 2, confirmationLength: 0), isValid: false, results: [
            .init(id: "nonEmpty", status: .passed), .init(id: "regex", status: .failed), .init(id: "confirmation", status: .failed),
        ])))
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
        #expect(records.contains { $0.body == .event(.open, input: nil) })
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
