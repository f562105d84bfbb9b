@testable import ThunderID
import Testing
import ThunderIDTesting

@MainActor
@Suite("The sheet binding and the model agree, even when SwiftUI closes the sheet mid-submission")
struct SheetPresentationTests {
    func openedWithValues(_ updater: ScriptedCredentialUpdater) async -> ChangeCredentialState {
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                          updater: updater, configuration: .init())
        state.open()
        await state.settle()
        state.newValue = "abc123"
        state.confirmValue = "abc123"
        return state
    }

    @Test("A dismiss while idle closes the sheet in both")
    func idleDismiss() async {
        let state = await openedWithValues(ScriptedCredentialUpdater())
        let presenter = ChangeCredentialSheetPresenter()
        #expect(presenter.isPresented(state))
        presenter.write(false, to: state)
        #expect(!presenter.isPresented(state))
        #expect(!state.isPresented)
        #expect(state.newValue == "", "dismissing clears the values")
        #expect(presenter.hiddenDuringSubmission == nil)
    }

    @Test("Closed during a post that fails: hidden while posting, then back with the error, and the next Save keeps it up")
    func dismissDuringFailingSubmit() async {
        let updater = ScriptedCredentialUpdater([.failure(.transport(.offline))], holdsResponses: true)
        let state = await openedWithValues(updater)
        let presenter = ChangeCredentialSheetPresenter()
        state.submit()
        #expect(state.loading)
        presenter.write(false, to: state)
        #expect(state.isPresented, "the machine keeps the post's outcome")
        #expect(!presenter.isPresented(state), "but the binding answers what SwiftUI shows")
        presenter.loadingChanged(state)
        #expect(!presenter.isPresented(state), "still posting: still hidden")
        await updater.release()
        await state.settle()
        presenter.loadingChanged(state)
        #expect(presenter.isPresented(state), "the failure brings the sheet back")
        #expect(state.error != nil)
        state.submit()
        #expect(state.loading)
        #expect(presenter.isPresented(state), "a retry is not hidden by the earlier dismissal")
        await updater.release()
        await state.settle()
    }

    @Test("Closed during a post that succeeds: stays closed in both")
    func dismissDuringSuccessfulSubmit() async {
        let updater = ScriptedCredentialUpdater([.success], holdsResponses: true)
        let state = await openedWithValues(updater)
        let presenter = ChangeCredentialSheetPresenter()
        state.submit()
        presenter.write(false, to: state)
        #expect(!presenter.isPresented(state))
        await updater.release()
        await state.settle()
        presenter.loadingChanged(state)
        #expect(!presenter.isPresented(state))
        #expect(!state.isPresented)
        #expect(presenter.hiddenDuringSubmission == nil)
    }

    @Test("SwiftUI writing true changes nothing, and a hidden state does not hide another state's sheet")
    func writeTrueAndOtherStates() async {
        let updater = ScriptedCredentialUpdater(holdsResponses: true)
        let state = await openedWithValues(updater)
        let other = await openedWithValues(ScriptedCredentialUpdater())
        let presenter = ChangeCredentialSheetPresenter()
        presenter.write(true, to: state)
        #expect(state.isPresented)
        state.submit()
        presenter.write(false, to: state)
        #expect(!presenter.isPresented(state))
        #expect(presenter.isPresented(other))
        await updater.release()
        await state.settle()
    }
}
