// A custom form as an app writes it, against the public API alone: plain `import ThunderID`, no
// `@testable`. Tools/readme-check/run also compiles and runs this file in a package of its own,
// where the package's `package` declarations are out of reach, so a `package` symbol used here
// fails there.

import Foundation
import Observation
import Testing
import ThunderID
import ThunderIDTesting

/// What a custom form shows, one line per element, in the order a SwiftUI body would show them.
@MainActor
struct PinForm {
    let state: ChangeCredentialState

    var lines: [String] {
        if state.isSchemaLoading { return [state.loadingLabel] }
        if state.unavailable {
            return [state.unavailableTitle ?? "", state.unavailableMessage ?? "", state.cancelLabel]
        }
        var lines = [field(.newValue, label: state.newValueLabel, value: state.newValue),
                     field(.confirmation, label: state.confirmationLabel, value: state.confirmValue)]
        if let hint = state.requirementHint { lines.append(hint) }
        if let error = state.error { lines.append(error) }
        if let success = state.successMessage { lines.append(success) }
        lines.append(state.submitLabel)
        return lines
    }

    /// A field as "Label: value [button]": dots while masked, the value once shown, and the
    /// show/hide button's label.
    private func field(_ field: ChangeCredentialMachine.Field, label: String, value: String) -> String {
        let shown = state.isMasked(field) ? String(repeating: "•", count: value.count) : value
        return "\(label): \(shown) [\(state.maskingLabel(field))]"
    }

    /// The eye button of `field`.
    func tapEye(_ field: ChangeCredentialMachine.Field) { state.toggleMasking(field) }
}

/// The app's own reaction to a failed change: an expired session goes to the sign-in screen,
/// anything else stays with the form.
@MainActor
final class AppRouter {
    private(set) var signInRequests = 0
    private(set) var otherFailures: [ThunderIDError] = []

    func handle(_ failure: ThunderIDError) {
        switch failure {
        case .server(let server) where server.status == 401:
            signInRequests += 1
        case .tokenUnavailable:
            signInRequests += 1
        default:
            otherFailures.append(failure)
        }
    }
}

@MainActor
@Suite("A custom form built on the public API alone")
struct CustomFormTests {
    @Test("The form shows Loading… while the schema loads, then the fields")
    func loading() async throws {
        let provider = InMemorySchemaProvider(policy: .credential("password", displayName: "Password"), holdsResponses: true)
        let state = ChangeCredentialState(schemaProvider: provider, updater: ScriptedCredentialUpdater(), presentation: .inline)
        let form = PinForm(state: state)
        #expect(!state.isSchemaLoading)
        state.appear()
        #expect(state.isSchemaLoading)
        #expect(form.lines == ["Loading…"])
        await provider.release()
        await state.settle()
        #expect(!state.isSchemaLoading)
        #expect(form.lines == ["New Password:  [Show password]", "Confirm New Password:  [Show password]", "Change"])
    }

