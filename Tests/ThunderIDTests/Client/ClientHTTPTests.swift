import Foundation
import Testing
@testable import ThunderID
import JSONCore

/// The client against the Python emulator over real HTTP: the contract's happy paths, the
/// real validation, and the request as the server receives it.
@Suite("ThunderIDClient over HTTP", .serialized)
struct ClientHTTPTests {
    static let emulator = SharedEmulator()

    @Test("getUserSchema decodes the default Person user type served over HTTP")
    func fetchesPersonSchema() async throws {
        let emulator = try await Self.emulator.fresh()
        let schema = try await emulator.client().getUserSchema()
        #expect(schema.attributeNames == ["username", "email", "given_name", "family_name", "mobile_number",
                                          "sub", "name", "picture", "password"])
        #expect(schema["password"]?.isCredential == true)
        #expect(schema["password"]?.effectiveRegex == nil)
        #expect(schema["email"]?.regex == "^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}$")
        #expect(try await emulator.stats().requests == .init(meta: 1, update: 0, other: 0, total: 1))
    }

    @Test("getUserSchema sends GET /users/me/meta with the bearer token and no query")
    func schemaRequestShape() async throws {
        let emulator = try await Self.emulator.fresh()
        _ = try await emulator.client().getUserSchema()
        let last = try #require(try await emulator.stats().last(.meta))
        #expect(last["method"] == .string("GET"))
        #expect(last["path"] == .string("/users/me/meta"))
        #expect(last["query"] == .string(""))
        #expect(last["authorization"] == .string("Bearer <\(emulator.token.count) chars>"))
        #expect(last["accept"] == .string("application/json"))
        #expect(last["bodyLength"] == .number(0))
    }

    @Test("updateUserCredentials posts {\"attributes\": {attribute: value}} as JSON and succeeds on 204")
    func updateSucceeds() async throws {
        let emulator = try await Self.emulator.fresh()
        let secret = "correct horse battery staple"
        try await emulator.client().updateUserCredentials(attribute: "password", newValue: secret)

        let stats = try await emulator.stats()
        #expect(stats.requests.update == 1)
        let last = try #require(stats.last(.update))
        #expect(last["method"] == .string("POST"))
        #expect(last["path"] == .string("/users/me/update-credentials"))
        #expect(last["query"] == .string(""))
        #expect(last["contentType"] == .string("application/json"))
        #expect(last["authorization"] == .string("Bearer <\(emulator.token.count) chars>"))
        #expect(last["bodyShape"] == .object([("attributes", .object([("password", .string("string(\(secret.count))"))]))]))
        // The emulator reports lengths only; the exact bytes come from its in-memory record.
        #expect(!(stats.raw.jsonText.contains(secret)))
        let body = try #require(try await emulator.lastBody(route: .update))
        #expect(try JSONParser.parse(body) == .object([("attributes", .object([("password", .string(secret))]))]))
        #expect(stats.raw["updated"] == .array([.object([("attribute", .string("password")), ("length", .number(Double(secret.count)))])]))
    }

    @Test("A credential value with quotes, backslashes and non-ASCII arrives byte-exact")
    func updateEscapesValue() async throws {
        let emulator = try await Self.emulator.fresh()
        let secret = "p\"a\\s/s\u{00E9}\u{1F511}\n\t"
        try await emulator.client().updateUserCredentials(attribute: "password", newValue: secret)
        let body = try #require(try await emulator.lastBody(route: .update))
        #expect(try JSONParser.parse(body)["attributes"]?["password"] == .string(secret))
    }

    @Test("A pin declared credential on the pin fixture can be updated")
    func updatesPin() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(fixture: "pin"))
        try await emulator.client().updateUserCredentials(attribute: "pin", newValue: "482913")
        #expect(try await emulator.stats().requests.update == 1)
    }

    @Test("The real validation: undeclared, empty and whitespace values give 400 USR-1024",
          arguments: [("email", "someone@example.com"), ("password", ""), ("password", "   "), ("nickname", "x")])
    func realValidationRejects(attribute: String, value: String) async throws {
        let emulator = try await Self.emulator.fresh()
        let error = await #expect(throws: ThunderIDError.self) {
            try await emulator.client().updateUserCredentials(attribute: attribute, newValue: value)
        }
        #expect(error?.serverError == ServerError(
            status: 400, code: "USR-1024", message: "Invalid request format", detail: "Invalid credential fields in request",
            messageKey: "error.userservice.invalid_credential_fields",
            detailKey: "error.userservice.invalid_credential_fields_description"))
    }

    @Test("A wrong bearer token gives 401 AUTH-4010 on both routes")
    func wrongToken() async throws {
        let emulator = try await Self.emulator.fresh()
        let client = try emulator.client(token: "not-the-token")
        let expected = ServerError(status: 401, code: "AUTH-4010", message: "Unauthorized",
                                   detail: "Authentication is required to access this resource",
                                   messageKey: "error.auth.unauthorized", detailKey: "error.auth.unauthorized_description")
        let schemaError = await #expect(throws: ThunderIDError.self) { try await client.getUserSchema() }
        #expect(schemaError?.serverError == expected)
        let updateError = await #expect(throws: ThunderIDError.self) {
            try await client.updateUserCredentials(attribute: "password", newValue: "irrelevant-value")
        }
        #expect(updateError?.serverError == expected)
        #expect(try await emulator.stats().requests.total == 2)
    }

    @Test("A 200 answer to update-credentials is tolerated as success")
    func updateTolerates200() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.status(200, on: .update, body: "{}")]))
        try await emulator.client().updateUserCredentials(attribute: "password", newValue: "whatever-value")
        #expect(try await emulator.stats().requests.update == 1)
    }

    @Test("A delay shorter than the timeout still succeeds")
    func delayWithinTimeout() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.delay(0.2, on: .meta)]))
        let schema = try await emulator.client(timeout: .seconds(5)).getUserSchema()
        #expect(schema["password"]?.isCredential == true)
    }

    @Test("Schema fixtures served over HTTP decode like the files", arguments: ["person", "pin", "regex", "pattern", "i18n", "hint", "nested"])
    func fixtureOverHTTP(fixture: String) async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(fixture: fixture))
        let schema = try await emulator.client().getUserSchema()
        let file = try Data(contentsOf: PackageRoot.file("Tools/emulator/fixtures/\(fixture).json"))
        #expect(schema == (try UserSchema.decode(file)))
    }
}

