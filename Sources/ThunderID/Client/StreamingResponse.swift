import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One answer as `URLSession` delivers it to a data delegate: the response, then the body in pieces
/// (already content-decoded by `URLSession`), then completion.
///
/// The pieces go through a ``ResponseBodyAccumulator``. The first piece that passes the cap for the
/// answer's status ends the answer early: ``ThunderIDError/responseTooLarge(limit:)`` for a 2xx, the
/// status and headers with an empty body for any other. The owner then cancels the task.
struct StreamingResponse {
    private let successLimit: Int
    private let errorLimit: Int
    private var accumulator: ResponseBodyAccumulator?

    /// An answer to a request with `request`'s caps.
    init(capsOf request: HTTPRequest) {
        successLimit = request.maximumResponseBytes
        errorLimit = request.maximumErrorResponseBytes
    }

    /// Adds a piece of the body of `response`; returns the outcome when the piece passed the cap (the
    /// transfer must stop), `nil` to keep reading.
    mutating func receive(_ piece: Data, of response: URLResponse?) -> Result<HTTPResponse, ThunderIDError>? {
        guard let http = response as? HTTPURLResponse else {
            return .failure(.transport(.other("the answer was not an HTTP response")))
        }
        if accumulator == nil {
            accumulator = ResponseBodyAccumulator(status: http.statusCode, successLimit: successLimit, errorLimit: errorLimit)
        }
        switch accumulator?.append(piece) {
        case .tooLarge(let limit):
            return .failure(.responseTooLarge(limit: limit))
        case .dropped:
            return .success(HTTPResponse(status: http.statusCode, headers: Self.headers(of: http)))
        case .reading, nil:
            return nil
        }
    }

    /// The outcome once the task completed with `error` (or without one) and `response`.
    func complete(response: URLResponse?, error: (any Error)?) -> Result<HTTPResponse, ThunderIDError> {
        if let error {
            return .failure(.transport(TransportFailure(error)))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.transport(.other("the answer was not an HTTP response")))
        }
        return .success(HTTPResponse(status: http.statusCode, headers: Self.headers(of: http), body: accumulator?.body ?? Data()))
    }

    static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = .init()
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return headers
    }
}
