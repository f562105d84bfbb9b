import Foundation
@testable import ThunderID
import Testing

/// The product documentation's custom form (`CustomChangePin` in `seeds/ChangeCredential.md`),
/// run step by step on Linux against the emulator. SwiftUI is not here, so each piece of the
/// snippet is played by what it does:
///
/// - `BaseChangeCredential(attribute: "pin", onSuccess:)` creates an `.inline` state over the
///   shared `ThunderIDState` and calls `appear()` from `.onAppear`;
/// - `SecureField(…, text: $state.newValue)` writes the whole field text through a binding on every
///   keystroke (``SeedBinding``);
/// - Save is `.disabled(!state.evaluation.isValid || state.loading)`, exactly as written;
/// - the error line is `if let error = state.error { Text(error) }`.
@MainActor
@Suite("The seed's CustomChangePin, step by step", .serialized)
struct SeedCustomChangePinTests {
    nonisolated static let emulator = SharedEmulator(fixture: "pin")

    /// `$state.newValue`: a getter and a setter over the observed object.
    struct SeedBinding {
        let state: ChangeCredentialState
        let keyPath: ReferenceWritableKeyPath<ChangeCredentialState, String>
        var wrappedValue: String {
            get { state[keyPath: keyPath] }
            nonmutating set { state[keyPath: keyPath] = newValue }
        }
        /// A `SecureField` sends the whole text after each keystroke.
        func type(_ text: String) {
            for character in text { wrappedValue = wrappedValue + String(character) }
        }
    }

    /// What `CustomChangePinForm.body` renders from the state, word for word.
    struct Form: Equatable {
        var errorText: String?
        var newPlaceholder: String
        var confirmPlaceholder: String
        var buttonTitle: String
        var saveDisabled: Bool

        init(errorText: String?, newPlaceholder: String, confirmPlaceholder: String, buttonTitle: String,
             saveDisabled: Bool) {
            self.errorText = errorText
            self.newPlaceholder = newPlaceholder
            self.confirmPlaceholder = confirmPlaceholder
            self.buttonTitle = buttonTitle
            self.saveDisabled = saveDisabled
        }

        @MainActor init(_ state: ChangeCredentialState) {
            errorText = state.error
            newPlaceholder = "New \(state.credentialDisplayName)"
            confirmPlaceholder = "Confirm New \(state.credentialDisplayName)"
            buttonTitle = state.loading ? "Saving…" : "Save"
            saveDisabled = !state.evaluation.isValid || state.loading
        }
    }

    /// What `BaseChangeCredential(attribute:onSuccess:)` does before `content(state)` renders.
    func baseChangeCredential(_ emulator: Emulator, attribute: String,
                              onSuccess: @escaping () -> Void) throws -> ChangeCredentialState {
        let shared = ThunderIDState(config: try emulator.config())
        let state = ChangeCredentialState(attribute: attribute, schemaProvider: shared, updater: shared.client,
                                          configuration: ChangeCredentialConfiguration(),
                                          presentation: .inline, onSuccess: onSuccess)
        state.appear()  // .onAppear
        return state
    }

    @Test("Typing a PIN into the seed's form enables Save; Save posts it, onSuccess runs once, and the form is ready again")
    func customChangePin() async throws {
        let emulator = try await Self.emulator.fresh()
        var printed: [String] = []
        let state = try baseChangeCredential(emulator, attribute: "pin", onSuccess: { printed.append("PIN updated") })
        let newValue = SeedBinding(state: state, keyPath: \.newValue)
        let confirmValue = SeedBinding(state: state, keyPath: \.confirmValue)

        // While the schema loads, Save is disabled.
        #expect(Form(state).saveDisabled)
        await state.settle()
        #expect(Form(state) == Form(errorText: nil, newPlaceholder: "New PIN", confirmPlaceholder: "Confirm New PIN",
                                    buttonTitle: "Save", saveDisabled: true))

        // The bound values follow the keystrokes, and the rules see them.
        newValue.type("2468")
        #expect(state.newValue == "2468" && Form(state).saveDisabled)
        confirmValue.type("246")
        #expect(state.confirmValue == "246" && Form(state).saveDisabled)
        confirmValue.type("8")
        #expect(state.confirmValue == "2468")
        #expect(!Form(state).saveDisabled)

        // Save → state.submit(): posting locks the button and shows "Saving…".
        state.submit()
        #expect(Form(state).buttonTitle == "Saving…" && Form(state).saveDisabled)
        await state.settle()

        let body = try #require(try await emulator.lastBody())
        let sent = try JSONSerialization.jsonObject(with: body) as? [String: [String: String]]
        #expect(sent == ["attributes": ["pin": "2468"]])
        #expect(try await emulator.stats().requests.update == 1)
        #expect(printed == ["PIN updated"])
        #expect(state.success)

        // Ready again: cleared, Save disabled, and the fields take a second change.
        #expect(state.newValue.isEmpty && state.confirmValue.isEmpty)
        #expect(Form(state) == Form(errorText: nil, newPlaceholder: "New PIN", confirmPlaceholder: "Confirm New PIN",
                                    buttonTitle: "Save", saveDisabled: true))
        newValue.type("13579")
        confirmValue.type("13579")
        #expect(!Form(state).saveDisabled)
        state.submit()
        #expect(!state.success, "success resets when the next submission starts")
        await state.settle()
        #expect(printed == ["PIN updated", "PIN updated"])
        #expect(try await emulator.stats().requests.update == 2)
        #expect(try await emulator.stats().requests.meta == 1)
    }

    @Test("The seed's form shows a server refusal through state.error; fieldError(.new) holds it for field-placed UIs")
    func errorsReachTheSeedForm() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.error("USR-1024", on: .update)]))
        var printed: [String] = []
        let state = try baseChangeCredential(emulator, attribute: "pin", onSuccess: { printed.append("PIN updated") })
        await state.settle()
        let newValue = SeedBinding(state: state, keyPath: \.newValue)
        let confirmValue = SeedBinding(state: state, keyPath: \.confirmValue)
        newValue.type("2468")
        confirmValue.type("2468")
        state.submit()
        await state.settle()
        #expect(Form(state).errorText == "The new PIN was not accepted. Choose a different one.")
        #expect(state.fieldError(.new) == "The new PIN was not accepted. Choose a different one.")
        #expect(state.fieldError(.form) == nil)
        #expect(printed.isEmpty && !state.success)
        // The values are kept; Save is the retry.
        #expect(state.newValue == "2468" && !Form(state).saveDisabled)
    }

    @Test("For an attribute the schema does not declare a credential, the seed's form shows the administrator notice in state.error")
    func unavailableThroughError() async throws {
        let emulator = try await Self.emulator.fresh()
        let state = try baseChangeCredential(emulator, attribute: "email", onSuccess: {})
        await state.settle()
        #expect(state.unavailable)
        #expect(Form(state) == Form(
            errorText: "The email for this account cannot be changed. Contact your administrator.",
            newPlaceholder: "New Email", confirmPlaceholder: "Confirm New Email", buttonTitle: "Save", saveDisabled: true))
        #expect(state.requirementHint == nil, "the schema's email regex is no credential requirement")
        SeedBinding(state: state, keyPath: \.newValue).type("x")
        #expect(state.newValue.isEmpty)
        state.submit()
        await state.settle()
        #expect(try await emulator.stats().requests.update == 0)
    }
}
