import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension TransportFailure {
    /// Classifies an error from `URLSession` (see ``init(urlErrorCode:)``); anything not a `URLError` is
    /// ``other(_:)`` with its domain and code, never the URL or a body.
    package init(_ error: any Error) {
        if error is CancellationError {
            self = .cancelled
            return
        }
        guard let urlError = error as? URLError else {
            let nsError = error as NSError
            self = .other("\(nsError.domain) error \(nsError.code)")
            return
        }
        #if canImport(FoundationNetworking)
        // corelibs Foundation reports some curl failures as `.unknown` with curl's text alone.
        if urlError.code == .unknown, let failure = Self.classifyCurlText(urlError) {
            self = failure
            return
        }
        #endif
        self = TransportFailure(urlErrorCode: urlError.code)
    }

    #if canImport(FoundationNetworking)
    /// A body cut short is a lost connection; a TLS or certificate failure is ``tls``.
    private static func classifyCurlText(_ error: URLError) -> TransportFailure? {
        var texts = [error.localizedDescription]
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError {
            texts.append(underlying.localizedDescription)
        }
        if texts.contains(where: { $0.contains("transfer closed with") && $0.contains("remaining to read") }) {
            return .connectionLost
        }
        if texts.contains(where: { $0.contains("SSL") || $0.contains("TLS") || $0.localizedCaseInsensitiveContains("certificate") }) {
            return .tls
        }
        return nil
    }
    #endif

    /// Classifies a `URLError` code: no route → ``offline``, `timedOut` → ``timeout``, secure-connection
    /// and certificate errors → ``tls``, cancellations → ``cancelled``, a lost connection or truncated
    /// answer → ``connectionLost``, anything else → ``other(_:)`` with the code.
    package init(urlErrorCode code: URLError.Code) {
        switch code {
        case .notConnectedToInternet, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
             .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            self = .offline
        case .timedOut:
            self = .timeout
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
             .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
             .clientCertificateRequired, .appTransportSecurityRequiresSecureConnection:
            self = .tls
        case .cancelled, .userCancelledAuthentication:
            self = .cancelled
        case .networkConnectionLost, .zeroByteResource, .cannotParseResponse, .badServerResponse:
            self = .connectionLost
        default:
            self = .other("URL error \(code.rawValue)")
        }
    }
}
