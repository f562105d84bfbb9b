import Foundation

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
    /// Fills the template of ``messageKey(for:)``: `{seconds}` is a 429's `Retry-After` rounded up
    /// (absent past one day), and `{duration}` the same wait as the system writes a duration.
    public func message(for error: ThunderIDError, strings: ChangeCredentialStrings, credential: String) -> String {
        var values: [String: String] = .init()
        if case .server(let server) = error, let seconds = server.retryAfterWholeSeconds {
            values["seconds"] = String(seconds)
            values["duration"] = RetryAfterWording.duration(seconds: seconds, locale: strings.locale)
        }
        return strings.text(messageKey(for: error), credential: credential, values: values)
    }
}

/// How a 429's wait reads: nothing for a wait of 0 (a `Retry-After` of 0 or a past date), whole
/// seconds up to ``longestInSeconds``, minutes and hours beyond.
package enum RetryAfterWording {
    /// The longest wait written in seconds ("Try again in 90 seconds.").
    package static let longestInSeconds = 90

    /// `seconds` as Foundation's `Duration.UnitsFormatStyle` writes it for `locale`: in seconds up
    /// to ``longestInSeconds``, else in hours and minutes, rounded up so the user never retries early.
    package static func duration(seconds: Int, locale: Locale) -> String {
        guard seconds > longestInSeconds else {
            return Duration.seconds(seconds).formatted(.units(allowed: [.seconds], width: .wide).locale(locale))
        }
        let minutes = seconds / 60 + (seconds % 60 == 0 ? 0 : 1)
        return Duration.seconds(minutes * 60)
            .formatted(.units(allowed: [.hours, .minutes], width: .wide, maximumUnitCount: 2).locale(locale))
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
        case 429:
            // A wait of 0 names no number: "Try again in 0 seconds" reads wrong in every language.
            guard let retryAfter, retryAfter > 0 else { return .errorTooManyAttempts }
            return retryAfter <= RetryAfterWording.longestInSeconds
                ? .errorTooManyAttemptsRetryAfter : .errorTooManyAttemptsRetryAfterDuration
        case 500...599: return .errorServer
        default: return .errorGeneric
        }
    }
}
