// The tiny app of `Tools/app-size`: it presents the change-credential flow as the README's
// snippets do, with a config, the shared state and its client, a rule of its own and the strings, so the
// linker keeps what an app keeps. It is built and measured, never run in CI; by hand it drives the flow
// against a server: `app-size-app https://localhost:8090 1234`.

import Foundation
import ThunderID
import ThunderIDSwiftUI

/// The app's sign-in code, as in the README's provider snippet.
actor AppSession {
    private var token = ""

    func accessToken() async throws -> String {
        token
    }
}

@MainActor
func changePin(baseUrl: String, newPin: String) async throws -> Bool {
    let session = AppSession()
    let config = try ThunderIDConfig(baseUrl: baseUrl, accessToken: { try await session.accessToken() })
    let shared = ThunderIDState(config: config)          // one schema request, shared by every view
    let configuration = ChangeCredentialConfiguration().adding(MinimumLengthRule(8))
    let pin = ChangeCredentialState(attribute: "pin", schemaProvider: shared, updater: shared.client,
                                    configuration: configuration,
                                    onSuccess: { print("PIN updated") })
    pin.appear()                      // the row asks for the schema (for its display name)
    pin.open()                        // the sheet: editing, or unavailable if the schema says no
    pin.newValue = newPin             // every edit re-evaluates the rules
    pin.confirmValue = newPin
    print(pin.evaluation.results)     // per-rule verdicts
    pin.submit()                      // waits for the schema if it is still loading, then posts
    await pin.settle()                // submitting → succeeded, or failed / invalid with a message
    print(pin.phase, pin.error ?? "", pin.requirementHint ?? "", pin.submitLabel)
    shared.signOut()
    return pin.success
}

let arguments = CommandLine.arguments
let baseUrl = arguments.count > 1 ? arguments[1] : "https://id.example.com"
let newPin = arguments.count > 2 ? arguments[2] : "1234"
do {
    exit(try await changePin(baseUrl: baseUrl, newPin: newPin) ? 0 : 1)
} catch {
    print(error)
    exit(2)
}
