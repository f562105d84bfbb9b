// The README's "Using it on Linux" program, verbatim (DocumentationSnippetTests checks it against
// README.md line for line). `myTokenStore` is the app's token store, played by the emulator's token.

import ThunderID

@MainActor
func changePin(baseUrl: String, newPin: String) async throws -> Bool {
    let config = try ThunderIDConfig(baseUrl: baseUrl, accessToken: { try await myTokenStore.accessToken() })
    let shared = ThunderIDState(config: config)          // one schema request, shared by every view
    let pin = ChangeCredentialState(attribute: "pin", schemaProvider: shared, updater: shared.client,
                                    onSuccess: { print("PIN updated") })
    pin.appear()                      // the row asks for the schema (for its display name)
    pin.open()                        // the sheet: editing, or unavailable if the schema says no
    pin.newValue = newPin             // every edit re-evaluates the rules
    pin.confirmValue = newPin
    print(pin.evaluation.results)     // per-rule verdicts: nonEmpty, confirmation (regex once the schema is in)
    pin.submit()                      // waits for the schema if it is still loading, then posts
    await pin.settle()                // submitting → succeeded, or failed / invalid with a message
    print(pin.phase, pin.error ?? "")
    return pin.success
}

/// The app's token store of the README snippet.
struct SnippetTokenStore: Sendable {
    let token: String

    func accessToken() async throws -> String { token }
}

/// `myTokenStore` as the README snippet names it: the token the emulator accepts.
let myTokenStore = SnippetTokenStore(token: "emulator-token")
