import Combine
import Foundation
import Observation
import Synchronization
import Testing
@testable import ThunderID

/// Counts Observation notifications for a set of reads (Observation's `onChange` is `@Sendable`).
final class ObservationCounter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func bump() { count.withLock { $0 += 1 } }
}

/// A schema that declares the credential with a four-digit regex (local, so the check does not
/// depend on where the package keeps its in-memory fakes).
struct FourDigitSchema: UserSchemaProviding {
    func credentialPolicy(for attribute: String) async throws(ThunderIDError) -> CredentialPolicy {
        CredentialPolicy(attribute: attribute, isCredential: true, regex: "^[0-9]{4}$", displayName: "PIN")
    }
}

/// Accepts every change.
struct AcceptingUpdater: CredentialUpdating {
    func updateUserCredentials(attribute: String, newValue: String) async throws(ThunderIDError) {}
}

/// Answers every request with the current response.
final class SwitchableTransport: HTTPTransport {
    private let response: Mutex<HTTPResponse>
    init(_ response: HTTPResponse) { self.response = Mutex(response) }
    func answer(_ next: HTTPResponse) { response.withLock { $0 = next } }
    func send(_ request: HTTPRequest) async throws(ThunderIDError) -> HTTPResponse { response.withLock { $0 } }
}

/// What one action did: how many times Combine heard `objectWillChange`, whether Observation
/// reported a change of any tracked property, and what the announcements saw when they fired.
struct Announced<Seen> {
    var announcements: [Seen]
    var observed: Bool
}

@MainActor
@Suite("Combine subscribers hear every observable change (through the stand-in publisher)")
struct CombineAnnouncementTests {
    /// Runs `action` while subscribed to `objectWillChange` (recording `seen()` at each
    /// announcement) and while Observation tracks `track()`.
    func run<Object: ObservableObject, Seen>(
        _ object: Object, track: @escaping @MainActor () -> Void, seen: @escaping @MainActor () -> Seen,
        _ action: () async -> Void
    ) async -> Announced<Seen> where Object.ObjectWillChangePublisher == ObservableObjectPublisher {
        var announcements: [Seen] = []
        let cancellable = object.objectWillChange.sink { _ in
            MainActor.assumeIsolated { announcements.append(seen()) }
        }
        let counter = ObservationCounter()
        withObservationTracking { track() } onChange: { counter.bump() }
        await action()
        cancellable.cancel()
        return Announced(announcements: announcements, observed: counter.value > 0)
    }

    func trackAll(_ state: ChangeCredentialState) {
        _ = (state.machine, state.evaluation, state.isPresented, state.policy, state.newValue, state.confirmValue)
    }

    @Test("ChangeCredentialState: each step that Observation sees is announced, before it happens; a no-op is not")
    func changeCredentialState() async {
        let state = ChangeCredentialState(
            schemaProvider: FourDigitSchema(), updater: AcceptingUpdater(), configuration: .init())
        func step(_ name: String, _ action: () async -> Void) async -> Announced<Bool> {
            let result = await run(state, track: { self.trackAll(state) }, seen: { state.isPresented }, action)
            #expect(result.observed == !result.announcements.isEmpty,
                    "\(name): Observation \(result.observed ? "saw" : "did not see") a change, Combine heard \(result.announcements.count)")
            return result
        }
        let open = await step("open") { state.open() }
        #expect(!open.announcements.isEmpty)
        #expect(open.announcements.first == false, "objectWillChange fires before isPresented becomes true")
        #expect(state.isPresented)
        #expect(await step("schema arrives") { await state.settle() }.observed)
        #expect(await step("type the new value") { state.newValue = "1234" }.observed)
        #expect(await step("type the confirmation") { state.confirmValue = "1234" }.observed)
        let same = await step("the same value again") { state.newValue = "1234" }
        #expect(same.announcements.isEmpty)
        #expect(!same.observed)
        #expect(await step("unmask") { state.toggleMasking(.newValue) }.observed)
        #expect(await step("submit") { state.submit() }.observed)
        let done = await step("the change succeeds") { await state.settle() }
        #expect(done.observed)
        #expect(done.announcements.first == true, "announced while the sheet was still up")
        #expect(!state.isPresented)
    }

    @Test("ThunderIDState: loading, the schema, a failure, sign-out and a user change are all announced")
    func thunderIDState() async throws {
        let body = Data(#"{"schema": {"password": {"type": "string", "credential": true}}}"#.utf8)
        let transport = SwitchableTransport(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body))
        let config = try ThunderIDConfig(baseUrl: "https://id.example.com", accessToken: { "token" })
        let state = ThunderIDState(client: ThunderIDClient(config: config, transport: transport), userID: "alice")
        func step(_ name: String, _ action: () async -> Void) async -> Announced<Bool> {
            let result = await run(state, track: { _ = (state.schema, state.isLoadingSchema, state.schemaError, state.userID) },
                                   seen: { state.schema != nil }, action)
            #expect(result.observed == !result.announcements.isEmpty,
                    "\(name): Observation \(result.observed ? "saw" : "did not see") a change, Combine heard \(result.announcements.count)")
            #expect(result.observed, "\(name) changes something")
            return result
        }
        let fetch = await step("fetch") { _ = try? await state.userSchema() }
        #expect(fetch.announcements.contains(false), "announced before the schema was stored")
        #expect(state.schema != nil)
        _ = await step("refresh") { _ = try? await state.refresh() }
        _ = await step("user change") { state.userChanged(to: "bob") }
        #expect(state.schema == nil)
        transport.answer(HTTPResponse(status: 500))
        _ = await step("failed fetch") { _ = try? await state.userSchema() }
        #expect(state.schemaError != nil)
        _ = await step("sign out") { state.signOut() }
        #expect(state.userID == nil)
        let again = await run(state, track: { _ = state.userID }, seen: { state.userID }) { state.signOut() }
        #expect(again.announcements.isEmpty, "signing out twice changes nothing and announces nothing")
    }
}
