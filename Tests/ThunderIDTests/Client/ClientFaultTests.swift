import Foundation
import Testing
@testable import ThunderID

/// Every fault the emulator injects gives a typed error and neither crashes nor hangs the run. Only
/// the rows that expect a timeout use a short one; the others have room to answer on a loaded machine.
@Suite("Faults over HTTP", .serialized)
struct ClientFaultTests {
    static let emulator = SharedEmulator()

    /// What a fault on a route should become.
    struct Row: Sendable, CustomTestStringConvertible {
        var fault: EmulatorRule.Fault
        var route: EmulatorRule.Route
        var expected: Expectation
        var testDescription: String { "\(fault.rawValue) on \(route.rawValue)" }
    }

    enum Expectation: Sendable {
        case transport(TransportFailure)
        /// An update sent and not answered: the server may have applied it.
        case unconfirmed(TransportFailure)
        case decodingAtRoot
        case serverWithoutCode(Int)
        /// No error: the update's 2xx status arrived, so the change was applied, whatever follows it.
        case success

        func matches(_ error: ThunderIDError?) -> Bool {
            switch (self, error) {
            case (.transport(let expected), .transport(let actual)?): expected == actual
            case (.unconfirmed(let expected), .updateUnconfirmed(let actual)?): expected == actual
            case (.decodingAtRoot, .decoding(let failure)?): failure.path.isEmpty
            case (.serverWithoutCode(let status), .server(let server)?): server == ServerError(status: status)
            case (.success, nil): true
            default: false
            }
        }
    }

    static let rows: [Row] = [
        Row(fault: .hang, route: .meta, expected: .transport(.timeout)),
        Row(fault: .hang, route: .update, expected: .unconfirmed(.timeout)),
        Row(fault: .drop, route: .meta, expected: .transport(.connectionLost)),
        Row(fault: .drop, route: .update, expected: .unconfirmed(.connectionLost)),
        Row(fault: .reset, route: .meta, expected: .transport(.connectionLost)),
        Row(fault: .reset, route: .update, expected: .unconfirmed(.connectionLost)),
        Row(fault: .truncate, route: .meta, expected: .transport(.connectionLost)),
        // The truncated answer's status is 200: for the update that is success, the body is never read.
        Row(fault: .truncate, route: .update, expected: .success),
        Row(fault: .malformedJSON, route: .meta, expected: .decodingAtRoot),
        Row(fault: .malformedJSON, route: .update, expected: .serverWithoutCode(400)),
        Row(fault: .wrongContentType, route: .meta, expected: .decodingAtRoot),
        Row(fault: .wrongContentType, route: .update, expected: .serverWithoutCode(502)),
    ]

    @Test("Each fault gives its typed error (or, after the update's 2xx, success) and no crash or hang", arguments: rows)
    func fault(row: Row) async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.fault(row.fault, on: row.route, hangSeconds: 60)]))
        let client = try emulator.client(timeout: row.fault == .hang ? .seconds(1) : .seconds(30))
        var error: ThunderIDError?
        do throws(ThunderIDError) {
            switch row.route {
            case .meta, .any: _ = try await client.getUserSchema()
            case .update: try await client.updateUserCredentials(attribute: "password", newValue: "Secret-Value-123")
            }
        } catch let thrown {
            error = thrown
        }
        #expect(row.expected.matches(error), "got \(String(describing: error))")
        let stats = try await emulator.stats()
        // One request reached the emulator: no silent retry of a failed request. A hang's request may
        // still be on its way when its timeout ends the call.
        if row.fault == .hang {
            #expect(stats.requests.total <= 1)
        } else {
            #expect(stats.requests.total == 1)
        }
    }

    @Test("A delay longer than the timeout gives a timeout on both routes (unconfirmed for the update)",
          arguments: [EmulatorRule.Route.meta, .update])
    func delayBeyondTimeout(route: EmulatorRule.Route) async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.delay(3, on: route)]))
        let client = try emulator.client(timeout: .milliseconds(500))
        let error = await #expect(throws: ThunderIDError.self) {
            switch route {
            case .meta, .any: _ = try await client.getUserSchema()
            case .update: try await client.updateUserCredentials(attribute: "password", newValue: "Secret-Value-123")
            }
        }
        #expect(error == (route == .update ? .updateUnconfirmed(.timeout) : .transport(.timeout)))
    }

    @Test("A malformed schema body names why it failed")
    func malformedSchemaMessage() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.fault(.malformedJSON, on: .meta)]))
        let error = await #expect(throws: ThunderIDError.self) { try await emulator.client().getUserSchema() }
        guard case .decoding(let failure)? = error else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(failure.reason.hasPrefix("the body is not valid JSON:"))
    }

    @Test("A wrong content type names the content type")
    func wrongContentTypeMessage() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.fault(.wrongContentType, on: .meta)]))
        let error = await #expect(throws: ThunderIDError.self) { try await emulator.client().getUserSchema() }
        #expect(error == .decoding(DecodingFailure(path: "", reason: "expected a JSON body, got Content-Type \"text/html; charset=utf-8\"")))
    }

    @Test("A scripted schema attribute that breaks the contract gives the exact JSON path when it is asked for")
    func contractBreakingSchemaOverHTTP() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rawMetaBody: #"{"schema": {"password": {"type": "string", "credential": "yes"}}}"#))
        let schema = try await emulator.client().getUserSchema()
        let failure = DecodingFailure(path: "schema.password.credential", reason: "expected a boolean, got a string")
        #expect(schema.malformedAttributes == ["password": failure])
        #expect(throws: ThunderIDError.decoding(failure)) { try schema.requireCredentialPolicy(for: "password") }
    }

    @Test("Cancelling the calling task during a hang of the update gives an unconfirmed cancellation")
    func cancellationDuringHang() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.fault(.hang, on: .update, hangSeconds: 30)]))
        let client = try emulator.client(timeout: .seconds(30))
        let task = Task { () async -> ThunderIDError? in
            do throws(ThunderIDError) {
                try await client.updateUserCredentials(attribute: "password", newValue: "Secret-Value-123")
                return nil
            } catch {
                return error
            }
        }
        // Cancel once the request has reached the emulator.
        while try await emulator.stats().requests.update == 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
        task.cancel()
        let error = await task.value
        #expect(error == .updateUnconfirmed(.cancelled))
    }

    @Test("A port nobody listens on gives .transport(.offline)")
    func offline() async throws {
        let config = try ThunderIDConfig(baseUrl: "http://127.0.0.1:\(try Self.closedPort())", requestTimeout: .seconds(5),
                                         accessToken: { "token" })
        let error = await #expect(throws: ThunderIDError.self) { try await ThunderIDClient(config: config).getUserSchema() }
        #expect(error == .transport(.offline))
    }

    /// A loopback port that was free a moment ago (bound, then closed).
    static func closedPort() throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import socket; s=socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1]); s.close()"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return try #require(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
}
