import Foundation
import Testing
@testable import ThunderID
import ThunderIDTesting

/// What ends a request in flight: its deadline (the token call included), sign-out, the state's
/// release; and what the user is told when an update was sent but never answered.
@Suite("Requests in flight")
struct InFlightRequestTests {
    /// A call that never answers and ignores cancellation, until the test lets it go.
    final class Stall: @unchecked Sendable {
        private let lock = NSLock()
        private var parked: [CheckedContinuation<Void, Never>] = []
        private var released = false
        private var started = 0

        /// Parks the caller until ``release()``, whatever happens to its task.
        func wait() async {
            await withCheckedContinuation { continuation in
                lock.lock()
                started += 1
                if released {
                    lock.unlock()
                    continuation.resume()
                } else {
                    parked.append(continuation)
                    lock.unlock()
                }
            }
        }

        /// How many calls have parked.
        var callCount: Int { lock.withLock { started } }

        func release() {
            let waiting = lock.withLock {
                released = true
                let waiting = parked
                parked = []
                return waiting
            }
            for continuation in waiting { continuation.resume() }
        }
    }

    /// A transport that parks every request until it is cancelled, and counts cancellations.
    final class CancellableTransport: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var sent = 0
        private var cancelled = 0

        var sentCount: Int { lock.withLock { sent } }
        var cancelledCount: Int { lock.withLock { cancelled } }

