import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``HTTPTransport`` on `URLSession`: an ephemeral session with no cache and no cookies.
///
/// Task cancellation cancels the underlying data task and throws
/// ``TransportFailure/cancelled``; the request's ``HTTPRequest/timeout`` becomes the
/// `URLRequest` timeout and is also enforced as an overall deadline, so a server that accepts
/// the connection and never answers still yields ``TransportFailure/timeout``. Redirects are
/// not followed: a 3xx comes back as a response, so a credential body is never re-sent to
/// another location.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// A transport with its own ephemeral session.
    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Sends `request` on the session; see the type's documentation for timeouts and cancellation.
    public func send(_ request: HTTPRequest) async throws(ThunderIDError) -> HTTPResponse {
        if Task.isCancelled { throw .transport(.cancelled) }
        let urlRequest = Self.urlRequest(for: request)
        let handle = DataTaskHandle()
        let outcome: Result<HTTPResponse, ThunderIDError> = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, ThunderIDError>, Never>) in
                let once = ResumeOnce(continuation)
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    handle.finish()
                    once.resume(with: Self.outcome(data: data, response: response, error: error))
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
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return .success(HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
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
