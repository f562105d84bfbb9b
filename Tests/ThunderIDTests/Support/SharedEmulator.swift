import Foundation

/// One emulator per suite: started on first use, reset on every ``fresh()``.
actor SharedEmulator {
    private var starting: Task<Emulator, any Error>?
    private let fixture: String

    /// A shared emulator that serves `fixture` after each reset is scripted by the test.
    init(fixture: String = "person") {
        self.fixture = fixture
    }

    /// The running emulator, reset to its defaults (counters at zero, no rules).
    func fresh() async throws -> Emulator {
        let task: Task<Emulator, any Error>
        if let starting {
            task = starting
        } else {
            let fixture = fixture
            task = Task { try await Emulator.start(fixture: fixture) }
            starting = task
        }
        let emulator: Emulator
        do {
            emulator = try await task.value
        } catch {
            starting = nil // a failed start is retried by the next test
            throw error
        }
        try await emulator.reset()
        return emulator
    }
}
