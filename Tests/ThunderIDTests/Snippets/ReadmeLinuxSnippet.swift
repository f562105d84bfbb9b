// The README's "Using it on Linux" program, verbatim (DocumentationSnippetTests checks both of its
// files against README.md line for line): `changePin` as written, and `main.swift` as the body of a
// function, since a test target has no top-level code.

// Sources/MyApp/ChangePin.swift
import ThunderID

/// Sets the signed-in user's PIN; `accessToken` is your sign-in code's. Returns whether it changed.
@MainActor
func changePin(baseUrl: String, newPin: String,
               accessToken: @escaping ThunderIDConfig.AccessTokenProvider) async throws -> Bool {
    let config = try ThunderIDConfig(baseUrl: baseUrl, accessToken: accessToken)
    let shared = ThunderIDState(config: config)          // one schema request, shared by every form
    let pin = ChangeCredentialState(attribute: "pin", schemaProvider: shared, updater: shared.client,
                                    presentation: .inline, onSuccess: { print("PIN updated") })
    pin.appear()                      // an inline form is open at once: it asks for the schema
    pin.newValue = newPin             // every edit re-evaluates the rules
    pin.confirmValue = newPin
    print(pin.evaluation.results)     // per-rule verdicts: nonEmpty, confirmation (regex once the schema is in)
    pin.submit()                      // waits for the schema if it is still loading, then posts
    await pin.settle()                // the post's outcome: success, or a message in `error`
    print(pin.success ? "changed" : "not changed", pin.error ?? "")
    return pin.success
}

import Foundation

/// The README's `main.swift`. Nothing calls it: it reads the process's arguments and environment
/// and ends the process. `Tools/readme-check/run` builds and runs it as written.
@MainActor
func readmeLinuxMain() async throws {
    // MyApp BASE_URL NEW_PIN, with the user's access token in THUNDERID_TOKEN (your sign-in code's).
    let arguments = CommandLine.arguments
    guard arguments.count == 3, let token = ProcessInfo.processInfo.environment["THUNDERID_TOKEN"] else {
        print("usage: THUNDERID_TOKEN=<access token> MyApp BASE_URL NEW_PIN")
        exit(2)
    }
    let changed = try await changePin(baseUrl: arguments[1], newPin: arguments[2], accessToken: { token })
    exit(changed ? 0 : 1)
}
