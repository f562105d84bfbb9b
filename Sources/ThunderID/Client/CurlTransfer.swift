#if canImport(CCurl)
import CCurl
import ECMARegex
import Foundation

/// One request on one libcurl easy handle: all of ``CurlTransport``'s pointer work.
///
/// ``perform()`` creates, runs and frees the handle on the calling worker thread, where libcurl also
/// calls back: headers go to a ``ResponseHeadReader``, the decoded body to a
/// ``ResponseBodyAccumulator`` (a short count aborts the transfer at a cap), and the progress
/// callback aborts it after ``cancel()``. No proxy is ever used, whatever the environment says.
final class CurlTransfer: @unchecked Sendable {
    /// The most header bytes read before the answer is refused (libcurl caps each line, not the sum).
    static let maximumHeaderBytes = 256 * 1024

    /// `scheme://host:port` of the request: what ``CurlTransferGate`` bounds transfers per.
    let hostKey: String

    private let request: HTTPRequest
    private let deadline: ContinuousClock.Instant
    private let cancelled = AtomicWord(0)

    // Touched only on the transfer's thread: in perform() and in the callbacks it runs.
    private var handle: UnsafeMutableRawPointer?
    private var head = ResponseHeadReader(maximumBytes: CurlTransfer.maximumHeaderBytes)
    private var headersTooLarge = false
    private var endedAtSuccessStatus: Int?
    private var accumulator: ResponseBodyAccumulator?

    init(_ request: HTTPRequest, deadline: ContinuousClock.Instant) {
        self.request = request
        self.deadline = deadline
        hostKey = Self.hostKey(of: request.url)
    }