        func send(_ request: HTTPRequest) async throws(ThunderIDError) -> HTTPResponse {
            lock.withLock { sent += 1 }
            // Sleeps until cancelled (or an hour, which no test waits for).
            try? await Task.sleep(for: .seconds(3600))
            lock.withLock { cancelled += 1 }
            throw .transport(.cancelled)
        }
    }

    // Long enough that a test run which keeps every thread busy for a while never reaches it: the
    // tests that are about the deadline pass a short one.
    static func config(timeout: Duration = .seconds(300),
                       token: @escaping ThunderIDConfig.AccessTokenProvider = { "tok-abcdef-123456" }) throws -> ThunderIDConfig {
        try ThunderIDConfig(baseUrl: "https://id.example.com", requestTimeout: timeout, accessToken: token)
    }

    /// How long the guards below wait before calling a call hung: far past every deadline the tests
    /// set, because a fully parallel test run can keep every thread busy for a minute.
    static let hangGuard: Duration = .seconds(150)

    /// Runs `body`, or answers `nil` when it has not finished within `limit`: a guard so that a
    /// regression fails the test instead of hanging the run (not a timing assertion). `body` runs
    /// in a task of its own, so a body that never returns cannot hold the test.
    static func finishes<T: Sendable>(within limit: Duration, _ body: @escaping @Sendable () async -> T) async -> T? {
        let first = FirstAnswer<T?>()
        return await withCheckedContinuation { continuation in
            first.wait(continuation)
            Task { first.answer(await body()) }
            Task {
                try? await Task.sleep(for: limit)
                first.answer(nil)
            }
        }
    }

    /// Resumes its continuation with the first answer only.
    final class FirstAnswer<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<T, Never>?

        func wait(_ continuation: CheckedContinuation<T, Never>) {
            lock.withLock { self.continuation = continuation }
        }

        func answer(_ value: T) {
            let waiting = lock.withLock {
                let waiting = continuation
                continuation = nil
                return waiting
            }
            waiting?.resume(returning: value)
        }
    }

    /// Opens an inline form, types a valid value into both fields and presses Save.
    @MainActor
    static func submitValidForm(_ state: ChangeCredentialState) async {
        state.appear()
        await state.settle()
        state.newValue = "Abcdef-123"
        state.confirmValue = "Abcdef-123"
        state.submit()
    }

    /// Whether `settle()` returns before the hang guard.
    @MainActor
    static func settles(_ state: ChangeCredentialState) async -> Bool {
        await finishes(within: hangGuard) { @MainActor in
            await state.settle()
            return true
        } ?? false
    }

    /// Whether `transport` sees a request cancelled before the hang guard.
    static func seesCancellation(_ transport: CancellableTransport) async -> Bool {
        await finishes(within: hangGuard) {
            while transport.cancelledCount == 0 { try? await Task.sleep(for: .milliseconds(5)) }
            return true
        } ?? false
    }

    @Test("A token provider that never answers ends the call at the request timeout as tokenUnavailable")
    func stalledTokenProvider() async throws {
        let stall = Stall()
        defer { stall.release() }
        let transport = InMemoryHTTPTransport(response: HTTPResponse(status: 204))
        let client = ThunderIDClient(config: try Self.config(timeout: .milliseconds(300)) {
            await stall.wait()
            return "late-token"
        }, transport: transport)
        let outcome = await Self.finishes(within: Self.hangGuard) { () -> ThunderIDError? in
            do throws(ThunderIDError) {
                try await client.updateUserCredentials(attribute: "password", newValue: "New-Value-1")
                return nil
            } catch {
                return error
            }
        }
        let error = try #require(outcome, "the update never returned")
        guard case .tokenUnavailable(let reason)? = error else {
            Issue.record("expected tokenUnavailable, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("did not answer"))
        #expect(transport.requests.isEmpty, "nothing may be sent without a token")
        #expect(client.requests.count == 0)
    }

    @Test("The sheet leaves submitting when the token provider never answers")
    @MainActor
    func stalledTokenLeavesSubmitting() async throws {
        let stall = Stall()
        defer { stall.release() }
        let client = ThunderIDClient(config: try Self.config(timeout: .milliseconds(300)) {
            await stall.wait()
            return "late-token"
        }, transport: InMemoryHTTPTransport(response: HTTPResponse(status: 204)))
        var successes = 0, errors = 0
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()), updater: client,
                                          presentation: .inline, onSuccess: { successes += 1 }, onError: { errors += 1 })
        await Self.submitValidForm(state)
        #expect(state.phase == .submitting)
        #expect(await Self.settles(state), "settle() never returned")
        #expect(state.phase == .failed)
        #expect(state.error == ChangeCredentialStrings.english.text(.errorTokenUnavailable, credential: "Password"))
        #expect(successes == 0 && errors == 1)
    }

    @Test("A transport that overruns its timeout is cut off at the deadline plus the grace")
    func transportOverrun() async throws {
        let stall = Stall()
        defer { stall.release() }
        let transport = InMemoryHTTPTransport { _ throws(ThunderIDError) in
            await stall.wait()
            return HTTPResponse(status: 204)
        }
        let client = ThunderIDClient(config: try Self.config(timeout: .milliseconds(200)), transport: transport)
        let outcome = await Self.finishes(within: Self.hangGuard) { () -> ThunderIDError? in
            do throws(ThunderIDError) {
                _ = try await client.getUserSchema()
                return nil
            } catch {
                return error
            }
        }
        #expect(outcome == .some(.transport(.timeout)))
    }

    @Test("An update sent and not answered in time is unconfirmed, and says the change may have been made")
    func unansweredUpdate() async throws {
        let transport = InMemoryHTTPTransport { _ throws(ThunderIDError) in throw .transport(.timeout) }
        let client = ThunderIDClient(config: try Self.config(), transport: transport)
        let error = await #expect(throws: ThunderIDError.self) {
            try await client.updateUserCredentials(attribute: "password", newValue: "New-Value-1")
        }
        #expect(error == .updateUnconfirmed(.timeout))
        let message = DefaultErrorMessageMapping().message(for: .updateUnconfirmed(.timeout), strings: .english,
                                                           credential: "Password")
        #expect(message == "The change may have been made, but the server did not confirm it. Try again with the same entries.")
    }

    @Test("Every failure after sending an update is unconfirmed where the server may have it",
          arguments: [TransportFailure.timeout, .connectionLost, .cancelled, .offline, .tls, .other("x")])
    func unconfirmedFailures(failure: TransportFailure) async throws {
        let transport = InMemoryHTTPTransport { _ throws(ThunderIDError) in throw .transport(failure) }
        let client = ThunderIDClient(config: try Self.config(), transport: transport)
        let error = await #expect(throws: ThunderIDError.self) {
            try await client.updateUserCredentials(attribute: "password", newValue: "New-Value-1")
        }
        switch failure {
        case .timeout, .connectionLost, .cancelled: #expect(error == .updateUnconfirmed(failure))
        case .offline, .tls, .other: #expect(error == .transport(failure))
        }
        // A schema read has nothing to confirm.
        let readError = await #expect(throws: ThunderIDError.self) { _ = try await client.getUserSchema() }
        #expect(readError == .transport(failure))
    }

    @Test("Every language says an unconfirmed update may have been made, without a placeholder left")
    func unconfirmedInEveryLanguage() {
        let english = ChangeCredentialStrings.english.text(.errorUpdateUnconfirmed, credential: "Password")
        for language in ["de", "fr", "es", "ja", "hi", "ta", "te", "ar"] {
            let strings = ChangeCredentialStrings.localized(for: Locale(identifier: language))
            let text = strings.text(.errorUpdateUnconfirmed, credential: "Password")
            #expect(text != english, "\(language) falls back to English")
            #expect(!text.contains("{") && !text.isEmpty, "\(language): \(text)")
        }
    }

    @Test("A 2xx answer to an update is success even with a body past the cap")
    func oversizedSuccessBody() async throws {
        let large = InMemoryHTTPTransport(response: HTTPResponse(status: 200, body: Data(count: HTTPRequest.defaultMaximumResponseBytes + 1)))
        try await ThunderIDClient(config: try Self.config(), transport: large)
            .updateUserCredentials(attribute: "password", newValue: "New-Value-1")
        // A transport that stopped reading at the cap reports it as too large: the status was 2xx.
        let capped = InMemoryHTTPTransport { request throws(ThunderIDError) in
            throw .responseTooLarge(limit: request.maximumResponseBytes)
        }
        try await ThunderIDClient(config: try Self.config(), transport: capped)
            .updateUserCredentials(attribute: "password", newValue: "New-Value-1")
        // The schema needs its body: there the cap stays an error.
        let error = await #expect(throws: ThunderIDError.self) {
            _ = try await ThunderIDClient(config: try Self.config(), transport: large).getUserSchema()
        }
        #expect(error == .responseTooLarge(limit: HTTPRequest.defaultMaximumResponseBytes))
    }

    @Test("Sign-out ends an update in flight: onError with an unconfirmed change, never onSuccess")
    @MainActor
    func signOutEndsPost() async throws {
        let transport = CancellableTransport()
        let shared = ThunderIDState(client: ThunderIDClient(config: try Self.config(), transport: transport))
        var successes = 0, errors = 0
        let state = ChangeCredentialState(schemaProvider: InMemorySchemaProvider(policy: .credential()), updater: shared.client,
                                          presentation: .inline, onSuccess: { successes += 1 }, onError: { errors += 1 })
        await Self.submitValidForm(state)
        while transport.sentCount == 0 { try? await Task.sleep(for: .milliseconds(5)) }
        shared.signOut()
        #expect(await Self.settles(state), "settle() never returned")
        #expect(state.phase == .failed)
        #expect(state.error == ChangeCredentialStrings.english.text(.errorUpdateUnconfirmed, credential: "Password"))
        #expect(successes == 0 && errors == 1)
        #expect(await Self.seesCancellation(transport), "the transport never saw the cancellation")
        #expect(shared.client.requests.count == 0)
    }

    @Test("Releasing the state cancels its update in flight")
    @MainActor
    func releaseEndsPost() async throws {
        let transport = CancellableTransport()
        let client = ThunderIDClient(config: try Self.config(), transport: transport)
        var state: ChangeCredentialState? = ChangeCredentialState(
            schemaProvider: InMemorySchemaProvider(policy: .credential()), updater: client, presentation: .inline)
        await Self.submitValidForm(try #require(state))
        while transport.sentCount == 0 { try? await Task.sleep(for: .milliseconds(5)) }
        weak let released = state
        state = nil
        #expect(released == nil)
        #expect(await Self.seesCancellation(transport), "the post outlived its state")
    }

    @Test("A token with a control character, or longer than the cap, is refused before any request",
          arguments: ["tok\u{0}en", "tok\u{1B}en", "tok\u{7F}en", "tok\u{85}en", "tok\ten",
                      String(repeating: "a", count: ThunderIDClient.maximumAccessTokenBytes + 1)])
    func refusedTokens(token: String) async throws {
        let transport = InMemoryHTTPTransport(response: HTTPResponse(status: 204))
        let client = ThunderIDClient(config: try Self.config(token: { token }), transport: transport)
        let error = await #expect(throws: ThunderIDError.self) {
            try await client.updateUserCredentials(attribute: "password", newValue: "New-Value-1")
        }
        guard case .tokenUnavailable(let reason)? = error else {
            Issue.record("expected tokenUnavailable, got \(String(describing: error))")
            return
        }
        #expect(!reason.contains(token) && !reason.contains("aaaa"))
        #expect(transport.requests.isEmpty)
    }

    @Test("A token at the cap is sent")
    func tokenAtCap() async throws {
        let token = String(repeating: "a", count: ThunderIDClient.maximumAccessTokenBytes)
        let transport = InMemoryHTTPTransport(response: HTTPResponse(status: 204))
        try await ThunderIDClient(config: try Self.config(token: { token }), transport: transport)
            .updateUserCredentials(attribute: "password", newValue: "New-Value-1")
        #expect(transport.requests.first?.header("Authorization") == "Bearer \(token)")
    }

    @Test("A token the server quotes back never reaches the error", arguments: [401, 400, 500])
    func quotedToken(status: Int) async throws {
        let token = "eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu.Zm9vYmFy"
        let body = #"{"code":"AUTH-4010","message":"bad token \#(token)","description":"token \#(token) expired"}"#
        let transport = InMemoryHTTPTransport(response: HTTPResponse(status: status, body: Data(body.utf8)))
        let client = ThunderIDClient(config: try Self.config(token: { token }), transport: transport)
        for call in 0..<2 {
            let thrown = await #expect(throws: ThunderIDError.self) {
                if call == 0 {
                    try await client.updateUserCredentials(attribute: "password", newValue: "New-Value-1")
                } else {
                    _ = try await client.getUserSchema()
                }
            }
            let error = try #require(thrown)
            var dumped = ""
            dump(error, to: &dumped)
            for text in [error.description, String(reflecting: error), dumped] {
                #expect(!text.contains("c2VjcmV0LXRva2Vu"), "\(text)")
                #expect(!text.contains("eyJhbGci"), "\(text)")
            }
        }
    }
}
