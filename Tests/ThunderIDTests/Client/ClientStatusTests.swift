import Foundation
import Testing
@testable import ThunderID

/// Every error status of the contract, scripted on the emulator, read back as a typed
/// ``ServerError`` with code, status, message and description.
@Suite("Server statuses over HTTP", .serialized)
struct ClientStatusTests {
    static let emulator = SharedEmulator()

    /// One catalogue entry: code → status, message and description default values and keys.
    struct Row: Sendable, CustomTestStringConvertible {
        var code: String
        var status: Int
        var message: String
        var description: String
        var messageKey: String
        var detailKey: String
        var testDescription: String { "\(status) \(code)" }
    }

    static let catalogue: [Row] = [
        Row(code: "USR-1001", status: 400, message: "Invalid request format",
            description: "The request body is malformed or contains invalid data",
            messageKey: "error.userservice.invalid_request_format", detailKey: "error.userservice.invalid_request_format_description"),
        Row(code: "USR-1017", status: 400, message: "Missing credentials",
            description: "At least one credential field must be provided",
            messageKey: "error.userservice.missing_credentials", detailKey: "error.userservice.missing_credentials_description"),
        Row(code: "USR-1024", status: 400, message: "Invalid request format", description: "Invalid credential fields in request",
            messageKey: "error.userservice.invalid_credential_fields", detailKey: "error.userservice.invalid_credential_fields_description"),
        Row(code: "USR-1025", status: 400, message: "Cannot modify declarative resource",
            description: "The user is defined declaratively and cannot be modified",
            messageKey: "error.userservice.declarative_resource", detailKey: "error.userservice.declarative_resource_description"),
        Row(code: "AUTH-4010", status: 401, message: "Unauthorized", description: "Authentication is required to access this resource",
            messageKey: "error.auth.unauthorized", detailKey: "error.auth.unauthorized_description"),
        Row(code: "USR-1018", status: 401, message: "Authentication failed", description: "Invalid credentials provided",
            messageKey: "error.userservice.authentication_failed", detailKey: "error.userservice.authentication_failed_description"),
        Row(code: "SSE-4030", status: 403, message: "Unauthorized",
            description: "The caller is not authorized to perform this operation",
            messageKey: "error.unauthorized", detailKey: "error.unauthorized_description"),
        Row(code: "USR-1029", status: 403, message: "Invalid current credential",
            description: "The current password is missing or incorrect",
            messageKey: "error.userservice.invalid_current_credential",
            detailKey: "error.userservice.invalid_current_credential_description"),
        Row(code: "USR-1003", status: 404, message: "User not found", description: "The requested user could not be found",
            messageKey: "error.userservice.user_not_found", detailKey: "error.userservice.user_not_found_description"),
        Row(code: "SSE-5000", status: 500, message: "Internal server error",
            description: "An unexpected error occurred while processing the request",
            messageKey: "error.internal_server_error", detailKey: "error.internal_server_error_description"),
    ]

