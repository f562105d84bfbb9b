@testable import ThunderID
import Testing
import ThunderIDTesting

/// Code written against the ThunderID iOS SDK's `ChangeCredentialState` (its `success`,
/// `unavailable`, `fieldError(_:)`, `CredentialField` and evaluation members) compiles here and
/// means the same.
@MainActor
@Suite("The ThunderID iOS SDK's state members")
struct IOSSDKCompatibilityTests {
    /// How an iOS-SDK form reads the state, member for member.
    struct SDKView: Equatable {
        var newError: String?
        var formError: String?
        var success: Bool
        var unavailable: Bool
        var saveDisabled: Bool
        var confirmMismatch: Bool
        var newInvalid: Bool

        @MainActor init(_ state: ChangeCredentialState) {
            let evaluation = state.evaluation
            newError = state.fieldError(.new)
            formError = state.fieldError(CredentialField.form)
            success = state.success
            unavailable = state.unavailable
            saveDisabled = !evaluation.isValid || state.loading
            confirmMismatch = !state.confirmValue.isEmpty && !evaluation.confirmMatches
            newInvalid = !state.newValue.isEmpty && evaluation.patternChecked && !evaluation.patternPassed
        }
    }

    func state(_ updater: ScriptedCredentialUpdater, policy: CredentialPolicy = .credential("pin", displayName: "PIN", regex: "^[0-9]{4}$"))
        -> ChangeCredentialState {
        ChangeCredentialState(attribute: "pin", schemaProvider: InMemorySchemaProvider(policy: policy), updater: updater,
                              presentation: .inline)
    }

    @Test("success is set after a change and reset when the next submission starts")
    func successFlag() async {
        let updater = ScriptedCredentialUpdater([.success], whenEmpty: .success, holdsResponses: false)
        let state = state(updater)
        state.appear()
        await state.settle()
        #expect(!state.success)
        state.newValue = "1234"
        state.confirmValue = "1234"
        state.submit()
        await state.settle()
        #expect(state.success)
        state.newValue = "5678"
        #expect(state.success, "typing does not reset it")
        state.confirmValue = "5678"
        await updater.hold()
        state.submit()
        #expect(!state.success && state.loading, "the next submission resets it")
        await updater.release()
        await state.settle()
        #expect(state.success)
    }

    @Test("fieldError(.new) holds a 400 about the value; other failures are form-level")
    func fieldErrors() async {
        let updater = ScriptedCredentialUpdater([.failure(.server(ServerError(status: 400, code: "USR-1024"))),
                                                 .failure(.server(ServerError(status: 500, code: "SSE-5000")))])
        let state = state(updater)
        state.appear()
        await state.settle()
        state.newValue = "1234"
        state.confirmValue = "1234"
        state.submit()
        await state.settle()
        #expect(SDKView(state).newError == "The new PIN was not accepted. Choose a different one.")
        #expect(SDKView(state).formError == nil)
        state.submit()
        await state.settle()
        #expect(SDKView(state).newError == nil)
        #expect(SDKView(state).formError == "The server had a problem. Try again later.")
        #expect(state.error == SDKView(state).formError)
    }

    @Test("unavailable is false until the schema answers, then true when it does not declare a credential")
    func unavailableFlag() async {
        let state = state(ScriptedCredentialUpdater(), policy: .notCredential("pin", displayName: "PIN"))
        #expect(!state.unavailable)
        state.appear()
        #expect(!state.unavailable)
        await state.settle()
        #expect(state.unavailable && SDKView(state).saveDisabled)
        #expect(state.fieldError(.form) == "The PIN for this account cannot be changed. Contact your administrator.")
    }

    @Test("The evaluation members read as in the SDK: confirmMatches, patternChecked, patternPassed, meetsPolicy")
    func evaluationMembers() async {
        let state = state(ScriptedCredentialUpdater())
        state.appear()
        await state.settle()
        state.newValue = "12a"
        state.confirmValue = "12"
        #expect(SDKView(state).confirmMismatch && SDKView(state).newInvalid)
        #expect(!state.evaluation.meetsPolicy && state.evaluation.patternChecked)
        state.newValue = "1234"
        state.confirmValue = "1234"
        #expect(state.evaluation.confirmMatches && state.evaluation.patternPassed && state.evaluation.meetsPolicy)
        #expect(!SDKView(state).saveDisabled)
        let noRegex = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                            updater: ScriptedCredentialUpdater())
        #expect(!noRegex.evaluation.patternChecked && noRegex.evaluation.patternPassed)
    }
}
