import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import ThunderID

/// URLError codes map to the transport failures the issue lists.
@Suite("Transport failures")
struct TransportFailureTests {
    @Test("URLError codes map to distinct failures", arguments: [
        (URLError.Code.notConnectedToInternet, TransportFailure.offline),
        (.cannotConnectToHost, .offline),
        (.cannotFindHost, .offline),
        (.dnsLookupFailed, .offline),
        (.timedOut, .timeout),
        (.secureConnectionFailed, .tls),
        (.serverCertificateUntrusted, .tls),
        (.serverCertificateHasBadDate, .tls),
        (.serverCertificateHasUnknownRoot, .tls),
        (.serverCertificateNotYetValid, .tls),
        (.clientCertificateRejected, .tls),
        (.cancelled, .cancelled),
        (.networkConnectionLost, .connectionLost),
        (.badURL, .other("URL error -1000")),
    ])
    func mapping(code: URLError.Code, expected: TransportFailure) {
        #expect(TransportFailure(urlErrorCode: code) == expected)
        #expect(TransportFailure(URLError(code)) == expected)
    }

    @Test("Swift cancellation is .cancelled; other errors name their domain and code only")
    func otherErrors() {
        #expect(TransportFailure(CancellationError()) == .cancelled)
        let failure = TransportFailure(NSError(domain: "Custom", code: 7, userInfo: [NSLocalizedDescriptionKey: "secret-ish text"]))
        #expect(failure == .other("Custom error 7"))
    }
}
