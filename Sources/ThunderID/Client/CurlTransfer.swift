#if canImport(CCurl)
import CCurl
import ECMARegex
import Foundation

/// One request on one libcurl easy handle: all of ``CurlTransport``'s pointer work.
///
/// ``perform()`` runs `curl_easy_perform` on the calling thread (a thread of the transfer's own,
/// never the cooperative pool) and returns once. The handle and its header list are created and
/// freed inside ``perform()``, so they have exactly one owner. libcurl calls back on that same
/// thread: the write callback feeds the decoded body (gzip and deflate are inflated by libcurl) to a
/// ``ResponseBodyAccumulator`` and aborts the transfer at once, by returning a short count, when
/// the cap for the answer's status is passed; the progress callback aborts it when ``cancel()`` was
/// called from any thread.
final class CurlTransfer: @unchecked Sendable {
    /// The most header bytes read before the answer is refused (libcurl caps each line, not the sum).
    static let maximumHeaderBytes = 256 * 1024

    private let request: HTTPRequest
    private let cancelled = AtomicWord(0)

    // Touched only on the transfer's thread: in perform() and in the callbacks it runs.
    private var handle: UnsafeMutableRawPointer?
    private var headers: [String: String] = .init()
    private var headerBytes = 0
    private var headersTooLarge = false
    private var accumulator: ResponseBodyAccumulator?

    init(_ request: HTTPRequest) {
        self.request = request
    }

    /// Asks the transfer to stop; it ends with ``TransportFailure/cancelled`` within libcurl's
    /// progress interval (at most about a second while waiting, at once while data flows).
    func cancel() {
        cancelled.store(1)
    }

    /// Runs the request to its end; blocks the calling thread.
    func perform() -> Result<HTTPResponse, ThunderIDError> {
        guard CurlGlobal.isInitialized else { return .failure(.transport(.other("libcurl could not be initialised"))) }
        if cancelled.load() != 0 { return .failure(.transport(.cancelled)) }
        guard let handle = curl_easy_init() else { return .failure(.transport(.other("libcurl could not create a transfer"))) }
        self.handle = handle
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer {
            curl_easy_cleanup(handle)
            curl_slist_free_all(headerList)
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
        setup.append(ccurl_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList))
        setup.append(ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
        setup.append(ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0))
        setup.append(ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 1))
        setup.append(ccurl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 2))
        setup.append(ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(request.timeout)))
        // Every encoding libcurl can decode; the caps count what the write callback receives: decoded bytes.
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
        return outcome(code, handle: handle)
    }

    private func outcome(_ code: CURLcode, handle: UnsafeMutableRawPointer) -> Result<HTTPResponse, ThunderIDError> {
        if code == CURLE_WRITE_ERROR, let accumulator {
            switch accumulator.progress {
            case .tooLarge(let limit):
                return .failure(.responseTooLarge(limit: limit))
            case .dropped:
                return .success(HTTPResponse(status: Self.status(of: handle), headers: headers))
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
        guard code == CURLE_OK else { return .failure(.transport(TransportFailure(curlCode: code))) }
        let status = Self.status(of: handle)
        guard status >= 100 else { return .failure(.transport(.other("the answer was not an HTTP response"))) }
        return .success(HTTPResponse(status: status, headers: headers, body: accumulator?.body ?? Data()))
    }

    /// The write callback's work: keeps the piece, or refuses it past the cap.
    fileprivate func receiveBody(_ piece: UnsafeRawBufferPointer) -> Bool {
        if accumulator == nil {
            accumulator = ResponseBodyAccumulator(status: handle.map(Self.status(of:)) ?? 0,
                                                  successLimit: request.maximumResponseBytes,
                                                  errorLimit: request.maximumErrorResponseBytes)
        }
        return accumulator?.append(Data(piece)) == .reading
    }

    /// The header callback's work: one line, a status line starting a new answer (after a 1xx).
    fileprivate func receiveHeader(_ line: UnsafeRawBufferPointer) -> Bool {
        headerBytes += line.count
        guard headerBytes <= Self.maximumHeaderBytes else {
            headersTooLarge = true
            return false
        }
        let text = String(decoding: line, as: UTF8.self)
        if text.hasPrefix("HTTP/") {
            headers = .init()
            return true
        }
        guard let colon = text.firstIndex(of: ":") else { return true }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        if !name.isEmpty { headers[name] = value }
        return true
    }

    fileprivate var isCancelled: Bool { cancelled.load() != 0 }

    private static func status(of handle: UnsafeMutableRawPointer) -> Int {
        var status = 0
        _ = ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return status
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
private enum CurlGlobal {
    static let isInitialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK
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