/// Transport-level behaviour against the emulator: redirects and TLS.
@Suite("The platform transport over HTTP", .serialized)
struct PlatformTransportHTTPTests {
    static let emulator = SharedEmulator()

    @Test("A redirect is returned, not followed, so the credential body is never re-sent", arguments: [301, 302, 307, 308])
    func redirectNotFollowed(status: Int) async throws {
        let emulator = try await Self.emulator.fresh()
        var rule = EmulatorRule.status(status, on: .update)
        rule.headers = ["Location": emulator.baseURL.appendingPathComponent("elsewhere").absoluteString]
        try await emulator.script(EmulatorScript(rules: [rule]))
        let error = await #expect(throws: ThunderIDError.self) {
            try await emulator.client().updateUserCredentials(attribute: "password", newValue: "Secret-Value-123")
        }
        #expect(error == .server(ServerError(status: status)))
        #expect(try await emulator.stats().requests == .init(meta: 0, update: 1, other: 0, total: 1))
    }

    @Test("https to a plain-HTTP port fails the TLS handshake with .transport(.tls)")
    func tlsFailure() async throws {
        let emulator = try await Self.emulator.fresh()
        let port = try #require(emulator.baseURL.port)
        let config = try ThunderIDConfig(baseUrl: "https://127.0.0.1:\(port)", requestTimeout: .seconds(5),
                                         accessToken: { "emulator-token" })
        let error = await #expect(throws: ThunderIDError.self) { try await ThunderIDClient(config: config).getUserSchema() }
        #expect(error == .transport(.tls))
    }
}
