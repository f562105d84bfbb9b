import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One answer as `URLSession` delivers it to a data delegate: the response (status and headers),
/// then the body in pieces (already content-decoded by `URLSession`), then completion.
///
/// The status and headers are kept as they arrive with the response, so fields that come after the
/// body (trailers) never become headers. A 2xx answer to a request whose 2xx body is ignored ends
/// there. The pieces go through a ``ResponseBodyAccumulator``; the first piece that passes the cap for
/// the answer's status ends the answer early: ``ThunderIDError/responseTooLarge(limit:)`` for a 2xx,
/// the status and headers with an empty body for any other. Where the answer ends early the owner
/// cancels the task.
struct StreamingResponse {
    private let successLimit: Int
    private let errorLimit: Int
    private let successBody: HTTPRequest.SuccessBody
    private var head: (status: Int, headers: [String: String])?
    private var accumulator: ResponseBodyAccumulator?

    /// An answer to `request`, with its caps and what it does with a 2xx body.
    init(for request: HTTPRequest) {
        successLimit = request.maximumResponseBytes
        errorLimit = request.maximumErrorResponseBytes
        successBody = request.successBody
    }

    /// The response arrived, before any of its body; returns the outcome when the answer ends here
    /// (a 2xx whose body is ignored, or an answer that is not HTTP), `nil` to read the body.
    mutating func begin(_ response: URLResponse?) -> Result<HTTPResponse, ThunderIDError>? {
        guard let http = response as? HTTPURLResponse else {
            return .failure(.transport(.other("the answer was not an HTTP response")))
        }
        let headers = Self.headers(of: http)
        head = (http.statusCode, headers)
        accumulator = ResponseBodyAccumulator(status: http.statusCode, successLimit: successLimit, errorLimit: errorLimit)
        if successBody == .ignored, (200..<300).contains(http.statusCode) {
            return .success(HTTPResponse(status: http.statusCode, headers: headers))
        }
        return nil
    }

    /// Adds a piece of the body of `response`; returns the outcome when the answer ends here (the
    /// transfer must stop), `nil` to keep reading.
    mutating func receive(_ piece: Data, of response: URLResponse?) -> Result<HTTPResponse, ThunderIDError>? {
        if head == nil, let ended = begin(response) {
            return ended
        }
        guard let head else { return nil }
        switch accumulator?.append(piece) {
        case .tooLarge(let limit):
            return .failure(.responseTooLarge(limit: limit))
        case .dropped:
            return .success(HTTPResponse(status: head.status, headers: head.headers))
        case .reading, nil:
            return nil
        }
    }

    /// The outcome once the task completed with `error` (or without one) and `response`.
    func complete(response: URLResponse?, error: (any Error)?) -> Result<HTTPResponse, ThunderIDError> {
        if let error {
            return .failure(.transport(TransportFailure(error)))
        }
        if let head {
            return .success(HTTPResponse(status: head.status, headers: head.headers, body: accumulator?.body ?? Data()))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.transport(.other("the answer was not an HTTP response")))
        }
        return .success(HTTPResponse(status: http.statusCode, headers: Self.headers(of: http)))
    }

    static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = .init()
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return headers
    }
}
