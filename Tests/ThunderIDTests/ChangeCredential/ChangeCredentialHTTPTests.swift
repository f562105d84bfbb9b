import Foundation
@testable import ThunderID
import Testing

/// The same flows as the in-memory suite, over real HTTP: `ThunderIDState` (schema) and
/// `ThunderIDClient` (update) against the Python emulator on loopback.
@MainActor
@Suite("ChangeCredentialState over HTTP", .serialized)
struct ChangeCredentialHTTPTests {
    nonisolated static let emulator = SharedEmulator(fixture: "pin")

    struct Session {
        let emulator: Emulator
        let state: ChangeCredentialState
        let log: InMemoryEventLog
        let counts: Counts
    }

    @MainActor final class Counts {
        var successes = 0
        var errors = 0
    }

    func session(attribute: String = "pin", script: EmulatorScript? = nil, timeout: Duration = .seconds(30),
                 token: String? = nil, strict: Bool = false) async throws -> Session {
        let emulator = try await Self.emulator.fresh()
        if let script { try await emulator.script(script) }
        let config = try emulator.config(timeout: timeout, token: token)
        let shared = ThunderIDState(config: config)
        let counts = Counts()
        let log = InMemoryEventLog()
        let state = ChangeCredentialState(
            attribute: attribute, schemaProvider: shared, updater: shared.client,
            configuration: ChangeCredentialConfiguration(
                rules: [NonEmptyRule(), SchemaRegexRule(evaluator: SwiftRegexEvaluator()), ConfirmationRule()],
                isStrict: strict, eventLog: [log]),
            onSuccess: { counts.successes += 1 }, onError: { counts.errors += 1 })
        return Session(emulator: emulator, state: state, log: log, counts: counts)
    }

    func type(_ value: String, in state: ChangeCredentialState) {
        for count in 1...value.count { state.newValue = String(value.prefix(count)) }
        for count in 1...value.count { state.confirmValue = String(value.prefix(count)) }
    }

    @Test("Schema from /users/me/meta, keystrokes against its regex, 204 success: cleared, dismissed, onSuccess once")
    func success() async throws {
        let session = try await session()
        let state = session.state
        state.appear()
        #expect(state.isSchemaLoading)
        await state.settle()
        #expect(state.credentialDisplayName == "PIN")
        state.open()
        #expect(state.phase == .editing && state.isPresented && !state.isSchemaLoading)
        var verdicts: [RuleResult.Status?] = []
        for count in 1...5 {
            state.newValue = String("12345".prefix(count))
            verdicts.append(state.evaluation["regex"]?.status)
        }
        #expect(verdicts == [.failed, .failed, .failed, .passed, .passed], "^[0-9]{4,8}$ keystroke by keystroke")
        state.confirmValue = "12345"
        #expect(state.canSubmit)
        state.submit()
        #expect(state.loading)
        state.submit()
        state.dismiss()
        await state.settle()
        #expect(state.phase == .succeeded && !state.isPresented && state.newValue.isEmpty && state.confirmValue.isEmpty)
        #expect(session.counts.successes == 1 && session.counts.errors == 0)
        let stats = try await session.emulator.stats()
        #expect(stats.requests.meta == 1 && stats.requests.update == 1, "one schema request, one post despite the repeated submit")
        let body = try #require(try await session.emulator.lastBody())
        let sent = try JSONSerialization.jsonObject(with: body) as? [String: [String: String]]
        #expect(sent == ["attributes": ["pin": "12345"]])
        state.open()
        #expect(state.phase == .editing && state.newValue.isEmpty && state.isMasked(.newValue))
        #expect(try await session.emulator.stats().requests.meta == 1, "the shared schema is not fetched again")
    }

