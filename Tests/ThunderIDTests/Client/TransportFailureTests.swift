import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import ThunderID

/// URLError codes map to transport failures, one code at a time.
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

    #if canImport(FoundationNetworking)
    @Test("On Linux, curl's texts behind URLError.unknown are classified", arguments: [
        ("transfer closed with 144 bytes remaining to read", TransportFailure.connectionLost),
        ("OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number", .tls),
        ("SSL certificate problem: self-signed certificate", .tls),
        ("Something else entirely", .other("URL error -1")),
    ])
    func curlTexts(text: String, expected: TransportFailure) {
        let underlying = NSError(domain: NSURLErrorDomain, code: -1, userInfo: [NSLocalizedDescriptionKey: text])
        let error = URLError(.unknown, userInfo: [NSUnderlyingErrorKey: underlying, NSLocalizedDescriptionKey: text])
        #expect(TransportFailure(error) == expected)
    }
    #endif
}
