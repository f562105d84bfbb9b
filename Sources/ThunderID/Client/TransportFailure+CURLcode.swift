#if canImport(CCurl)
import CCurl

extension TransportFailure {
    /// Classifies a libcurl failure by its meaning in `libcurl-errors`: resolve or connect →
    /// ``offline``, timed out → ``timeout``, TLS and certificate failures → ``tls``, aborted by callback
    /// → ``cancelled``, nothing or part received, send/receive or HTTP/2 errors, a weird reply →
    /// ``connectionLost``, anything else → ``other(_:)`` with libcurl's fixed text. `CurlTransfer`
    /// reads three codes differently first (see `CurlTransfer.failure`).
    init(curlCode code: CURLcode) {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT:
            self = .offline
        case CURLE_OPERATION_TIMEDOUT:
            self = .timeout
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED,
             CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT:
            self = .tls
        case CURLE_ABORTED_BY_CALLBACK:
            self = .cancelled
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM,
             CURLE_WEIRD_SERVER_REPLY:
            self = .connectionLost
        default:
            self = .other("libcurl error \(code.rawValue): \(String(cString: curl_easy_strerror(code)))")
        }
    }
}
#endif