    nonisolated static let statuses: [(EmulatorRule, String)] = [
        (.error("USR-1024", on: .update), "The new PIN was not accepted. Choose a different one."),
        (.error("USR-1001", on: .update), "The app sent a request the server could not read. Your PIN was not changed; try again, and contact support if this keeps happening."),
        (.error("USR-1017", on: .update), "The server did not receive a new PIN. Nothing was changed; try again, and contact support if this keeps happening."),
        (.error("USR-1025", on: .update), "You are not allowed to change this PIN. Contact your administrator."),
        (.error("AUTH-4010", on: .update), "Your session has expired. Sign in again to change your PIN."),
        (.error("USR-1029", on: .update), "Your current PIN is required to make this change."),
        (.error("SSE-4030", on: .update), "You are not allowed to change this PIN. Contact your administrator."),
        (.error("USR-1003", on: .update), "Your account could not be found. Sign in again."),
        (.status(429, on: .update, retryAfter: "7"), "Too many attempts. Try again in 7 seconds."),
        (.status(429, on: .update), "Too many attempts. Wait a moment and try again."),
        (.error("SSE-5000", on: .update), "The server had a problem. Try again later."),
        (.status(503, on: .update), "The server had a problem. Try again later."),
        // Dropped after the request went out: the server may have applied it.
        (.fault(.drop, on: .update), "The change may have been made, but the server did not confirm it. Try again with the same entries."),
    ]

    @Test("Each failure status keeps the values, shows its message and calls onError once; a retry then succeeds",
          arguments: statuses)
    func failure(rule: EmulatorRule, message: String) async throws {
        var once = rule
        once.times = 1
        let session = try await session(script: EmulatorScript(rules: [once]))
        let state = session.state
        state.open()
        await state.settle()
        type("2468", in: state)
        state.submit()
        await state.settle()
        #expect(state.phase == .failed)
        #expect(state.error == message)
        #expect(state.newValue == "2468" && state.confirmValue == "2468" && state.isPresented)
        #expect(session.counts.errors == 1 && session.counts.successes == 0)
        state.submit()
        await state.settle()
        #expect(state.phase == .succeeded && session.counts.successes == 1 && session.counts.errors == 1)
        #expect(try await session.emulator.stats().requests.update == 2)
    }

    @Test("An update that hangs past the timeout fails as unconfirmed: the change may have been made")
    func timeout() async throws {
        let session = try await session(script: EmulatorScript(rules: [.fault(.hang, on: .update, hangSeconds: 5)]),
                                        timeout: .milliseconds(500))
        let state = session.state
        state.open()
        await state.settle()
        type("1357", in: state)
        state.submit()
        await state.settle()
        #expect(state.phase == .failed)
        #expect(state.error == "The change may have been made, but the server did not confirm it. Try again with the same entries.")
    }

    @Test("A schema request that fails is an error with retry; the retry loads the form")
    func schemaFailureRetry() async throws {
        var once = EmulatorRule.error("SSE-5000", on: .meta)
        once.times = 1
        let session = try await session(script: EmulatorScript(rules: [once]))
        let state = session.state
        state.open()
        await state.settle()
        #expect(state.phase == .failed)
        #expect(state.error == "Couldn’t load the PIN requirements. The server had a problem. Try again later.")
        #expect(state.isSubmitEnabled)
        state.submit()
        await state.settle()
        // The retry was a Save on an empty form: the schema loads, then the broken rule shows.
        #expect(state.phase == .invalid && state.error == "Enter a new PIN." && state.credentialDisplayName == "PIN")
        #expect(try await session.emulator.stats().requests.meta == 2)
        #expect(try await session.emulator.stats().requests.update == 0)
        #expect(session.counts.errors == 0)
    }

    @Test("An attribute the schema does not declare a credential opens the unavailable notice")
    func unavailable() async throws {
        let session = try await session(attribute: "email")
        let state = session.state
        state.open()
        await state.settle()
        #expect(state.phase == .unavailable)
        #expect(state.unavailableTitle == "Email Changes Unavailable")
        state.submit()
        #expect(try await session.emulator.stats().requests.update == 0)
    }

    @Test("The default password of the Person schema has no regex: any non-empty matching pair posts")
    func personPassword() async throws {
        let session = try await session(attribute: "password", script: EmulatorScript(fixture: "person"))
        let state = session.state
        state.open()
        await state.settle()
        #expect(state.requirementHint == nil)
        type("x", in: state)
        #expect(state.evaluation.results.map(\.id) == ["nonEmpty", "confirmation"])
        state.submit()
        await state.settle()
        #expect(state.phase == .succeeded)
    }

