import Foundation

// What an error means to the user: the message the built-in sheet shows, for apps that show errors themselves.

extension ThunderIDError: LocalizedError {
    /// The message for the user in the language of `Locale.current` (English where the package ships no
    /// table), naming the credential as "password": what ``DefaultErrorMessageMapping`` gives.
    public var errorDescription: String? { userMessage(locale: .current) }

    /// ``errorDescription`` in `locale`'s language, naming `credential` (by default, password).
    package func userMessage(locale: Locale, credential: String? = nil) -> String {
        let strings = ChangeCredentialStrings.localized(for: locale)
        let name = credential ?? strings.credentialName(forAttribute: "password") ?? "Password"
        return DefaultErrorMessageMapping().message(for: self, strings: strings, credential: name)
    }
}
