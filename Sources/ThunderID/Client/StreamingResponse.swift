import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One answer as `URLSession` hands it to a data delegate: the response, the body in content-decoded
/// pieces, then completion. Headers are those that came with the status (never trailers); the body
/// goes through a ``ResponseBodyAccumulator``, and where the answer ends early the owner cancels the task.
struct StreamingResponse {
    private let successLimit: Int
    private let errorLimit: Int
    private let successBody: HTTPRequest.SuccessBody
    private var head: (status: Int, headers: [String: String])?
    private var accumulator: ResponseBodyAccumulator?

    init(for request: HTTPRequest) {
        successLimit = request.maximumResponseBytes
        errorLimit = request.maximumErrorResponseBytes
        successBody = request.successBody
    }

    /// The response arrived; the outcome when the answer ends here (an ignored 2xx body, or not HTTP),
    /// `nil` to read the body.
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

    /// Adds a piece of the body; the outcome when the transfer must stop, `nil` to keep reading.
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