    @Test("update-credentials: each scripted status gives .server with code, status, message and description",
          arguments: catalogue)
    func updateStatus(row: Row) async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.error(row.code, on: .update)]))
        let error = await #expect(throws: ThunderIDError.self) {
            try await emulator.client().updateUserCredentials(attribute: "password", newValue: "Secret-Value-123")
        }
        #expect(error?.serverError == ServerError(status: row.status, code: row.code, message: row.message,
                                                  detail: row.description, messageKey: row.messageKey,
                                                  detailKey: row.detailKey))
        #expect(try await emulator.stats().requests.update == 1)
    }

    @Test("update-credentials: the plain-string error body shape is read too", arguments: catalogue)
    func updateStatusPlainStrings(row: Row) async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.error(row.code, on: .update, plainStrings: true)]))
        let error = await #expect(throws: ThunderIDError.self) {
            try await emulator.client().updateUserCredentials(attribute: "password", newValue: "Secret-Value-123")
        }
        #expect(error?.serverError == ServerError(status: row.status, code: row.code, message: row.message,
                                                  detail: row.description))
    }

    @Test("users/me/meta: 401, 404 and 500 answers give .server with the code",
          arguments: catalogue.filter { ["AUTH-4010", "USR-1018", "USR-1003", "SSE-5000", "SSE-4030"].contains($0.code) })
    func metaStatus(row: Row) async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.error(row.code, on: .meta)]))
        let error = await #expect(throws: ThunderIDError.self) { try await emulator.client().getUserSchema() }
        #expect(error?.serverError?.status == row.status)
        #expect(error?.serverError?.code == row.code)
        #expect(error?.serverError?.message == row.message)
        #expect(error?.serverError?.detail == row.description)
    }

    @Test("The real malformed-body validation: USR-1001 for bad JSON, USR-1017 for missing attributes")
    func realMalformedBodies() async throws {
        // The client always sends a well-formed body, so these go straight to the emulator with
        // the client's transport, to prove the emulator validates like the server.
        let emulator = try await Self.emulator.fresh()
        let url = emulator.baseURL.appendingPathComponent("users/me/update-credentials")
        let transport = ThunderIDClient.makeDefaultTransport()
        let cases: [(body: String, code: String)] = [
            ("{\"attributes\": {\"password\": ", "USR-1001"),
            ("{\"attributes\": {\"password\": 1234}}", "USR-1001"),
            ("[1, 2]", "USR-1001"),
            ("{}", "USR-1017"),
            ("{\"attributes\": {}}", "USR-1017"),
            ("{\"attributes\": null}", "USR-1017"),
            ("{\"attributes\": {\"password\": null}}", "USR-1024"),
            ("{\"attributes\": {\"password\": \"x\"}, \"currentPassword\": \"ignored\"}", "", ),
        ]
        for item in cases {
            let response = try await transport.send(HTTPRequest(
                method: .post, url: url,
                headers: ["Authorization": "Bearer \(emulator.token)", "Content-Type": "application/json"],
                body: Data(item.body.utf8)))
            if item.code.isEmpty {
                #expect(response.status == 204, "\(item.body)")
            } else {
                let error = ServerError(response: response)
                #expect(error.status == 400, "\(item.body)")
                #expect(error.code == item.code, "\(item.body)")
            }
        }
    }

    @Test("429 carries Retry-After in seconds")
    func tooManyRequestsSeconds() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.status(429, on: .update, retryAfter: "7")]))
        let error = await #expect(throws: ThunderIDError.self) {
            try await emulator.client().updateUserCredentials(attribute: "password", newValue: "Secret-Value-123")
        }
        #expect(error?.serverError == ServerError(status: 429, retryAfter: 7))
    }

    @Test("429 carries Retry-After given as an HTTP date")
    func tooManyRequestsDate() async throws {
        let emulator = try await Self.emulator.fresh()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = formatter.string(from: Date().addingTimeInterval(3600))
        try await emulator.script(EmulatorScript(rules: [.status(429, on: .meta, retryAfter: date)]))
        let error = await #expect(throws: ThunderIDError.self) { try await emulator.client().getUserSchema() }
        let seconds = try #require(error?.serverError?.retryAfter)
        // The date is an hour ahead, to the second; allow for the time the request took.
        #expect((3000...3600).contains(seconds))
        #expect(error?.serverError?.status == 429)
    }

    @Test("429 with an error body keeps both the body and Retry-After")
    func tooManyRequestsWithBody() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.status(
            429, on: .update, body: #"{"code":"SSE-4290","message":"Too many requests","description":"Slow down"}"#,
            retryAfter: "30")]))
        let error = await #expect(throws: ThunderIDError.self) {
            try await emulator.client().updateUserCredentials(attribute: "password", newValue: "Secret-Value-123")
        }
        #expect(error?.serverError == ServerError(status: 429, code: "SSE-4290", message: "Too many requests",
                                                  detail: "Slow down", retryAfter: 30))
    }

    @Test("A non-JSON or empty error body still gives .server with the status",
          arguments: [(502, "<html>Bad gateway</html>", "text/html"), (503, "", "text/plain"), (500, "oops", "application/json")])
    func nonJSONErrorBody(status: Int, body: String, contentType: String) async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.status(status, on: .update, body: body, contentType: contentType)]))
        let error = await #expect(throws: ThunderIDError.self) {
            try await emulator.client().updateUserCredentials(attribute: "password", newValue: "Secret-Value-123")
        }
        #expect(error?.serverError == ServerError(status: status))
    }
}
