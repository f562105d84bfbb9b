import Foundation
@testable import ThunderID
import Testing
import ThunderIDTesting

@MainActor
@Suite("What the SwiftUI views decide, decided without SwiftUI")
struct ChangeCredentialPresentationTests {
    static let quiet = ChangeCredentialConfiguration()

    @Test("The row reads as its action, with a 44-point hit target")
    func row() async {
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                          updater: ScriptedCredentialUpdater(), configuration: Self.quiet)
        #expect(state.rowLabel == "Change Password")
        #expect(ChangeCredentialState.minimumHitTarget == 44)
        let pin = ChangeCredentialState(attribute: "pin", schemaProvider: InMemorySchemaProvider(policy: .credential("pin", displayName: "PIN")),
                                        updater: ScriptedCredentialUpdater(), configuration: Self.quiet)
        pin.appear()
        await pin.settle()
        #expect(pin.rowLabel == "Change PIN")
    }

    @Test("The SDK family's UI-test contract: the row shows \"Change Password\", the sheet submits with \"Change\", identifiers as in its e2e flow")
    func uiTestContract() async {
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential(displayName: "Password")),
                                          updater: ScriptedCredentialUpdater(), configuration: Self.quiet)
        state.appear()
        await state.settle()
        // ios-sdks Tests/e2e/flows/subflows/change-password-to.yaml: tapOn "Change Password", the fields by id,
        // tapOn "Change".
        #expect(state.rowLabel == "Change Password")
        #expect(state.rowIdentifier == "thunderid-action-openCredential-password")
        state.open()
        await state.settle()
        #expect(state.submitLabel == "Change")
        #expect(state.sheetModel.submitLabel == "Change")
        #expect(state.sheetModel.showsSubmitButton)
        #expect(ChangeCredentialIdentifiers.field(.newValue) == "thunderid-field-newCredential")
        #expect(ChangeCredentialIdentifiers.field(.confirmation) == "thunderid-field-confirmCredential")
        #expect(ChangeCredentialIdentifiers.submit == "thunderid-action-submitCredential")
        #expect(ChangeCredentialIdentifiers.cancel == "thunderid-action-cancelCredential")
        #expect(ChangeCredentialIdentifiers.maskingToggle(.newValue) == "thunderid-action-toggleNewCredential")
        #expect(ChangeCredentialIdentifiers.maskingToggle(.confirmation) == "thunderid-action-toggleConfirmCredential")

        // The row's identifier follows the attribute, never the display name or the language.
        let pin = ChangeCredentialState(attribute: "pin", schemaProvider: InMemorySchemaProvider(policy: .credential("pin", displayName: "Code PIN")),
                                        updater: ScriptedCredentialUpdater(),
                                        configuration: ChangeCredentialConfiguration(strings: .localized(for: Locale(identifier: "fr_FR"))))
        pin.appear()
        await pin.settle()
        #expect(pin.rowIdentifier == "thunderid-action-openCredential-pin")
        #expect(pin.submitLabel == "Modifier")
        // The label is still the placeholder, and the toggle still masks.
        pin.open()
        #expect(pin.sheetModel.newValue.label == pin.newValueLabel)
        #expect(pin.sheetModel.newValue.isMasked)
        pin.toggleMasking(.newValue)
        #expect(!pin.sheetModel.newValue.isMasked)
    }

    @Test("The unavailable notice replaces the form and has no Change button; the form has one")
    func unavailableHasNoSave() async {
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .notCredential()),
                                          updater: ScriptedCredentialUpdater(), configuration: Self.quiet)
        state.open()
        #expect(state.sheetContent == .form, "while the schema loads the form is shown")
        #expect(state.showsSubmitButton)
        #expect(state.sheetHeights == [.medium, .large], "the form opens compact and may grow")
        await state.settle()
        guard case .unavailable(let title, let message) = state.sheetContent else {
            Issue.record("expected the unavailable notice, got \(state.sheetContent)")
            return
        }
        #expect(title == state.unavailableTitle)
        #expect(message == state.unavailableMessage)
        #expect(!message.isEmpty)
        #expect(!state.showsSubmitButton)
        #expect(state.sheetHeights == [.medium], "the short notice stays compact")
    }

    @Test("The loading indicator has a label, shown while the schema loads")
    func loadingLabel() async {
        let schema = InMemorySchemaProvider(policy: .credential(), holdsResponses: true)
        let state = ChangeCredentialState(schemaProvider: schema, updater: ScriptedCredentialUpdater(), configuration: Self.quiet)
        state.open()
        #expect(state.isSchemaLoading)
        #expect(state.loadingLabel == ChangeCredentialStrings.english.text(.loading, credential: "Password"))
        #expect(!state.loadingLabel.isEmpty)
        await schema.release()
        await state.settle()
        #expect(!state.isSchemaLoading)
    }

    @Test("Fields and Cancel stop taking input while the change is posted")
    func acceptsInput() async {
        let updater = ScriptedCredentialUpdater(holdsResponses: true)
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                          updater: updater, configuration: Self.quiet)
        state.open()
        await state.settle()
        state.newValue = "abc123"
        state.confirmValue = "abc123"
        #expect(state.acceptsInput)
        state.submit()
        #expect(!state.acceptsInput)
        await updater.release()
        await state.settle()
        #expect(state.acceptsInput)
    }

    @Test("The focus chain goes new value, confirmation, then Save only when Save is enabled")
    func focusChain() {
        #expect(ChangeCredentialFocus.newValue.returnKey == .next)
        #expect(ChangeCredentialFocus.confirmation.returnKey == .done)
        #expect(ChangeCredentialFocus.newValue.onSubmit(isSubmitEnabled: true) == .focus(.confirmation))
        #expect(ChangeCredentialFocus.newValue.onSubmit(isSubmitEnabled: false) == .focus(.confirmation))
        #expect(ChangeCredentialFocus.confirmation.onSubmit(isSubmitEnabled: true) == .submit)
        #expect(ChangeCredentialFocus.confirmation.onSubmit(isSubmitEnabled: false) == .stay)
        #expect(ChangeCredentialFocus.allCases.map(\.field) == [.newValue, .confirmation])
    }

    @Test("Unmasking or masking the focused field keeps its focus; another field's toggle leaves focus alone")
    func maskingKeepsFocus() async {
        typealias Target = ChangeCredentialFocus.Target
        let focused = Target(.newValue, isMasked: true)
        #expect(ChangeCredentialFocus.target(afterMasking: .newValue, isMasked: false, from: focused) == Target(.newValue, isMasked: false))
        #expect(ChangeCredentialFocus.target(afterMasking: .newValue, isMasked: true, from: Target(.newValue, isMasked: false)) == focused)
        #expect(ChangeCredentialFocus.target(afterMasking: .confirmation, isMasked: false, from: focused) == focused)
        #expect(ChangeCredentialFocus.target(afterMasking: .newValue, isMasked: false, from: nil) == nil)
        // The state's masking flag is what the views switch on, and typing survives a toggle.
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                          updater: ScriptedCredentialUpdater(), configuration: Self.quiet)
        state.open()
        await state.settle()
        state.newValue = "abc123"
        #expect(state.isMasked(.newValue))
        state.toggleMasking(.newValue)
        #expect(!state.isMasked(.newValue))
        #expect(state.newValue == "abc123")
        state.toggleMasking(.newValue)
        #expect(state.newValue == "abc123")
    }

    @Test("Errors are announced when they appear or change, not when they clear or stay; success is announced")
    func announcements() async {
        let updater = ScriptedCredentialUpdater([.failure(.transport(.offline))])
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                          updater: updater, configuration: Self.quiet)
        func announced(_ action: () async -> Void) async -> String? {
            let before = state.announcement
            await action()
            return ChangeCredentialAnnouncement.text(from: before, to: state.announcement)
        }
        state.open()
        await state.settle()
        state.newValue = "abc"
        state.confirmValue = "abd"
        let mismatch = await announced { state.submit() }
        #expect(mismatch != nil)
        #expect(mismatch == state.error)
        #expect(await announced { state.submit() } == nil, "the same error again is not repeated")
        #expect(await announced { state.confirmValue = "abc" } == nil, "an error that clears is not announced")
        let offline = await announced { state.submit(); await state.settle() }
        #expect(offline != nil)
        #expect(offline == state.error)
        #expect(offline != mismatch)
        let success = await announced { state.submit(); await state.settle() }
        #expect(success != nil)
        #expect(success == state.successMessage)
        #expect(ChangeCredentialAnnouncement.text(from: .init(error: "A", success: nil), to: .init(error: "B", success: nil)) == "B")
    }
}
