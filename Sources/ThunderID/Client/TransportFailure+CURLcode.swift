#if canImport(CCurl)
import CCurl

extension TransportFailure {
    /// Classifies a libcurl result other than success, an abort at a cap or a cancellation, by its
    /// meaning in libcurl's error list (`libcurl-errors`).
    ///
    /// - cannot resolve the host or proxy, cannot connect → ``offline``
    /// - operation timed out → ``timeout``
    /// - TLS handshake, certificate, CA file, CRL, issuer, pinned key and certificate status failures →
    ///   ``tls``
    /// - nothing received, a receive or send failure, a body cut short, an HTTP/2 framing or stream
    ///   error, or a reply libcurl cannot parse (`CURLE_WEIRD_SERVER_REPLY`) → ``connectionLost``
    /// - aborted by the progress callback → ``cancelled``
    /// - anything else → ``other(_:)`` with libcurl's code and its fixed text (never the URL or a body).
    ///
    /// Three codes mean something else once the request was under way, and `CurlTransfer` reads them
    /// first: could not connect because no descriptor was left (a resource shortage, not
    /// ``offline``), an unsupported protocol after the request was sent (a reply that is not
    /// HTTP/1.x: HTTP/0.9, an unknown version or a malformed status line → ``connectionLost``), and out
    /// of memory while headers were read (libcurl's answer to a header line over 100 KiB).
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
