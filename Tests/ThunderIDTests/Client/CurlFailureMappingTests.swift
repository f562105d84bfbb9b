// Linux only: libcurl's codes.
#if canImport(CCurl)
import CCurl
import Foundation
import Glibc
import Testing
@testable import ThunderID

/// libcurl's result codes read as the documented transport failures.
@Suite("libcurl results as transport failures")
struct CurlFailureMappingTests {
    @Test("Each code maps as its entry in libcurl's error list says", arguments: [
        (CURLE_COULDNT_RESOLVE_HOST, TransportFailure.offline),
        (CURLE_COULDNT_RESOLVE_PROXY, .offline),
        (CURLE_COULDNT_CONNECT, .offline),
        (CURLE_OPERATION_TIMEDOUT, .timeout),
        (CURLE_SSL_CONNECT_ERROR, .tls),
        (CURLE_PEER_FAILED_VERIFICATION, .tls),
        (CURLE_SSL_CACERT_BADFILE, .tls),
        (CURLE_SSL_PINNEDPUBKEYNOTMATCH, .tls),
        (CURLE_ABORTED_BY_CALLBACK, .cancelled),
        (CURLE_GOT_NOTHING, .connectionLost),
        (CURLE_RECV_ERROR, .connectionLost),
        (CURLE_SEND_ERROR, .connectionLost),
        (CURLE_PARTIAL_FILE, .connectionLost),
        (CURLE_HTTP2, .connectionLost),
        (CURLE_HTTP2_STREAM, .connectionLost),
        (CURLE_WEIRD_SERVER_REPLY, .connectionLost),
        // FTP's "requested SSL level failed" is no TLS failure of an HTTP transfer.
        (CURLE_USE_SSL_FAILED, .other("libcurl error 64: Requested SSL level failed")),
        (CURLE_BAD_CONTENT_ENCODING, .other("libcurl error 61: Unrecognized or bad HTTP Content or Transfer-Encoding")),
    ])
    func codes(code: CURLcode, expected: TransportFailure) {
        #expect(TransportFailure(curlCode: code) == expected)
    }

    @Test("Codes whose meaning depends on how far the transfer got")
    func inContext() {
        let noDescriptor = "no connection could be opened: this process has no file descriptor left"
        #expect(CurlTransfer.failure(CURLE_COULDNT_CONNECT, socketError: EMFILE, requestSent: false, headersEnded: false)
                == .other(noDescriptor))
        #expect(CurlTransfer.failure(CURLE_COULDNT_CONNECT, socketError: ENFILE, requestSent: false, headersEnded: false)
                == .other("no connection could be opened: the system has no file descriptor left"))
        #expect(CurlTransfer.failure(CURLE_COULDNT_CONNECT, socketError: 0, requestSent: false, headersEnded: false) == nil)
        #expect(CurlTransfer.failure(CURLE_UNSUPPORTED_PROTOCOL, socketError: 0, requestSent: true, headersEnded: false) == .connectionLost)
        #expect(CurlTransfer.failure(CURLE_UNSUPPORTED_PROTOCOL, socketError: 0, requestSent: false, headersEnded: false) == nil)
        #expect(CurlTransfer.failure(CURLE_OUT_OF_MEMORY, socketError: 0, requestSent: true, headersEnded: false)
                == .other("the answer has a header line longer than the 100 KiB libcurl reads"))
        #expect(CurlTransfer.failure(CURLE_OUT_OF_MEMORY, socketError: 0, requestSent: true, headersEnded: true) == nil)
        #expect(CurlTransfer.failure(CURLE_OUT_OF_MEMORY, socketError: 0, requestSent: false, headersEnded: false) == nil)
    }
}
#endif
