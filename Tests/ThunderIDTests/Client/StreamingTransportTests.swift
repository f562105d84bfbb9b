import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import ThunderID

/// The data-delegate logic ``URLSessionTransport`` streams with on Apple platforms, fed piece by piece
/// here so it is checked on every platform.
@Suite("Streaming a URLSession answer")
struct StreamingResponseTests {
    static let url = URL(string: "https://id.example.test/users/me/meta")!

    static func response(_ status: Int, headers: [String: String] = [:]) -> HTTPURLResponse {
        HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
    }

    static func request(success: Int, error: Int, method: HTTPRequest.Method = .get) -> HTTPRequest {
        HTTPRequest(method: method, url: url, maximumResponseBytes: success, maximumErrorResponseBytes: error)
    }

    @Test("A 2xx body is read whole within its cap, and stops with responseTooLarge at the piece that passes it")
    func successCap() {
        var streaming = StreamingResponse(for: Self.request(success: 10, error: 4))
        let ok = Self.response(200, headers: ["Content-Type": "application/json"])
        #expect(streaming.begin(ok) == nil)
        #expect(streaming.receive(Data("12345".utf8), of: ok) == nil)
        #expect(streaming.receive(Data("67890".utf8), of: ok) == nil)
        #expect(streaming.complete(response: ok, error: nil)
                == .success(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data("1234567890".utf8))))
        #expect(streaming.receive(Data("x".utf8), of: ok) == .failure(.responseTooLarge(limit: 10)))
    }

    @Test("An error body past its cap ends the answer early with the status and headers and an empty body")
    func errorCap() {
        var streaming = StreamingResponse(for: Self.request(success: 10, error: 4))
        let tooMany = Self.response(429, headers: ["Retry-After": "7"])
        #expect(streaming.receive(Data("1234".utf8), of: tooMany) == nil)
        #expect(streaming.receive(Data("5".utf8), of: tooMany) == .success(HTTPResponse(status: 429, headers: ["Retry-After": "7"])))
    }

    @Test("A POST's 2xx ends at the response, before any body; its error answers and a GET's 2xx read on")
    func ignoredSuccessBody() {
        var post = StreamingResponse(for: Self.request(success: 10, error: 4, method: .post))
        #expect(post.begin(Self.response(200, headers: ["X-Id": "1"])) == .success(HTTPResponse(status: 200, headers: ["X-Id": "1"])))
        var refused = StreamingResponse(for: Self.request(success: 10, error: 4, method: .post))
        #expect(refused.begin(Self.response(400)) == nil)
        var get = StreamingResponse(for: Self.request(success: 10, error: 4))
        #expect(get.begin(Self.response(200)) == nil)
        // A delegate that reports the body before the response ends the POST at the first piece.
        var late = StreamingResponse(for: Self.request(success: 10, error: 4, method: .post))
        #expect(late.receive(Data(repeating: 0x20, count: 100), of: Self.response(204)) == .success(HTTPResponse(status: 204)))
    }

    @Test("The headers are those that came with the status: a response seen later (with trailers) changes nothing")
    func headersAtTheStatus() {
        var streaming = StreamingResponse(for: Self.request(success: 10, error: 4))
        #expect(streaming.begin(Self.response(429)) == nil)
        #expect(streaming.receive(Data("{}".utf8), of: Self.response(429, headers: ["Retry-After": "7"])) == nil)
        #expect(streaming.complete(response: Self.response(429, headers: ["Retry-After": "7"]), error: nil)
                == .success(HTTPResponse(status: 429, body: Data("{}".utf8))))
    }

    @Test("A failure below HTTP and an answer that is not HTTP are transport errors")
    func failures() {
        let streaming = StreamingResponse(for: Self.request(success: 10, error: 4))
        #expect(streaming.complete(response: Self.response(200), error: URLError(.timedOut)) == .failure(.transport(.timeout)))
        #expect(streaming.complete(response: nil, error: nil) == .failure(.transport(.other("the answer was not an HTTP response"))))
        var notHTTP = StreamingResponse(for: Self.request(success: 10, error: 4))
        #expect(notHTTP.begin(URLResponse(url: Self.url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil))
                == .failure(.transport(.other("the answer was not an HTTP response"))))
    }
}

#if os(Linux)
/// Linux's default transport, directly on libcurl: the request's own caps, header safety.
@Suite("CurlTransport over HTTP", .serialized)
struct CurlTransportHTTPTests {
    static let emulator = SharedEmulator()

    @Test("The platform transport on Linux is CurlTransport")
    func isDefault() {
        #expect(ThunderIDClient.makeDefaultTransport() is CurlTransport)
    }

    @Test("A request's own caps apply to decoded bytes: a gzip bomb stops at 1,000 bytes, its error body at 100")
    func requestCaps() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.fault(.gzipBomb, on: .meta, inflatedBytes: 1024 * 1024),
                                                         .fault(.gzipBomb, on: .update, inflatedBytes: 1024 * 1024)]))
        let headers = ["Authorization": "Bearer \(emulator.token)", "Content-Type": "application/json"]
        let meta = HTTPRequest(method: .get, url: emulator.baseURL.appendingPathComponent("users/me/meta"), headers: headers,
                               timeout: .seconds(60), maximumResponseBytes: 1000, maximumErrorResponseBytes: 100)
        await #expect(throws: ThunderIDError.responseTooLarge(limit: 1000)) { _ = try await CurlTransport().send(meta) }
        let update = HTTPRequest(method: .post, url: emulator.baseURL.appendingPathComponent("users/me/update-credentials"),
                                 headers: headers, body: Data(#"{"attributes":{"password":"x"}}"#.utf8), timeout: .seconds(60),
                                 maximumResponseBytes: 1000, maximumErrorResponseBytes: 100)
        let response = try await CurlTransport().send(update)
        #expect(response.status == 400)
        #expect(response.body.isEmpty)
    }

    @Test("A header value with a line break is refused before anything is sent")
    func headerInjection() async throws {
        let emulator = try await Self.emulator.fresh()
        let request = HTTPRequest(method: .get, url: emulator.baseURL.appendingPathComponent("users/me/meta"),
                                  headers: ["Authorization": "Bearer \(emulator.token)\r\nX-Injected: 1"], timeout: .seconds(5))
        await #expect(throws: ThunderIDError.transport(.other("a request header holds a line break or a NUL"))) {
            _ = try await CurlTransport().send(request)
        }
        #expect(try await emulator.stats().requests.total == 0)
    }
}
#endif

/// The shipping `HTTPResponse` is not `Equatable` (nothing in an app compares two); these tests compare
/// whole answers.
extension HTTPResponse: Equatable {
    public static func == (left: HTTPResponse, right: HTTPResponse) -> Bool {
        left.status == right.status && left.headers == right.headers && left.body == right.body
    }
}
