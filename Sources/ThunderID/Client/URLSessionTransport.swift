// Compiled on Linux only in the Apple-path check, whose stand-in `os` module makes `canImport(os)` true.
#if !canImport(CCurl) || canImport(os)
import ECMARegex
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``HTTPTransport`` on an ephemeral `URLSession` with no cache and no cookies: the transport on
/// Apple platforms. (On Linux, corelibs' `URLSession` traps on trailer fields; `CurlTransport` is used.)
///
/// Bodies stream through a data delegate (``StreamingResponse``), which cancels the task at a cap or
/// at an ignored 2xx body. The request's timeout is the `URLRequest` timeout and an overall
/// deadline too. Redirects are not followed, so a credential body is never re-sent elsewhere.
package final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let streams: StreamingSessionDelegate

    package init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        streams = StreamingSessionDelegate()
        session = URLSession(configuration: configuration, delegate: streams, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    package func send(_ request: HTTPRequest) async throws(ThunderIDError) -> HTTPResponse {
        if Task.isCancelled { throw .transport(.cancelled) }
        if let oversized = request.oversizedHeaders { throw oversized }
        let urlRequest = Self.urlRequest(for: request)
        let handle = DataTaskHandle()
        let streams = streams
        let session = session
        let completion = TransferCompletion()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                completion.wait(continuation)
                let task = session.dataTask(with: urlRequest)
                streams.register(task, for: request) { outcome in
                    handle.finish()
                    completion.finish(outcome)
                }
                handle.start(task, deadline: request.timeout) {
                    completion.finish(.failure(.transport(.timeout)))
                }
            }
        } onCancel: {
            handle.cancel()
        }
        return try completion.outcome.get()
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
}

/// Streams each task's answer through a ``StreamingResponse``, cancels the task where it ends early,
/// and refuses every redirect.
private final class StreamingSessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Pending {
        var response: StreamingResponse
        let completion: @Sendable (Result<HTTPResponse, ThunderIDError>) -> Void
    }

    private let pending = Locked<[Int: Pending]>(.init())

    /// Reads `task`'s answer as `request` says; `completion` runs once, with the outcome.
    func register(_ task: URLSessionDataTask, for request: HTTPRequest,
                  completion: @escaping @Sendable (Result<HTTPResponse, ThunderIDError>) -> Void) {
        pending.withLock { $0[task.taskIdentifier] = Pending(response: StreamingResponse(for: request), completion: completion) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        guard let (entry, outcome) = step(dataTask, { $0.begin(response) }) else {
            completionHandler(.allow)
            return
        }
        completionHandler(.cancel)
        entry.completion(outcome)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let (entry, outcome) = step(dataTask, { $0.receive(data, of: dataTask.response) }) else { return }
        dataTask.cancel()
        entry.completion(outcome)
    }

    /// Applies `event` to `task`'s answer; when the answer ended, removes the entry and returns it with
    /// the outcome.
    private func step(_ task: URLSessionTask, _ event: (inout StreamingResponse) -> Result<HTTPResponse, ThunderIDError>?)
        -> (Pending, Result<HTTPResponse, ThunderIDError>)? {
        pending.withLock { pending in
            guard var entry = pending[task.taskIdentifier] else { return nil }
            guard let outcome = event(&entry.response) else {
                pending[task.taskIdentifier] = entry
                return nil
            }
            pending[task.taskIdentifier] = nil
            return (entry, outcome)
        }
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
#endif
