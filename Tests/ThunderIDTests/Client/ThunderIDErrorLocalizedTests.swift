import Foundation
import Testing
import ThunderID

/// `ThunderIDError` is a `LocalizedError` whose texts come from the package's strings tables.
@Suite("ThunderIDError as a LocalizedError")
struct ThunderIDErrorLocalizedTests {
    static let english = Locale(identifier: "en_US")
    static let german = Locale(identifier: "de_DE")

    @Test("English: the sheet's messages, the credential named password")
    func english() {
        #expect(ThunderIDError.transport(.offline).userMessage(locale: Self.english)
                == "You appear to be offline. Check your connection and try again.")
        #expect(ThunderIDError.server(ServerError(status: 401)).userMessage(locale: Self.english)
                == "Your session has expired. Sign in again to change your password.")
        #expect(ThunderIDError.server(ServerError(status: 429, retryAfter: 29.2)).userMessage(locale: Self.english)
                == "Too many attempts. Try again in 30 seconds.")
        #expect(ThunderIDError.server(ServerError(status: 400, code: "USR-1024")).userMessage(locale: Self.english, credential: "PIN")
                == "The new PIN was not accepted. Choose a different one.")
    }

    @Test("German: the German table's sentences, with its word for password")
    func german() {
        #expect(ThunderIDError.transport(.offline).userMessage(locale: Self.german)
                == "Du bist offenbar offline. Prüfe deine Verbindung und versuche es erneut.")
        #expect(ThunderIDError.server(ServerError(status: 401)).userMessage(locale: Self.german)
                == "Deine Sitzung ist abgelaufen. Melde dich erneut an, um dein Passwort zu ändern.")
    }

    @Test("errorDescription and localizedDescription are the message in the current locale")
    func currentLocale() {
        for error in [ThunderIDError.transport(.timeout), .server(ServerError(status: 503)), .configuration("no https"),
                      .tokenUnavailable("signed out"), .decoding(DecodingFailure(path: "", reason: "not JSON")),
                      .responseTooLarge(limit: 8)] {
            let message = error.userMessage(locale: .current)
            #expect(error.errorDescription == message)
            #expect(error.localizedDescription == message)
            #expect(!message.isEmpty)
            // The developer's sentence stays what it was.
            #expect(error.description != message)
        }
    }
}
