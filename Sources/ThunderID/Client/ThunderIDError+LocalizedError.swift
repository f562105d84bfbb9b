import Foundation

// What an error means to the user, from the package's localized strings tables: the same
// messages the built-in sheet shows (`DefaultErrorMessageMapping`), so an app that shows a
// `ThunderIDError` itself (`error.localizedDescription`, an alert) says what the sheet would.

extension ThunderIDError: LocalizedError {
    /// The message for the user, in the language of `Locale.current` (English where the package
    /// ships no table): what ``DefaultErrorMessageMapping`` gives for this error, naming the
    /// credential by the language's word for password ("Your session has expired. Sign in again
    /// to change your password."). `ChangeCredentialState.error` names the flow's own credential.
    public var errorDescription: String? { userMessage(locale: .current) }

    /// ``errorDescription`` in `locale`'s language, naming the credential `credential` (by
    /// default the language's word for password).
    package func userMessage(locale: Locale, credential: String? = nil) -> String {
        let strings = ChangeCredentialStrings.localized(for: locale)
        let name = credential ?? strings.credentialName(forAttribute: "password") ?? "Password"
        return DefaultErrorMessageMapping().message(for: self, strings: strings, credential: name)
    }
}
