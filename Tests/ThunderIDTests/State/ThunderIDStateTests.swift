import Foundation
import Observation
import Testing
@testable import ThunderID
import ThunderIDTesting

/// The shared schema state with an in-memory transport: single flight, cache, refresh,
/// sign-out and user change, failures not cached, observation.
@MainActor
@Suite("ThunderIDState", .timeLimit(.minutes(1)))
struct ThunderIDStateTests {
    @Test("100 views asking at once cost one request and all get the same schema")
    func singleFlight() async throws {
        let gate = ResponseGate()
        let transport = gate.transport()
        let state = ThunderIDState(client: ThunderIDClient(config: try Canned.config(), transport: transport))
        let views = (0..<100).map { _ in
            Task { @MainActor in try await state.userSchema() }
        }
        await gate.untilWaiting(1)
        #expect(state.isLoadingSchema)
        // Opening the gate answers any number of requests, so a broken single flight fails the
        // count below instead of hanging.
        await gate.open(try Canned.fixture("pin"))
        let expected = try Canned.schema("pin")
        for view in views {
            #expect(try await view.value == expected)
        }
        #expect(transport.requests.count == 1)
        #expect(await gate.waiting == 0)
        #expect(state.schema == expected)
        #expect(!state.isLoadingSchema)
        #expect(state.schemaError == nil)
    }

    @Test("Later askers get the cached schema without a request")
    func cached() async throws {
        let transport = InMemoryHTTPTransport(response: try Canned.fixture("person"))
        let state = ThunderIDState(client: ThunderIDClient(config: try Canned.config(), transport: transport))
        let first = try await state.userSchema()
        let second = try await state.userSchema()
        let policy = try await state.credentialPolicy(for: "password")
        #expect(first == second)
        #expect(policy == CredentialPolicy(attribute: "password", isCredential: true, displayName: "Password"))
        #expect(transport.requests.count == 1)
    }

    @Test("refresh() refetches and replaces the cached schema")
    func refresh() async throws {
        let transport = InMemoryHTTPTransport(response: try Canned.fixture("person"))
        let state = ThunderIDState(client: ThunderIDClient(config: try Canned.config(), transport: transport))
        #expect(try await state.userSchema()["pin"] == nil)
        transport.respond { _ throws(ThunderIDError) in try! Canned.fixture("pin") }
        let refreshed = try await state.refreshedSchema()
        #expect(refreshed["pin"]?.isCredential == true)
        #expect(state.schema == refreshed)
        #expect(transport.requests.count == 2)
    }

    @Test("refresh() during a fetch supersedes it: waiters get the new answer, the old one is dropped")
    func refreshDuringFetch() async throws {
        let gate = ResponseGate()
        let transport = gate.transport()
        let state = ThunderIDState(client: ThunderIDClient(config: try Canned.config(), transport: transport))
        let early = Task { @MainActor in try await state.userSchema() }
        await gate.untilWaiting(1)
        let refreshing = Task { @MainActor in try await state.refreshedSchema() }
        await gate.untilWaiting(2)
        // The superseded request answers first, with another user type: it must not be stored.
        await gate.release(try Canned.fixture("person"))
        await gate.release(try Canned.fixture("pin"))
        let pin = try Canned.schema("pin")
        #expect(try await early.value == pin)
        #expect(try await refreshing.value == pin)
        #expect(state.schema == pin)
        #expect(transport.requests.count == 2)
    }

    @Test("A failed fetch is not cached: the error is published and the next demand retries")
    func failureNotCached() async throws {
        let transport = InMemoryHTTPTransport(response: Canned.serverFailure)
        let state = ThunderIDState(client: ThunderIDClient(config: try Canned.config(), transport: transport))
        let error = await #expect(throws: ThunderIDError.self) { try await state.userSchema() }
        #expect(error?.serverError?.code == "SSE-5000")
        #expect(state.schemaError == error)
        #expect(state.schema == nil)
        #expect(!state.isLoadingSchema)

        transport.respond { _ throws(ThunderIDError) in try! Canned.fixture("person") }
        let schema = try await state.userSchema()
        #expect(schema == (try Canned.schema("person")))
        #expect(state.schemaError == nil)
        #expect(transport.requests.count == 2)
    }

    @Test("signOut() during a fetch cancels the waiters and never stores the stale answer")
    func signOutDuringFetch() async throws {
        let gate = ResponseGate()
        let transport = gate.transport()
        let state = ThunderIDState(client: ThunderIDClient(config: try Canned.config(), transport: transport), userID: "alice")
        let view = Task { @MainActor in try await state.userSchema() }
        await gate.untilWaiting(1)
        let superseded = try #require(state.fetchTask)
        state.signOut()
        let viewResult = await view.result
        #expect(throws: ThunderIDError.transport(.cancelled)) { try viewResult.get() }
        #expect(!state.isLoadingSchema)
        #expect(state.userID == nil)
        await gate.release(try Canned.fixture("pin"))
        await superseded.value
        #expect(state.schema == nil)
        #expect(state.schemaError == nil)
    }

