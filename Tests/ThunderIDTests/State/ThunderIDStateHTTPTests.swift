import Foundation
import Testing
@testable import ThunderID

/// The shared schema state against the emulator over real HTTP.
@MainActor
@Suite("ThunderIDState over HTTP", .serialized, .timeLimit(.minutes(1)))
struct ThunderIDStateHTTPTests {
    static let emulator = SharedEmulator()

    @Test("100 concurrent views on the main actor cost exactly one HTTP request")
    func hundredViewsOneRequest() async throws {
        let emulator = try await Self.emulator.fresh()
        // The answer is held back so every view asks while the request is in flight.
        try await emulator.script(EmulatorScript(fixture: "pin", rules: [.delay(0.3, on: .meta)]))
        let state = ThunderIDState(client: try emulator.client())
        // Each view is its own task on the main actor, as SwiftUI's `.task` would start it.
        let views = (0..<100).map { view in
            Task { @MainActor in await Self.ask(state, for: view.isMultiple(of: 2) ? "password" : "pin") }
        }
        var results: [Result<CredentialPolicy, ThunderIDError>] = []
        for view in views { results.append(await view.value) }
        #expect(results.count == 100)
        let policies = try results.map { try $0.get() }
        #expect(policies.filter { $0 == CredentialPolicy(attribute: "password", isCredential: true, displayName: "Password") }.count == 50)
        #expect(policies.filter { $0 == CredentialPolicy(attribute: "pin", isCredential: true, regex: "^[0-9]{4,8}$", displayName: "PIN") }.count == 50)
        let stats = try await emulator.stats()
        #expect(stats.requests.meta == 1)
        #expect(stats.requests.total == 1)

        // Later views get the cached schema; refresh() costs exactly one more.
        _ = try await state.userSchema()
        #expect(try await emulator.stats().requests.meta == 1)
        _ = try await state.refresh()
        #expect(try await emulator.stats().requests.meta == 2)
    }

    /// One view asking the shared state for a policy.
    static func ask(_ state: ThunderIDState, for attribute: String) async -> Result<CredentialPolicy, ThunderIDError> {
        do {
            return .success(try await state.credentialPolicy(for: attribute))
        } catch {
            return .failure(error)
        }
    }

    @Test("A failed fetch over HTTP is not cached; the next demand succeeds")
    func failureRetried() async throws {
        let emulator = try await Self.emulator.fresh()
        var failOnce = EmulatorRule.error("SSE-5000", on: .meta)
        failOnce.times = 1
        try await emulator.script(EmulatorScript(rules: [failOnce]))
        let state = ThunderIDState(client: try emulator.client())
        let error = await #expect(throws: ThunderIDError.self) { try await state.userSchema() }
        #expect(error?.serverError?.code == "SSE-5000")
        #expect(state.schemaError == error)
        let schema = try await state.userSchema()
        #expect(schema["password"]?.isCredential == true)
        #expect(state.schemaError == nil)
        #expect(try await emulator.stats().requests.meta == 2)
    }

    @Test("signOut() during a slow fetch cancels it; the next user's demand fetches again")
    func signOutCancelsInFlight() async throws {
        let emulator = try await Self.emulator.fresh()
        var slowOnce = EmulatorRule.fault(.hang, on: .meta, hangSeconds: 20)
        slowOnce.times = 1
        try await emulator.script(EmulatorScript(rules: [slowOnce]))
        let state = ThunderIDState(client: try emulator.client(timeout: .seconds(30)), userID: "alice")
        let view = Task { @MainActor in try await state.userSchema() }
        while try await emulator.stats().requests.meta == 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
        state.signOut()
        let result = await view.result
        #expect(throws: ThunderIDError.transport(.cancelled)) { try result.get() }
        #expect(state.schema == nil)
        state.userChanged(to: "bob")
        let schema = try await state.userSchema()
        #expect(schema["password"]?.isCredential == true)
        #expect(try await emulator.stats().requests.meta == 2)
    }
}