    /// `scheme://host:port`, lower-cased, with the scheme's default port when the URL has none.
    static func hostKey(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    /// Asks the transfer to stop; it ends with ``TransportFailure/cancelled`` within libcurl's progress
    /// interval (about a second at most).
    func cancel() {
        cancelled.store(1)
    }

    /// Runs the request to its end; blocks the calling thread.
    func perform() -> Result<HTTPResponse, ThunderIDError> {
        guard CurlGlobal.isInitialized else { return .failure(.transport(.other("libcurl could not be initialised"))) }
        if cancelled.load() != 0 { return .failure(.transport(.cancelled)) }
        // Time spent waiting for a turn counts: the request has what is left of its deadline.
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { return .failure(.transport(.timeout)) }
        guard let handle = curl_easy_init() else { return .failure(.transport(.other("libcurl could not create a transfer"))) }
        self.handle = handle
        var headerList: UnsafeMutablePointer<curl_slist>?
        let socketError = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        socketError.initialize(to: 0)
        defer {
            curl_easy_cleanup(handle)
            curl_slist_free_all(headerList)
            socketError.deallocate()
            self.handle = nil
        }
        for (name, value) in request.headers {
            guard Self.isSafeHeaderText(name), Self.isSafeHeaderText(value) else {
                return .failure(.transport(.other("a request header holds a line break or a NUL")))
            }
            headerList = curl_slist_append(headerList, "\(name): \(value)")
        }
        // No `Expect: 100-continue` wait before a body.
        headerList = curl_slist_append(headerList, "Expect:")
        let context = Unmanaged.passUnretained(self).toOpaque()
        var setup = [CURLcode]()
        setup.append(request.url.absoluteString.withCString { ccurl_setopt_pointer(handle, CURLOPT_URL, $0) })
        setup.append(ccurl_allow_only_http(handle))
        // No proxy, even when the environment names one: "" disables proxies, "*" exempts every host.
        setup.append("".withCString { ccurl_setopt_pointer(handle, CURLOPT_PROXY, $0) })
        setup.append("*".withCString { ccurl_setopt_pointer(handle, CURLOPT_NOPROXY, $0) })
        setup.append(ccurl_open_sockets_recording_errors(handle, socketError))
        setup.append(ccurl_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList))
        setup.append(ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
        setup.append(ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0))
        setup.append(ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1))
        setup.append(ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2))
        setup.append(ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(remaining)))
        // Every encoding libcurl can decode; the caps count the decoded bytes.
        setup.append("".withCString { ccurl_setopt_pointer(handle, CURLOPT_ACCEPT_ENCODING, $0) })
        setup.append(ccurl_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, curlWriteBody))
        setup.append(ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, context))
        setup.append(ccurl_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, curlWriteHeader))
        setup.append(ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, context))
        setup.append(ccurl_setopt_progress_callback(handle, CURLOPT_XFERINFOFUNCTION, curlProgress))
        setup.append(ccurl_setopt_pointer(handle, CURLOPT_XFERINFODATA, context))
        setup.append(ccurl_setopt_long(handle, CURLOPT_NOPROGRESS, 0))
        switch request.method {
        case .get:
            setup.append(ccurl_setopt_long(handle, CURLOPT_HTTPGET, 1))
        case .post:
            let body = request.body ?? Data()
            setup.append(ccurl_setopt_long(handle, CURLOPT_POST, 1))
            setup.append(ccurl_setopt_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
            // libcurl copies the bytes, so the buffer need only live for this call.
            setup.append(body.withUnsafeBytes { bytes in
                ccurl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, bytes.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start))
            })
        }
        if let failed = setup.first(where: { $0 != CURLE_OK }) {
            return .failure(.transport(TransportFailure(curlCode: failed)))
        }
        let code = curl_easy_perform(handle)
        return outcome(code, handle: handle, socketError: socketError.pointee)
    }

    private func outcome(_ code: CURLcode, handle: UnsafeMutableRawPointer, socketError: Int32) -> Result<HTTPResponse, ThunderIDError> {
        // A 2xx whose body is ignored: the transfer was stopped there on purpose.
        if let status = endedAtSuccessStatus {
            return .success(HTTPResponse(status: status))
        }
        if code == CURLE_WRITE_ERROR, let accumulator {
            switch accumulator.progress {
            case .tooLarge(let limit):
                return .failure(.responseTooLarge(limit: limit))
            case .dropped:
                return .success(HTTPResponse(status: head.status ?? Self.status(of: handle), headers: head.headers))
            case .reading:
                break
            }
        }
        if code == CURLE_WRITE_ERROR, headersTooLarge {
            return .failure(.transport(.other("the answer's headers are larger than the \(Self.maximumHeaderBytes) bytes the client reads")))
        }
        if code == CURLE_ABORTED_BY_CALLBACK {
            return .failure(.transport(.cancelled))
        }
        if code != CURLE_OK, let failure = Self.failure(code, socketError: socketError, requestSent: Self.requestSize(of: handle) > 0,
                                                       headersEnded: head.headersEnded) {
            return .failure(.transport(failure))
        }
        guard code == CURLE_OK else { return .failure(.transport(TransportFailure(curlCode: code))) }
        let status = head.status ?? Self.status(of: handle)
        guard status >= 100 else { return .failure(.transport(.other("the answer was not an HTTP response"))) }
        return .success(HTTPResponse(status: status, headers: head.headers, body: accumulator?.body ?? Data()))
    }

    /// What a failure means when its code alone does not say (`nil`: classify by the code): no file
    /// descriptor for `socket()` is a resource shortage, not offline; an unsupported protocol after the
    /// request was sent is a reply that is not HTTP/1.x; out of memory while reading headers is a header
    /// line over libcurl's 100 KiB.
    static func failure(_ code: CURLcode, socketError: Int32, requestSent: Bool, headersEnded: Bool) -> TransportFailure? {
        switch code {
        case CURLE_COULDNT_CONNECT where socketError == EMFILE || socketError == ENFILE:
            let scope = socketError == EMFILE ? "this process has" : "the system has"
            return .other("no connection could be opened: \(scope) no file descriptor left")
        case CURLE_UNSUPPORTED_PROTOCOL where requestSent:
            return .connectionLost
        case CURLE_OUT_OF_MEMORY where requestSent && !headersEnded:
            return .other("the answer has a header line longer than the 100 KiB libcurl reads")
        default:
            return nil
        }
    }

    /// The header callback's work: one line of the answer's head (or a trailer).
    fileprivate func receiveHeader(_ line: UnsafeRawBufferPointer) -> Bool {
        switch head.read(line) {
        case .reading:
            return true
        case .tooLarge:
            headersTooLarge = true
            return false
        case .finalStatus(let status):
            guard request.successBody == .ignored, (200..<300).contains(status) else { return true }
            endedAtSuccessStatus = status
            return false
        }
    }

    /// The write callback's work: keeps the piece, or refuses it past the cap.
    fileprivate func receiveBody(_ piece: UnsafeRawBufferPointer) -> Bool {
        if accumulator == nil {
            accumulator = ResponseBodyAccumulator(status: head.status ?? handle.map(Self.status(of:)) ?? 0,
                                                  successLimit: request.maximumResponseBytes,
                                                  errorLimit: request.maximumErrorResponseBytes)
        }
        return accumulator?.append(Data(piece)) == .reading
    }

    fileprivate var isCancelled: Bool { cancelled.load() != 0 }

    private static func status(of handle: UnsafeMutableRawPointer) -> Int {
        var status = 0
        _ = ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return status
    }

    private static func requestSize(of handle: UnsafeMutableRawPointer) -> Int {
        var size = 0
        _ = ccurl_getinfo_long(handle, CURLINFO_REQUEST_SIZE, &size)
        return size
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let milliseconds = duration.timeInterval * 1000
        guard milliseconds.isFinite else { return Int(Int32.max) }
        return Int(min(max(milliseconds.rounded(.up), 1), Double(Int32.max)))
    }

    private static func isSafeHeaderText(_ text: String) -> Bool {
        !text.utf8.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0 }
    }
}

/// `curl_global_init`, once per process before the first handle (it must not race other libcurl calls).
enum CurlGlobal {
    /// Whether libcurl is initialised, and whether `SSLKEYLOGFILE` named a file then (libcurl would
    /// write every later TLS session's secrets there).
    private static let initialization: (succeeded: Bool, keyLogFileWasSet: Bool) = {
        let keyLogFileWasSet = keyLogFileIsSet
        return (curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK, keyLogFileWasSet)
    }()

    /// Initialises libcurl if it is not yet; whether it is.
    static var isInitialized: Bool { initialization.succeeded }

    /// Whether TLS secrets may be written to a key log file, now or as of initialisation.
    static var writesTLSSecrets: Bool {
        initialization.keyLogFileWasSet || keyLogFileIsSet
    }

    private static var keyLogFileIsSet: Bool {
        guard let value = getenv("SSLKEYLOGFILE") else { return false }
        return value.pointee != 0
    }
}

private let curlWriteBody: ccurl_data_callback = { buffer, size, count, context in
    let length = size * count
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receiveBody(UnsafeRawBufferPointer(start: buffer, count: buffer == nil ? 0 : length)) ? length : 0
}

private let curlWriteHeader: ccurl_data_callback = { buffer, size, count, context in
    let length = size * count
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receiveHeader(UnsafeRawBufferPointer(start: buffer, count: buffer == nil ? 0 : length)) ? length : 0
}

private let curlProgress: ccurl_progress_callback = { context, _, _, _, _ in
    guard let context else { return 1 }
    return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
}
#endif
