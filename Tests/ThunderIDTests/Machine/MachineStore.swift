@testable import ThunderID
import Testing

typealias Machine = ChangeCredentialMachine

/// A TestStore-style driver for the pure machine: each `send` states the exact effects and every
/// change to the machine; anything else that changed fails the test.
struct MachineStore {
    private(set) var machine: Machine

    init(_ machine: Machine = Machine()) {
        self.machine = machine
    }

    mutating func send(_ event: Machine.Event, effects expected: [Machine.Effect],
                       sourceLocation: SourceLocation = #_sourceLocation,
                       _ change: (inout Machine) -> Void = { _ in }) {
        var expectedMachine = machine
        change(&expectedMachine)
        let effects = machine.handle(event)
        #expect(effects == expected, "effects of \(event)", sourceLocation: sourceLocation)
        #expect(machine == expectedMachine, "machine after \(event)", sourceLocation: sourceLocation)
    }

    /// Sends an event the current state ignores: one trace whose text contains `reason`, no change.
    mutating func ignore(_ event: Machine.Event, because reason: String,
                         sourceLocation: SourceLocation = #_sourceLocation) {
        let before = machine
        let effects = machine.handle(event)
        #expect(effects.count == 1, "one effect for ignored \(event)", sourceLocation: sourceLocation)
        if case .trace(let note)? = effects.first {
            #expect(note.contains(reason), "trace for \(event): \(note)", sourceLocation: sourceLocation)
        } else {
            Issue.record("expected a trace for ignored \(event), got \(effects)", sourceLocation: sourceLocation)
        }
        #expect(machine == before, "ignored \(event) changed the machine", sourceLocation: sourceLocation)
    }
}

enum Sample {
    static let offline = ThunderIDError.transport(.offline)
    static let rejected = ThunderIDError.server(ServerError(status: 400, code: "USR-1024", message: "Invalid request format"))
    static let tooMany = ThunderIDError.server(ServerError(status: 429, retryAfter: 30))
}
