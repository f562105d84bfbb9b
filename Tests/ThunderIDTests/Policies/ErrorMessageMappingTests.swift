import Foundation
@testable import ThunderID
import Testing

@Suite("Error messages")
struct ErrorMessageMappingTests {
    static func server(_ status: Int, _ code: String? = nil, retryAfter: Double? = nil) -> ThunderIDError {
        .server(ServerError(status: status, code: code, message: "m", detail: "d", retryAfter: retryAfter))
    }

    static let cases: [(ThunderIDError, ChangeCredentialStrings.Key)] = [
        (server(400, "USR-1024"), .errorCredentialNotAccepted),
        (server(400, "USR-1001"), .errorMalformedRequest),
        (server(400, "USR-1017"), .errorMissingValue),
        (server(400), .errorCredentialNotAccepted),
        (server(400, "USR-1025"), .errorNotAllowed),
        (server(401, "AUTH-4010"), .errorSessionExpired),
        (server(401, "USR-1018"), .errorSessionExpired),
        (server(403, "USR-1029"), .errorCurrentValueRequired),
        (server(403, "SSE-4030"), .errorNotAllowed),
        (server(403), .errorNotAllowed),
        (server(404, "USR-1003"), .errorAccountNotFound),
        (server(429), .errorTooManyAttempts),
        (server(429, retryAfter: 30), .errorTooManyAttemptsRetryAfter),
        (server(429, retryAfter: 0), .errorTooManyAttempts),
        (server(429, retryAfter: 91), .errorTooManyAttemptsRetryAfterDuration),
        (server(500, "SSE-5000"), .errorServer),
        (server(502), .errorServer),
        (server(503), .errorServer),
        (server(599), .errorServer),
        (server(409), .errorGeneric),
        (server(418), .errorGeneric),
        (.transport(.offline), .errorOffline),
        (.transport(.timeout), .errorTimeout),
        (.transport(.connectionLost), .errorConnectionLost),
        (.transport(.tls), .errorTLS),
        (.transport(.cancelled), .errorCancelled),
        (.transport(.other("weird")), .errorGeneric),
        (.decoding(DecodingFailure(path: "schema", reason: "x")), .errorDecoding),
        (.configuration("baseUrl must be https"), .errorConfiguration),
        (.tokenUnavailable("no token"), .errorTokenUnavailable),
        (.responseTooLarge(limit: 8_388_608), .errorDecoding),
    ]

