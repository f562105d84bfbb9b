import Foundation
@testable import ThunderID

/// Canned answers for in-memory tests.
enum Canned {
    /// `200` with the fixture `Tools/emulator/fixtures/<name>.json` as a JSON body.
    static func fixture(_ name: String) throws -> HTTPResponse {
        let body = try Data(contentsOf: PackageRoot.file("Tools/emulator/fixtures/\(name).json"))
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }

    /// A decoded fixture.
    static func schema(_ name: String) throws -> UserSchema {
        try UserSchema.decode(fixture(name).body)
    }

    /// `500 SSE-5000` with the server's body.
    static let serverFailure = HTTPResponse(
        status: 500, headers: ["Content-Type": "application/json"],
        body: Data(#"{"code":"SSE-5000","message":{"key":"error.internal_server_error","defaultValue":"Internal server error"}}"#.utf8))

    /// A configuration for a server that does not exist (in-memory transports only).
    static func config() throws -> ThunderIDConfig {
        try ThunderIDConfig(baseUrl: "https://id.example.test", accessToken: { "in-memory-token" })
    }
}
