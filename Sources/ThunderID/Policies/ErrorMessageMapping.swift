/// Chooses the user-visible message for a failure.
///
/// Implement ``messageKey(for:)`` to re-route errors to other strings, or ``message(for:strings:credential:)``
/// to build the text yourself.
public protocol ErrorMessageMapping: Sendable {
    /// The strings-table key for `error`.
    func messageKey(for error: ThunderIDError) -> ChangeCredentialStrings.Key
    /// The message for `error`, with placeholders filled.
    func message(for error: ThunderIDError, strings: ChangeCredentialStrings, credential: String) -> String
}

extension ErrorMessageMapping {
    /// Fills the template of ``messageKey(for:)``; `{seconds}` is a 429's `Retry-After`, rounded up
    /// (`ServerError.retryAfterWholeSeconds`: absent past one day), so no header value can trap.
    public func message(for error: ThunderIDError, strings: ChangeCredentialStrings, credential: String) -> String {
        var values: [String: String] = .init()
        if case .server(let server) = error, let seconds = server.retryAfterWholeSeconds {
            values["seconds"] = String(seconds)
        }
        return strings.text(messageKey(for: error), credential: credential, values: values)
    }
}

/// The default mapping, by HTTP status and ThunderID error code (see the server contract).
public struct DefaultErrorMessageMapping: ErrorMessageMapping {
    /// Creates the mapping.
    public init() {}

    public func messageKey(for error: ThunderIDError) -> ChangeCredentialStrings.Key {
        switch error {
        case .server(let server):
            return key(status: server.status, code: server.code, retryAfter: server.retryAfterWholeSeconds)
        case .transport(let failure):
            switch failure {
            case .offline: return .errorOffline
            case .timeout: return .errorTimeout
            case .tls: return .errorTLS
            case .cancelled: return .errorCancelled
            case .connectionLost: return .errorConnectionLost
            case .other: return .errorGeneric
            }
        // Sent, unanswered: the change may have been applied, whatever stopped the answer.
        case .updateUnconfirmed: return .errorUpdateUnconfirmed
        // A body past the client's cap is an answer it cannot use, like one that breaks the contract.
        case .decoding, .responseTooLarge: return .errorDecoding
        case .configuration: return .errorConfiguration
        case .tokenUnavailable: return .errorTokenUnavailable
        }
    }

    /// `retryAfter` is the usable wait in whole seconds: without one, the message names no number.
    private func key(status: Int, code: String?, retryAfter: Int?) -> ChangeCredentialStrings.Key {
        switch status {
        case 400:
            switch code {
            // The request could not be read, or carried no value: the app's fault, not the user's.
            case "USR-1001": return .errorMalformedRequest
            case "USR-1017": return .errorMissingValue
            // The account is declarative (read-only).
            case "USR-1025": return .errorNotAllowed
            // USR-1024 and anything else: the value was refused.
            default: return .errorCredentialNotAccepted
            }
        case 401: return .errorSessionExpired
        case 403: return code == "USR-1029" ? .errorCurrentValueRequired : .errorNotAllowed
        case 404: return .errorAccountNotFound
        case 429: return retryAfter == nil ? .errorTooManyAttempts : .errorTooManyAttemptsRetryAfter
        case 500...599: return .errorServer
        default: return .errorGeneric
        }
    }
}
