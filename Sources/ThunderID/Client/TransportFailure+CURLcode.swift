#if canImport(CCurl)
import CCurl

extension TransportFailure {
    /// Classifies a libcurl result other than success, an abort at a cap or a cancellation.
    ///
    /// - cannot resolve the host or proxy, cannot connect → ``offline``
    /// - operation timed out → ``timeout``
    /// - TLS handshake and certificate failures → ``tls``
    /// - nothing received, a receive or send failure, a body cut short, a broken HTTP/2 stream or a
    ///   reply that is not HTTP → ``connectionLost``
    /// - aborted by the progress callback → ``cancelled``
    /// - anything else → ``other(_:)`` with libcurl's code and its fixed text (never the URL or a body).
    init(curlCode code: CURLcode) {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT:
            self = .offline
        case CURLE_OPERATION_TIMEDOUT:
            self = .timeout
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED,
             CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
             CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED:
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