    @Test("A wrong token is a session-expired message on the schema request")
    func wrongToken() async throws {
        let session = try await session(token: "not-the-token")
        let state = session.state
        state.open()
        await state.settle()
        #expect(state.phase == .failed)
        #expect(state.error == "Couldn’t load the PIN requirements. Your session has expired. Sign in again to change your PIN.")
    }

    @Test("Opening while /users/me/meta is slow shows the form with Save disabled; a submit sent anyway posts when the schema arrives")
    func openWhileSlowSchema() async throws {
        let session = try await session(script: EmulatorScript(rules: [.delay(0.3, on: .meta)]))
        let state = session.state
        state.open()
        #expect(state.phase == .editing && state.isSchemaLoading && !state.isSubmitEnabled)
        type("1234", in: state)
        #expect(state.evaluation.passesRules && !state.evaluation.isValid && !state.canSubmit)
        state.submit()
        #expect(state.phase == .editing && !state.loading && state.machine.submitPending)
        #expect(try await session.emulator.stats().requests.update == 0)
        await state.settle()
        #expect(state.phase == .succeeded && state.success)
        #expect(try await session.emulator.stats().requests.update == 1)
        #expect(session.counts.successes == 1)
    }

    @Test("Two rows (password and pin) on one shared state cost one schema request")
    func sharedSchema() async throws {
        let emulator = try await Self.emulator.fresh()
        let shared = ThunderIDState(config: try emulator.config())
        let configuration = ChangeCredentialConfiguration()
        let password = ChangeCredentialState(attribute: "password", schemaProvider: shared, updater: shared.client,
                                             configuration: configuration)
        let pin = ChangeCredentialState(attribute: "pin", schemaProvider: shared, updater: shared.client,
                                        configuration: configuration)
        password.appear()
        pin.appear()
        await password.settle()
        await pin.settle()
        #expect(password.credentialDisplayName == "Password" && pin.credentialDisplayName == "PIN")
        #expect(try await emulator.stats().requests.meta == 1)
    }
}

/// Per-attribute schema decoding over HTTP: one bad attribute in `/users/me/meta` must not take
/// down a view that manages another; the managed attribute's own defect is a typed error naming it.
@MainActor
@Suite("A partly malformed schema over HTTP", .serialized)
struct PartlyMalformedSchemaHTTPTests {
    nonisolated static let emulator = SharedEmulator(fixture: "pin")
    static let body = #"{"schema": {"email": {"type": "string", "unique": "sometimes"}, "#
        + #""pin": {"type": "string", "credential": true, "displayName": "PIN", "regex": "^[0-9]{4,8}$"}, "#
        + #""backup": {"type": "string", "credential": 1}}}"#

    func state(_ attribute: String, _ emulator: Emulator) throws -> ChangeCredentialState {
        let shared = ThunderIDState(config: try emulator.config())
        return ChangeCredentialState(attribute: attribute, schemaProvider: shared, updater: shared.client,
                                     presentation: .inline)
    }

    @Test("The PIN form works although email and backup are malformed; backup's own form fails naming it")
    func perAttribute() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.status(200, on: .meta, body: Self.body, contentType: "application/json")]))
        let pin = try state("pin", emulator)
        pin.appear()
        await pin.settle()
        #expect(pin.phase == .editing && pin.credentialDisplayName == "PIN" && pin.error == nil)
        pin.newValue = "2468"
        pin.confirmValue = "2468"
        #expect(pin.canSubmit)

        let backup = try state("backup", emulator)
        backup.appear()
        await backup.settle()
        #expect(backup.phase == .failed)
        #expect(backup.machine.failure == .schema(.decoding(DecodingFailure(path: "schema.backup.credential",
                                                                           reason: "expected a boolean, got a number"))))
        #expect(backup.error == "Couldn’t load the backup requirements. The server sent an unexpected response. Try again later.")
    }
}
