import Foundation
import Testing
@testable import ThunderID

/// The emulator itself: lifecycle, admin API and the secrecy of its log.
@Suite("Emulator", .timeLimit(.minutes(3)))
struct EmulatorTests {
    @Test("It announces a loopback port, answers, and stops on stop()")
    func lifecycle() async throws {
        let emulator = try await Emulator.start()
        #expect(emulator.baseURL.host == "127.0.0.1")
        #expect((emulator.baseURL.port ?? 0) > 0)
        #expect(emulator.isRunning)
        _ = try await emulator.client().getUserSchema()
        emulator.stop()
        #expect(!emulator.isRunning)
        emulator.stop()
    }

    @Test("It stops by itself when its stdin closes")
    func stdinClose() async throws {
        let emulator = try await Emulator.start()
        emulator.closeStdinAndWait()
        #expect(!emulator.isRunning)
    }

    @Test("It stops on SIGTERM, even with a request hanging")
    func sigterm() async throws {
        let emulator = try await Emulator.start()
        try await emulator.script(EmulatorScript(rules: [.fault(.hang, on: .meta, hangSeconds: 60)]))
        let client = try emulator.client(timeout: .seconds(30))
        let pending = Task { () async -> ThunderIDError? in
            do throws(ThunderIDError) {
                _ = try await client.getUserSchema()
                return nil
            } catch {
                return error
            }
        }
        while try await emulator.stats().requests.meta == 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
        emulator.terminateAndWait()
        #expect(!emulator.isRunning)
        // The hanging request ends with a transport failure, not a hang.
        #expect(await pending.value?.transportFailure != nil)
    }

    @Test("Its log carries lengths, never a credential value or the token")
    func logSecrecy() async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("emulator-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let emulator = try await Emulator.start(logFile: log)
        let secret = "Log-Marker-Secret-9f3c"
        try await emulator.client().updateUserCredentials(attribute: "password", newValue: secret)
        _ = try? await emulator.client().updateUserCredentials(attribute: "email", newValue: secret)
        emulator.stop()
        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(text.contains("POST /users/me/update-credentials -> 204"))
        #expect(text.contains("POST /users/me/update-credentials -> 400"))
        #expect(!text.contains(secret))
        #expect(!text.contains(emulator.token))
    }

    @Test("A script can change the accepted tokens and serve an inline body")
    func scriptTokens() async throws {
        let emulator = try await Emulator.start()
        defer { emulator.stop() }
        try await emulator.script(EmulatorScript(tokens: ["other-token"]))
        let refused = await #expect(throws: ThunderIDError.self) { try await emulator.client().getUserSchema() }
        #expect(refused?.serverError?.code == "AUTH-4010")
        #expect(try await emulator.client(token: "other-token").getUserSchema()["password"] != nil)
        try await emulator.reset()
        #expect(try await emulator.client().getUserSchema()["password"] != nil)
    }

    @Test("An invalid script is refused with a reason")
    func invalidScript() async throws {
        let emulator = try await Emulator.start()
        defer { emulator.stop() }
        var rule = EmulatorRule(route: .update)
        rule.error = "USR-9999"
        await #expect(throws: EmulatorError.self) { try await emulator.script(EmulatorScript(rules: [rule])) }
        await #expect(throws: EmulatorError.self) { try await emulator.script(EmulatorScript(fixture: "no-such-fixture")) }
    }

    @Test("Other routes are 404 and wrong methods 405, counted apart from the contract's routes")
    func otherRoutes() async throws {
        let emulator = try await Emulator.start()
        defer { emulator.stop() }
        let transport = ThunderIDClient.makeDefaultTransport()
        let headers = ["Authorization": "Bearer \(emulator.token)"]
        let notFound = try await transport.send(HTTPRequest(method: .get, url: emulator.baseURL.appendingPathComponent("users/me"),
                                                            headers: headers))
        #expect(notFound.status == 404)
        let wrongMethod = try await transport.send(HTTPRequest(
            method: .get, url: emulator.baseURL.appendingPathComponent("users/me/update-credentials"), headers: headers))
        #expect(wrongMethod.status == 405)
        let stats = try await emulator.stats()
        #expect(stats.requests == .init(meta: 0, update: 1, other: 1, total: 2))
    }

    @Test("Without python3 the helper fails clearly instead of hanging")
    func pythonMissing() async throws {
        #expect(Emulator.findPython(searchPath: "/nonexistent-dir") == nil)
        await #expect(throws: EmulatorError.pythonMissing) {
            try await Emulator.start(searchPath: "/nonexistent-dir")
        }
        #expect(EmulatorError.pythonMissing.description.contains("python3 was not found on PATH"))
    }
}
