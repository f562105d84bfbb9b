import Foundation
import Testing
@testable import ThunderID

/// Chunked answers ending in trailer fields, served to the one transport each platform builds
/// (`CurlTransport` on Linux, `URLSessionTransport` on Apple platforms): the answer is read, the
/// process survives, and a trailer is never taken for a header.
@Suite("Answers with trailers", .serialized, .timeLimit(.minutes(3)))
struct TrailerTests {
    static let emulator = SharedEmulator()

    @Test("A chunked schema with a trailing Retry-After reads whole, without that field")
    func schemaWithTrailer() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.trailer(["Retry-After": "7", "X-Checksum": "abc"], on: .meta)]))
        let request = HTTPRequest(method: .get, url: emulator.baseURL.appendingPathComponent("users/me/meta"),
                                  headers: ["Authorization": "Bearer \(emulator.token)"], timeout: .seconds(60))
        let response = try await ThunderIDClient.makeDefaultTransport().send(request)
        #expect(response.status == 200)
        #expect(response.header("Retry-After") == nil)
        #expect(response.header("X-Checksum") == nil)
        #expect(try UserSchema.decode(response.body).attributeNames.contains("password"))
        try await emulator.script(EmulatorScript(rules: [.trailer(["Retry-After": "7"], on: .meta)]))
        #expect(try await emulator.client(timeout: .seconds(60)).getUserSchema().attributeNames.contains("password"))
    }

    @Test("A 429 whose Retry-After comes only as a trailer has no Retry-After to obey")
    func retryAfterTrailerNotObeyed() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.trailer(["Retry-After": "7"], on: .update, status: 429)]))
        let error = await #expect(throws: ThunderIDError.self) {
            try await emulator.client(timeout: .seconds(60)).updateUserCredentials(attribute: "password", newValue: "Secret-Value-123")
        }
        #expect(error == .server(ServerError(status: 429)), "got \(String(describing: error))")
        #expect(error?.serverError?.retryAfter == nil)
    }

    @Test("An update's 200 with a trailer is success")
    func updateSuccessWithTrailer() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.trailer(["Retry-After": "7"], on: .update, status: 200)]))
        try await emulator.client(timeout: .seconds(60)).updateUserCredentials(attribute: "password", newValue: "Secret-Value-123")
        #expect(try await emulator.stats().requests.update == 1)
    }
}
