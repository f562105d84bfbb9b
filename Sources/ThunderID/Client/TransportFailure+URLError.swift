import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension TransportFailure {
    /// Classifies an error from `URLSession`.
    ///
    /// - `notConnectedToInternet`, `cannotConnectToHost`, `cannotFindHost`, `dnsLookupFailed`
    ///   (and the other "no route" codes) → ``offline``
    /// - `timedOut` → ``timeout``
    /// - secure-connection and certificate errors → ``tls``
    /// - `cancelled` → ``cancelled``
    /// - `networkConnectionLost` and a truncated or empty answer → ``connectionLost``
    /// - anything else → ``other(_:)`` with the code (never the URL or a body).
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
        // swift-corelibs-foundation reports several curl failures as `.unknown` with curl's
        // text only: classify a body cut short and a TLS failure from that text.
        if urlError.code == .unknown, let failure = Self.classifyCurlText(urlError) {
            self = failure
            return
        }
        #endif
        self = TransportFailure(urlErrorCode: urlError.code)
    }

    #if canImport(FoundationNetworking)
    /// A body cut short (curl's "transfer closed with N bytes remaining to read") is a lost
    /// connection; an OpenSSL/TLS handshake or certificate failure is ``tls``.
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

    /// Classifies a `URLError` code; see ``init(_:)``.
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