    @Test("userChanged(to:) drops the schema for a new user and keeps it for the same user")
    func userChanged() async throws {
        let transport = InMemoryHTTPTransport(response: try Canned.fixture("person"))
        let state = ThunderIDState(client: ThunderIDClient(config: try Canned.config(), transport: transport), userID: "alice")
        _ = try await state.userSchema()
        state.userChanged(to: "alice")
        #expect(state.schema != nil)
        state.userChanged(to: "bob")
        #expect(state.schema == nil)
        #expect(state.userID == "bob")
        _ = try await state.userSchema()
        #expect(transport.requests.count == 2)
    }

    @Test("userChanged(to:) during a fetch: the old user's answer is not stored")
    func userChangedDuringFetch() async throws {
        let gate = ResponseGate()
        let transport = gate.transport()
        let state = ThunderIDState(client: ThunderIDClient(config: try Canned.config(), transport: transport), userID: "alice")
        let aliceView = Task { @MainActor in try await state.userSchema() }
        await gate.untilWaiting(1)
        let superseded = try #require(state.fetchTask)
        state.userChanged(to: "bob")
        let aliceResult = await aliceView.result
        #expect(throws: ThunderIDError.transport(.cancelled)) { try aliceResult.get() }
        let bobView = Task { @MainActor in try await state.userSchema() }
        await gate.untilWaiting(2)
        await gate.release(try Canned.fixture("person")) // alice's late answer
        await superseded.value
        #expect(state.schema == nil)
        await gate.release(try Canned.fixture("pin"))    // bob's
        #expect(try await bobView.value == (try Canned.schema("pin")))
        #expect(state.schema == (try Canned.schema("pin")))
    }

    @Test("A cancelled view gets .cancelled at once; the shared fetch still serves the others")
    func cancelledWaiter() async throws {
        let gate = ResponseGate()
        let transport = gate.transport()
        let state = ThunderIDState(client: ThunderIDClient(config: try Canned.config(), transport: transport))
        let leaving = Task { @MainActor in try await state.userSchema() }
        let staying = Task { @MainActor in try await state.userSchema() }
        await gate.untilWaiting(1)
        leaving.cancel()
        let leavingResult = await leaving.result
        #expect(throws: ThunderIDError.transport(.cancelled)) { try leavingResult.get() }
        await gate.release(try Canned.fixture("person"))
        #expect(try await staying.value == (try Canned.schema("person")))
        #expect(transport.requests.count == 1)
    }

    @Test("An already-cancelled asker is refused without a request")
    func alreadyCancelled() async throws {
        let transport = InMemoryHTTPTransport(response: try Canned.fixture("person"))
        let state = ThunderIDState(client: ThunderIDClient(config: try Canned.config(), transport: transport))
        let task = Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await state.userSchema()
        }
        let result = await task.result
        #expect(throws: ThunderIDError.transport(.cancelled)) { try result.get() }
        #expect(transport.requests.isEmpty)
    }

    @Test("ThunderIDState serves UserSchemaProviding with display names from its resolver")
    func schemaProviding() async throws {
        let transport = InMemoryHTTPTransport(response: try Canned.fixture("i18n"))
        let resolver = InMemoryDisplayNameResolver(["custom:user.pin": "PIN"])
        let state = ThunderIDState(client: ThunderIDClient(config: try Canned.config(), transport: transport),
                                   displayNames: resolver)
        let provider: any UserSchemaProviding = state
        #expect(try await provider.credentialPolicy(for: "pin")
                == CredentialPolicy(attribute: "pin", isCredential: true, displayName: "PIN", isNumeric: true))
        #expect(try await provider.credentialPolicy(for: "backupPin")
                == CredentialPolicy(attribute: "backupPin", isCredential: true, regex: "^[0-9]{6}$", displayName: "Backup Pin",
                                   isDisplayNameDeclared: false))
        #expect(try await provider.credentialPolicy(for: "recovery_code")
                == CredentialPolicy(attribute: "recovery_code", isCredential: false, displayName: "Recovery Code",
                                   isDisplayNameDeclared: false))
        #expect(transport.requests.count == 1)
    }

    @Test("schema, isLoadingSchema and schemaError notify observers")
    func observation() async throws {
        let gate = ResponseGate()
        let state = ThunderIDState(client: ThunderIDClient(config: try Canned.config(), transport: gate.transport()))
        let loading = SendableFlag()
        withObservationTracking { _ = state.isLoadingSchema } onChange: { loading.set() }
        let view = Task { @MainActor in try await state.userSchema() }
        await gate.untilWaiting(1)
        #expect(loading.isSet)

        let schema = SendableFlag()
        withObservationTracking { _ = state.schema } onChange: { schema.set() }
        await gate.release(try Canned.fixture("person"))
        _ = try await view.value
        #expect(schema.isSet)

        let error = SendableFlag()
        withObservationTracking { _ = state.schemaError } onChange: { error.set() }
        state.signOut()
        let failing = Task { @MainActor in try await state.userSchema() }
        await gate.untilWaiting(1)
        await gate.release(Canned.serverFailure)
        _ = await failing.result
        #expect(error.isSet)
    }

    @Test("The client a view posts through is the state's client")
    func exposesClient() async throws {
        let transport = InMemoryHTTPTransport(response: HTTPResponse(status: 204))
        let state = ThunderIDState(client: ThunderIDClient(config: try Canned.config(), transport: transport))
        try await state.client.updateUserCredentials(attribute: "password", newValue: "a-new-value")
        #expect(transport.requests.map(\.url.path) == ["/users/me/update-credentials"])
    }
}
