import Observation
@testable import ThunderID
import Testing
import ThunderIDTesting

/// Views re-render through Observation (on every platform): reading a property inside
/// `withObservationTracking` must be followed by a change notification when it changes.
@MainActor
@Suite("Observation")
struct ObservationTests {
    final class Flag: @unchecked Sendable {
        var fired = false
    }

    func fires(_ state: ChangeCredentialState, reading read: @escaping @MainActor () -> Void,
               when change: () -> Void) -> Bool {
        let flag = Flag()
        withObservationTracking {
            read()
        } onChange: {
            flag.fired = true
        }
        change()
        return flag.fired
    }

    @Test("Typing, opening, submitting and masking notify the views that read them")
    func notifications() async {
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                          updater: ScriptedCredentialUpdater(),
                                          configuration: .init())
        let presented = fires(state, reading: { _ = state.isPresented }, when: { state.open() })
        #expect(presented)
        await state.settle()
        let typed = fires(state, reading: { _ = state.newValue }, when: { state.newValue = "a" })
        #expect(typed)
        let evaluated = fires(state, reading: { _ = state.evaluation }, when: { state.confirmValue = "a" })
        #expect(evaluated)
        let masked = fires(state, reading: { _ = state.isMasked(.newValue) }, when: { state.toggleMasking(.newValue) })
        #expect(masked)
        let loading = fires(state, reading: { _ = state.loading }, when: { state.submit() })
        #expect(loading)
        let ignoredDismiss = fires(state, reading: { _ = state.phase }, when: { state.dismiss() })
        #expect(!ignoredDismiss, "an ignored dismiss leaves the machine equal, so no view re-renders")
        #expect(state.phase == .submitting)
        await state.settle()
        #expect(!state.isPresented && state.phase == .succeeded)
    }

    @Test("ThunderIDState: a change notifies its readers; assigning an equal value (a second sign-out) notifies nobody")
    func sharedState() throws {
        let config = try ThunderIDConfig(baseUrl: "https://id.example.com", accessToken: { "token" })
        let state = ThunderIDState(client: ThunderIDClient(config: config, transport: InMemoryHTTPTransport(response: HTTPResponse(status: 500))),
                                   userID: "alice")
        func fires(_ change: () -> Void) -> Bool {
            let flag = Flag()
            withObservationTracking {
                _ = (state.schema, state.isLoadingSchema, state.schemaError, state.userID)
            } onChange: {
                flag.fired = true
            }
            change()
            return flag.fired
        }
        #expect(fires { state.userChanged(to: "bob") })
        #expect(state.userID == "bob")
        #expect(fires { state.signOut() })
        #expect(!fires { state.signOut() }, "nothing changed")
        #expect(!fires { state.userChanged(to: nil) }, "the same user")
    }
}
