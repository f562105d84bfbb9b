import ECMARegex
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``HTTPTransport`` on `URLSession`: an ephemeral session with no cache and no cookies.
///
/// On Apple platforms (the default transport there) bodies are streamed through a data delegate:
/// `URLSession` decodes `Content-Encoding` before the delegate sees a byte, and the task is
/// cancelled as soon as a 2xx body passes `HTTPRequest.maximumResponseBytes`
/// (``ThunderIDError/responseTooLarge(limit:)``) or another body passes
/// `HTTPRequest.maximumErrorResponseBytes` (the answer keeps its status and headers with an empty
/// body), so an endless body or a compression bomb costs at most one cap of memory. On Linux,
/// swift-corelibs-foundation's `URLSession` cannot stop a transfer promptly (it inflates and delivers
/// without back-pressure on a queue shared by every session), so there this transport reads whole
/// bodies and `CurlTransport` is the default; the client still applies the caps to what it returns.
///
/// Task cancellation cancels the underlying data task and throws
/// ``TransportFailure/cancelled``; the request's ``HTTPRequest/timeout`` becomes the
/// `URLRequest` timeout and is also enforced as an overall deadline, so a server that accepts
/// the connection and never answers still yields ``TransportFailure/timeout``. Redirects are
/// not followed: a 3xx comes back as a response, so a credential body is never re-sent to
/// another location.
package final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    /// The data delegate that streams bodies; `nil` when whole bodies are read (Linux).
    private let streams: StreamingSessionDelegate?

    /// A transport with its own ephemeral session.
    package convenience init() {
        #if canImport(Darwin)
        self.init(streaming: true)
        #else
        self.init(streaming: false)
        #endif
    }

    /// A transport that streams bodies through a data delegate (`streaming`) or reads them whole.
    init(streaming: Bool) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        if streaming {
            let streams = StreamingSessionDelegate()
            self.streams = streams
            session = URLSession(configuration: configuration, delegate: streams, delegateQueue: nil)
        } else {
            streams = nil
            session = URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
        }
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Sends `request` on the session; see the type's documentation for timeouts and cancellation.
    package func send(_ request: HTTPRequest) async throws(ThunderIDError) -> HTTPResponse {
        if Task.isCancelled { throw .transport(.cancelled) }
        let urlRequest = Self.urlRequest(for: request)
        let handle = DataTaskHandle()
        let outcome: Result<HTTPResponse, ThunderIDError> = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, ThunderIDError>, Never>) in
                let once = ResumeOnce(continuation)
                let task: URLSessionDataTask
                if let streams {
                    task = session.dataTask(with: urlRequest)
                    streams.register(task, capsOf: request) { outcome in
                        handle.finish()
                        once.resume(with: outcome)
                    }
                } else {
                    task = session.dataTask(with: urlRequest) { data, response, error in
                        handle.finish()
                        once.resume(with: Self.outcome(data: data, response: response, error: error))
                    }
                }
                handle.start(task, deadline: request.timeout) {
                    once.resume(with: .failure(.transport(.timeout)))
                }
            }
        } onCancel: {
            handle.cancel()
        }
        return try outcome.get()
    }

    private static func urlRequest(for request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData,
                                    timeoutInterval: request.timeout.timeInterval)
        urlRequest.httpMethod = request.method.rawValue
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        urlRequest.httpBody = request.body
        return urlRequest
    }

    private static func outcome(data: Data?, response: URLResponse?, error: (any Error)?) -> Result<HTTPResponse, ThunderIDError> {
        if let error {
            return .failure(.transport(TransportFailure(error)))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.transport(.other("the answer was not an HTTP response")))
        }
        var headers: [String: String] = .init()
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return .success(HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
    }
}

/// Streams each task's body through a ``StreamingResponse`` and cancels the task at its cap; refuses
/// every redirect so the 3xx answer itself is returned.
private final class StreamingSessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Pending {
        var response: StreamingResponse
        let completion: @Sendable (Result<HTTPResponse, ThunderIDError>) -> Void
    }

    private let pending = Locked<[Int: Pending]>(.init())

    /// Reads `task`'s answer with `request`'s caps; `completion` runs once, with the outcome.
    func register(_ task: URLSessionDataTask, capsOf request: HTTPRequest,
                  completion: @escaping @Sendable (Result<HTTPResponse, ThunderIDError>) -> Void) {
        pending.withLock { $0[task.taskIdentifier] = Pending(response: StreamingResponse(capsOf: request), completion: completion) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let finished: (Pending, Result<HTTPResponse, ThunderIDError>)? = pending.withLock { pending in
            guard var entry = pending[dataTask.taskIdentifier] else { return nil }
            guard let outcome = entry.response.receive(data, of: dataTask.response) else {
                pending[dataTask.taskIdentifier] = entry
                return nil
            }
            pending[dataTask.taskIdentifier] = nil
            return (entry, outcome)
        }
        guard let (entry, outcome) = finished else { return }
        dataTask.cancel()
        entry.completion(outcome)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let entry = pending.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        guard let entry else { return }
        entry.completion(entry.response.complete(response: task.response, error: error))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}

/// Refuses every redirect so the 3xx answer itself is returned.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }
}

/// Resumes a continuation at most once (the data task, the deadline and cancellation race).
private final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Result<HTTPResponse, ThunderIDError>, Never>?

    init(_ continuation: CheckedContinuation<Result<HTTPResponse, ThunderIDError>, Never>) {
        self.continuation = continuation
    }

    func resume(with result: Result<HTTPResponse, ThunderIDError>) {
        lock.lock()
        let pending = continuation
        continuation = nil
        lock.unlock()
        pending?.resume(returning: result)
    }
}

/// Owns the data task and its deadline, so cancellation can reach both from any thread.
private final class DataTaskHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var timer: DispatchWorkItem?
    private var cancelled = false

    func start(_ task: URLSessionDataTask, deadline: Duration, onDeadline: @escaping @Sendable () -> Void) {
        let timer = DispatchWorkItem { [weak self] in
            onDeadline()
            self?.cancel()
        }
        lock.lock()
        let alreadyCancelled = cancelled
        self.task = task
        self.timer = timer
        lock.unlock()
        if alreadyCancelled {
            task.cancel()
        }
        task.resume()
        // A grace period lets URLSession report its own timeout first; the deadline is the backstop.
        DispatchQueue.global().asyncAfter(deadline: .now() + deadline.timeInterval + 0.25, execute: timer)
    }

    /// The task completed: the deadline is no longer needed.
    func finish() {
        lock.lock()
        let timer = self.timer
        self.timer = nil
        lock.unlock()
        timer?.cancel()
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        let timer = self.timer
        lock.unlock()
        timer?.cancel()
        task?.cancel()
    }
}
