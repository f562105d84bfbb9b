import Dispatch
import Foundation
import FuzzSupport
@testable import ThunderID

// Input: one selector byte, then a body. The body is decoded as a `/users/me/meta` schema (the
// password rules of each credential checked against its regex) and read as an error body (status
// and Retry-After from the selector and the body's first line), and the client posts a planted
// secret to a server answering with the body: no text that comes out may hold the secret, whatever
// the body echoes. The body is also streamed: split into pieces (lengths from its own bytes) through
// the accumulator the streaming transports (CurlTransport, URLSessionTransport on Apple) read with,
// under caps small enough for fuzzed inputs to pass, and what it keeps is read as the answer.

/// The value the fuzzed "server" may echo back; the seeds and the dictionary contain it.
let planted = "PLANTED-s3cr3t-Value"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClient(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let (selector, rest) = input.header
    let body = Data(rest)

    streamBody(body, selector: selector)

    // The schema decoder: a schema or a typed error, nothing else.
    if let schema = try? UserSchema.decode(body) {
        for name in schema.attributeNames.prefix(8) { checkPasswordRules(of: schema.credentialPolicy(for: name)) }
    }

    // The error-body reader, every status family, and the Retry-After header from the body's first line.
    let statuses = [400, 401, 403, 404, 429, 500, 503, 418]
    let status = statuses[Int(selector) % statuses.count]
    let firstLine = String(decoding: rest.prefix { $0 != 0x0A }.prefix(64), as: UTF8.self)
    let response = HTTPResponse(status: status, headers: ["Retry-After": firstLine], body: body)
    let error = ServerError(response: response)
    for text in [error.code, error.message, error.detail, error.messageKey, error.detailKey].compactMap({ $0 }) {
        if text.unicodeScalars.count > ServerError.maximumTextLength {
            fuzzFailure("a server text of \(text.unicodeScalars.count) scalars passed the cap")
        }
    }
    let thunderError = ThunderIDError.server(error)
    _ = DefaultErrorMessageMapping().message(for: thunderError, strings: .english, credential: "Password")
    _ = thunderError.description

    // The client must scrub the planted value from whatever the server sends back. Only bodies that
    // hold a piece of it (or a placeholder that could assemble it) can leak, so only they are posted.
    let text = String(decoding: rest, as: UTF8.self)
    if ["PLANTED", "s3cr3t", "Value", "{{"].contains(where: text.contains), let leaked = postPlanted(response: response) {
        fuzzFailure("the planted secret leaked: \(leaked)")
    }
    return 0
}

/// Feeds `body` in pieces through ``ResponseBodyAccumulator`` and checks the caps: what is kept is
/// always the exact prefix fed so far and never longer than the cap; the first piece past the cap
/// ends the read (too large for a 2xx, dropped for an error) and releases the body; a body within
/// the cap arrives whole. What was kept is then read as the answer (schema or error body).
func streamBody(_ body: Data, selector: UInt8) {
    let status = selector & 0x80 == 0 ? 200 : [400, 429, 500][Int(selector) % 3]
    let successLimit = Int(selector & 0x1F) * 29
    let errorLimit = Int((selector >> 5) & 0x03) * 97
    var accumulator = ResponseBodyAccumulator(status: status, successLimit: successLimit, errorLimit: errorLimit)
    let limit = accumulator.limit
    if limit != (status == 200 ? successLimit : errorLimit) { fuzzFailure("the cap \(limit) is not the one for \(status)") }
    var offset = body.startIndex
    var fed = 0
    var ended = false
    while offset < body.endIndex {
        let length = min(body.endIndex - offset, 1 + Int(body[offset]) % 61)
        let piece = body[offset..<(offset + length)]
        offset += length
        let wasReading = accumulator.progress == .reading
        fed += length
        let progress = accumulator.append(Data(piece))
        if accumulator.body.count > limit { fuzzFailure("kept \(accumulator.body.count) bytes past the cap \(limit)") }
        switch progress {
        case .reading:
            if fed > limit { fuzzFailure("still reading after \(fed) bytes with the cap \(limit)") }
            if accumulator.body != body.prefix(fed) { fuzzFailure("the kept body is not the prefix fed") }
        case .tooLarge(let reported):
            if status != 200 || reported != limit { fuzzFailure("too large for status \(status), limit \(reported)") }
            if !accumulator.body.isEmpty { fuzzFailure("a body past its cap was kept") }
            if wasReading, fed <= limit { fuzzFailure("too large at \(fed) bytes within the cap \(limit)") }
            ended = true
        case .dropped:
            if status == 200 { fuzzFailure("a 2xx body was dropped") }
            if !accumulator.body.isEmpty { fuzzFailure("a dropped body was kept") }
            if wasReading, fed <= limit { fuzzFailure("dropped at \(fed) bytes within the cap \(limit)") }
            ended = true
        }
    }
    if ended != (fed > limit) { fuzzFailure("ended \(ended) after \(fed) bytes with the cap \(limit)") }
    if !ended, accumulator.body != body { fuzzFailure("a body within its cap did not arrive whole") }
    if status == 200 {
        _ = try? UserSchema.decode(accumulator.body)
    } else {
        _ = ServerError(response: HTTPResponse(status: status, body: accumulator.body)).sentence
    }
}

/// Answers every request with the current fuzzed response and keeps nothing.
final class EchoTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var response = HTTPResponse(status: 500)
    func respond(with response: HTTPResponse) { lock.withLock { self.response = response } }
    func send(_ request: HTTPRequest) async throws(ThunderIDError) -> HTTPResponse { lock.withLock { response } }
}

let transport = EchoTransport()
let client: ThunderIDClient = {
    guard let config = try? ThunderIDConfig(baseUrl: "https://id.example.test", accessToken: { "token" }) else {
        fuzzFailure("the test configuration is invalid")
    }
    return ThunderIDClient(config: config, transport: transport)
}()

/// Posts ``planted`` through the real client; the text of the thrown error if it holds the secret.
func postPlanted(response: HTTPResponse) -> String? {
    transport.respond(with: response)
    let done = DispatchSemaphore(value: 0)
    let result = ResultBox()
    Task.detached {
        do throws(ThunderIDError) {
            try await client.updateUserCredentials(attribute: "password", newValue: planted)
        } catch {
            result.store("\(error) \(String(reflecting: error))")
        }
        done.signal()
    }
    done.wait()
    // Nothing of this input may stay alive into the next one (libFuzzer's leak check runs in between).
    transport.respond(with: HTTPResponse(status: 500))
    guard let text = result.text, text.contains(planted) else { return nil }
    return text
}

/// Carries the error text out of the task.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?
    func store(_ text: String) { lock.withLock { stored = text } }
    var text: String? { lock.withLock { stored } }
}