    @Test("Each server status, code and transport failure has its message", arguments: cases)
    func mapping(error: ThunderIDError, key: ChangeCredentialStrings.Key) {
        let mapping = DefaultErrorMessageMapping()
        #expect(mapping.messageKey(for: error) == key)
        let message = mapping.message(for: error, strings: .english, credential: "Password")
        #expect(message == ChangeCredentialStrings.english.text(key, credential: "Password",
                                                                 values: ["seconds": "30", "duration": "2 minutes"]))
        #expect(!message.contains("{"), "no placeholder left: \(message)")
    }

    @Test("Retry-After is shown in whole seconds, rounded up")
    func retryAfter() {
        let message = DefaultErrorMessageMapping().message(for: Self.server(429, retryAfter: 29.2), strings: .english,
                                                           credential: "Password")
        #expect(message == "Too many attempts. Try again in 30 seconds.")
    }

    @Test("A Retry-After beyond one day shows the message without a number, and never traps", arguments: [
        86_400.5, 86_401, 1e19, 9_223_372_036_854_775_808.0, 1e308, Double.greatestFiniteMagnitude, .infinity,
    ])
    func hugeRetryAfter(seconds: Double) {
        let message = DefaultErrorMessageMapping().message(for: Self.server(429, retryAfter: seconds), strings: .english,
                                                           credential: "Password")
        #expect(message == "Too many attempts. Wait a moment and try again.")
    }

    @Test("A Retry-After of exactly one day is shown, in hours")
    func longestRetryAfter() {
        let message = DefaultErrorMessageMapping().message(for: Self.server(429, retryAfter: 86_400), strings: .english,
                                                           credential: "Password")
        #expect(message == "Too many attempts. Try again in 24 hours.")
    }

    @Test("Retry-After headers 1e19 and 0x10 show no number on 429, and read as messages on 503 and 400",
          arguments: [429, 503, 400])
    func hugeRetryAfterHeader(status: Int) {
        for value in ["1e19", "0x10"] {
            let response = HTTPResponse(status: status, headers: ["Retry-After": value], body: Data())
            let error = ThunderIDError.server(ServerError(response: response))
            let message = DefaultErrorMessageMapping().message(for: error, strings: .english, credential: "Password")
            #expect(!message.isEmpty)
            #expect(!message.contains("9223372036854775807") && !message.contains("16 seconds"), "\(value): \(message)")
            if status == 429 { #expect(message == "Too many attempts. Wait a moment and try again.", "\(value)") }
            #expect(!error.description.isEmpty)
        }
    }

    @Test("Whole Retry-After seconds round up, and are absent for non-finite values and values past one day")
    func wholeSeconds() {
        #expect(ServerError(status: 429, retryAfter: 29.2).retryAfterWholeSeconds == 30)
        #expect(ServerError(status: 429, retryAfter: 0).retryAfterWholeSeconds == 0)
        #expect(ServerError(status: 429, retryAfter: -3).retryAfterWholeSeconds == 0)
        #expect(ServerError(status: 429, retryAfter: 86_400).retryAfterWholeSeconds == 86_400)
        #expect(ServerError(status: 429, retryAfter: 86_400.1).retryAfterWholeSeconds == nil)
        #expect(ServerError(status: 429, retryAfter: 1e300).retryAfterWholeSeconds == nil)
        #expect(ServerError(status: 429, retryAfter: .infinity).retryAfterWholeSeconds == nil)
        #expect(ServerError(status: 429, retryAfter: .nan).retryAfterWholeSeconds == nil)
        #expect(ServerError(status: 429).retryAfterWholeSeconds == nil)
    }

    @Test("Specific messages differ from each other")
    func distinct() {
        let messages = Self.cases.map { DefaultErrorMessageMapping().messageKey(for: $0.0) }
        #expect(Set(messages).count >= 17)
    }

    @Test("A custom mapping re-routes errors through the same strings table")
    func customMapping() {
        struct Everything: ErrorMessageMapping {
            func messageKey(for error: ThunderIDError) -> ChangeCredentialStrings.Key { .errorGeneric }
        }
        #expect(Everything().message(for: .transport(.offline), strings: .english, credential: "PIN")
                == "An error occurred while updating your PIN. Please try again.")
    }
}

@Suite("Honest 400 messages")
struct HonestBadRequestTests {
    @Test("USR-1001 and USR-1017 are not the user's fault: no 'choose a different one', and fieldError belongs to the form",
          arguments: ["USR-1001", "USR-1017"])
    func notTheUsersFault(code: String) {
        let error = ThunderIDError.server(ServerError(status: 400, code: code))
        let message = DefaultErrorMessageMapping().message(for: error, strings: .english, credential: "PIN")
        #expect(!message.localizedCaseInsensitiveContains("choose"))
        #expect(message.contains("PIN") && message.contains("support"))
        #expect(CredentialField.field(for: error) == .form)
    }

    @Test("USR-1024 (the value was refused) asks for another value and belongs to the new-value field")
    func valueRefused() {
        let error = ThunderIDError.server(ServerError(status: 400, code: "USR-1024"))
        #expect(DefaultErrorMessageMapping().messageKey(for: error) == .errorCredentialNotAccepted)
        #expect(CredentialField.field(for: error) == .new)
        #expect(CredentialField.field(for: .server(ServerError(status: 500, code: "SSE-5000"))) == .form)
        #expect(CredentialField.field(for: .transport(.offline)) == .form)
    }
}
