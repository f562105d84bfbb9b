// Linux only: CurlTransport and its gate are built there only.
#if canImport(CCurl)
import Foundation
import Testing
@testable import ThunderID

/// CurlTransport's bound on transfers per host, its waiting line, and its deadline and cancellation
/// when a worker thread cannot start or never runs.
@Suite("CurlTransport's gate", .serialized, .timeLimit(.minutes(3)))
struct CurlTransferGateTests {
    static let emulator = SharedEmulator()

    /// What one request ended with.
    static func outcome(of request: HTTPRequest, on transport: CurlTransport) async -> Result<Int, ThunderIDError> {
        do throws(ThunderIDError) {
            return .success(try await transport.send(request).status)
        } catch {
            return .failure(error)
        }
    }

    /// Polls the emulator (at most 20 s) until `condition` holds for its stats.
    static func waitFor(_ emulator: Emulator, _ condition: (EmulatorStats) -> Bool) async throws {
        for _ in 0..<2000 {
            if condition(try await emulator.stats()) { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("the emulator never reached the state waited for")
    }

    @Test("At most 4 transfers run at once to a host; the rest wait their turn, and all are answered")
    func boundPerHost() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.delay(0.2, on: .meta)]))
        let request = CurlTransportAnswerTests.meta(emulator)
        let outcomes = await withTaskGroup(of: Result<Int, ThunderIDError>.self) { group in
            for _ in 0..<16 {
                group.addTask { await Self.outcome(of: request, on: CurlTransport()) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.count == 16)
        #expect(outcomes.allSatisfy { $0 == .success(200) }, "\(outcomes)")
        let stats = try await emulator.stats()
        #expect(stats.requests.meta == 16)
        #expect(stats.mostInFlight <= CurlTransferGate.defaultMaximumPerHost, "\(stats.mostInFlight) requests at once")
        #expect(stats.mostInFlight >= 2)
    }

    @Test("A transfer waiting for its turn ends at its own deadline as a timeout, never sent")
    func waitingEndsAtItsDeadline() async throws {
        let emulator = try await Self.emulator.fresh()
        try await emulator.script(EmulatorScript(rules: [.fault(.hang, on: .meta, hangSeconds: 30)]))
        let transport = CurlTransport(gate: CurlTransferGate(maximumPerHost: 2))
        let held = CurlTransportAnswerTests.meta(emulator, timeout: .seconds(30))
        let holding = (0..<2).map { _ in Task { await Self.outcome(of: held, on: transport) } }
        try await Self.waitFor(emulator) { $0.inFlight == 2 }
        let waiting = CurlTransportAnswerTests.meta(emulator, timeout: .milliseconds(400))
        let outcomes = await withTaskGroup(of: Result<Int, ThunderIDError>.self) { group in
            for _ in 0..<3 {
                group.addTask { await Self.outcome(of: waiting, on: transport) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes == Array(repeating: .failure(.transport(.timeout)), count: 3))
        #expect(try await emulator.stats().requests.meta == 2)
        for task in holding { task.cancel() }
        for task in holding { #expect(await task.value == .failure(.transport(.cancelled))) }
    }

    @Test("When no thread can start, every request ends at once with that error, and nothing is sent")
    func threadsCannotStart() async throws {
        let emulator = try await Self.emulator.fresh()
        let transport = CurlTransport(gate: CurlTransferGate(startThread: { _ in EAGAIN }))
        let request = CurlTransportAnswerTests.update(emulator, timeout: .seconds(30))
        let outcomes = await withTaskGroup(of: Result<Int, ThunderIDError>.self) { group in
            for _ in 0..<10 {
                group.addTask { await Self.outcome(of: request, on: transport) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let expected = ThunderIDError.transport(.other("no thread could be started for the request (Resource temporarily unavailable)"))
        #expect(outcomes == Array(repeating: .failure(expected), count: 10))
        #expect(try await emulator.stats().requests.total == 0)
    }

    @Test("A worker that never runs cannot hold its caller: the request times out at its deadline, or ends when cancelled")
    func workerNeverRuns() async throws {
        let gate = CurlTransferGate(maximumPerHost: 1, startThread: { _ in 0 })
        let transport = CurlTransport(gate: gate)
        let url = URL(string: "http://127.0.0.1:9/users/me/meta")!
        let timed = HTTPRequest(method: .get, url: url, timeout: .milliseconds(300))
        #expect(await Self.outcome(of: timed, on: transport) == .failure(.transport(.timeout)))
        // The lost worker still holds the host's only turn: the next request waits, and cancelling it ends it.
        let cancelled = Task { await Self.outcome(of: HTTPRequest(method: .get, url: url, timeout: .seconds(60)), on: transport) }
        while gate.load(of: CurlTransfer.hostKey(of: url)).waiting == 0 {
            try await Task.sleep(for: .milliseconds(5))
        }
        cancelled.cancel()
        #expect(await cancelled.value == .failure(.transport(.cancelled)))
        #expect(gate.load(of: CurlTransfer.hostKey(of: url)) == (running: 1, waiting: 0))
    }

    @Test("The gate counts hosts by scheme, host and port")
    func hostKeys() {
        #expect(CurlTransfer.hostKey(of: URL(string: "HTTPS://ID.Example.com/a")!) == "https://id.example.com:443")
        #expect(CurlTransfer.hostKey(of: URL(string: "http://127.0.0.1/a")!) == "http://127.0.0.1:80")
        #expect(CurlTransfer.hostKey(of: URL(string: "http://127.0.0.1:8090/a")!) == "http://127.0.0.1:8090")
    }
}
#endif