    @Test("The eye button shows and hides each field on its own")
    func masking() async throws {
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential("password", displayName: "Password")),
                                          updater: ScriptedCredentialUpdater(), presentation: .inline)
        let form = PinForm(state: state)
        state.appear()
        await state.settle()
        state.newValue = "n3w-Secret"
        state.confirmValue = "n3w-Secret"
        #expect(state.isMasked(.newValue) && state.isMasked(.confirmation))
        #expect(form.lines.prefix(2) == ["New Password: •••••••••• [Show password]",
                                         "Confirm New Password: •••••••••• [Show password]"])
        form.tapEye(.newValue)
        #expect(!state.isMasked(.newValue) && state.isMasked(.confirmation))
        #expect(form.lines.prefix(2) == ["New Password: n3w-Secret [Hide password]",
                                         "Confirm New Password: •••••••••• [Show password]"])
        form.tapEye(.newValue)
        #expect(state.isMasked(.newValue))
        #expect(state.maskingLabel(.newValue) == "Show password")
    }

    @Test("A 401 reaches the app's handler as a ThunderIDError, and the form keeps its message")
    func expiredSession() async throws {
        let expired = ThunderIDError.server(ServerError(status: 401, code: "AUTH-4010"))
        let refused = ThunderIDError.server(ServerError(status: 400, code: "USR-1024"))
        let updater = ScriptedCredentialUpdater([.failure(refused), .failure(expired)])
        let router = AppRouter()
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential("password", displayName: "Password")),
                                          updater: updater, presentation: .inline,
                                          onError: { failure in router.handle(failure) })
        state.appear()
        await state.settle()
        state.newValue = "n3w-Secret"
        state.confirmValue = "n3w-Secret"
        #expect(state.failure == nil)

        state.submit()
        await state.settle()
        #expect(router.signInRequests == 0 && router.otherFailures == [refused])
        #expect(state.failure == refused)

        state.submit()
        await state.settle()
        #expect(router.signInRequests == 1 && router.otherFailures == [refused])
        #expect(state.phase == .failed && state.failure == expired)
        #expect(state.error == "Your session has expired. Sign in again to change your password.")
    }

    @Test("onError without an argument, as the product spec writes it, still runs once per failure")
    func untypedOnError() async throws {
        var failures = 0
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()),
                                          updater: ScriptedCredentialUpdater([.failure(.transport(.offline))]),
                                          presentation: .inline, onError: { failures += 1 })
        state.appear()
        await state.settle()
        state.newValue = "n3w-Secret"
        state.confirmValue = "n3w-Secret"
        state.submit()
        await state.settle()
        #expect(failures == 1)
        #expect(state.failure == .transport(.offline))
    }

    @Test("The sheet's texts are readable: the unavailable notice and the success message")
    func sheetTexts() async throws {
        let unavailable = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .notCredential("password", displayName: "Password")),
                                                updater: ScriptedCredentialUpdater())
        unavailable.open()
        await unavailable.settle()
        #expect(PinForm(state: unavailable).lines == [
            "Password Changes Unavailable",
            "The password for this account cannot be changed. Contact your administrator.",
            "Cancel",
        ])

        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential("password", displayName: "Password")),
                                          updater: ScriptedCredentialUpdater())
        state.open()
        await state.settle()
        #expect(state.successMessage == nil)
        state.newValue = "n3w-Secret"
        state.confirmValue = "n3w-Secret"
        state.submit()
        await state.settle()
        #expect(state.phase == .succeeded)
        #expect(state.successMessage == "Your password has been updated.")
    }

    @Test("ThunderIDState publishes its loading flag, the fetch's failure and the user")
    func sharedState() async throws {
        // A signed-out app: the token closure throws, so the fetch fails before any request is sent.
        let config = try ThunderIDConfig(baseUrl: "https://id.example.com", accessToken: { throw SignedOut() })
        let shared = ThunderIDState(config: config, userID: "user-1")
        #expect(shared.userID == "user-1" && !shared.isLoadingSchema && shared.schemaError == nil)
        let changed = ChangeFlag()
        withObservationTracking { _ = shared.isLoadingSchema } onChange: { changed.raise() }
        await #expect(throws: ThunderIDError.self) { try await shared.credentialPolicy(for: "password") }
        #expect(changed.isRaised)
        #expect(!shared.isLoadingSchema)
        guard case .tokenUnavailable? = shared.schemaError else {
            Issue.record("expected the token failure, got \(String(describing: shared.schemaError))")
            return
        }
        shared.userChanged(to: "user-2")
        #expect(shared.userID == "user-2" && shared.schemaError == nil)
    }
}

/// What a signed-out app's token closure throws.
struct SignedOut: Error {}

/// Set once by an observation's change handler (which may run on any thread).
final class ChangeFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    func raise() { lock.withLock { raised = true } }
    var isRaised: Bool { lock.withLock { raised } }
}
