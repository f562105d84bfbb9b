import ThunderID

// The machine's transition table as data, derived by running the machine (no reflection): the
// spec runner's coverage matrix, its reachable-configuration check and its mutants are built from
// it. It lives here, not in ThunderID: an app never enumerates the machine.

extension ChangeCredentialMachine {
    /// A (state, event) pair: the unit of the transition table and of spec coverage.
    package struct Cell: Sendable, Hashable, CustomStringConvertible, Comparable {
        package var state: State
        package var event: Event.Kind

        package init(state: State, event: Event.Kind) {
            self.state = state
            self.event = event
        }

        package var description: String { "\(state.rawValue) × \(event.rawValue)" }

        package static func < (lhs: Cell, rhs: Cell) -> Bool {
            let ls = State.allCases.firstIndex(of: lhs.state)!, rs = State.allCases.firstIndex(of: rhs.state)!
            if ls != rs { return ls < rs }
            return Event.Kind.allCases.firstIndex(of: lhs.event)! < Event.Kind.allCases.firstIndex(of: rhs.event)!
        }
    }

    /// Every cell: each state paired with each event kind.
    package static var cells: [Cell] {
        State.allCases.flatMap { state in Event.Kind.allCases.map { Cell(state: state, event: $0) } }
    }

    /// One row of the transition table: from a configuration, an event leads somewhere.
    package struct Transition: Sendable, Equatable {
        /// The machine before the event (state plus schema, form, failure, masking).
        package var from: ChangeCredentialMachine
        /// The event sent.
        package var event: Event
        /// The machine after it.
        package var to: ChangeCredentialMachine
        /// The effects returned, in order.
        package var effects: [Effect]

        /// The cell the row belongs to.
        package var cell: Cell { Cell(state: from.state, event: event.kind) }
    }

    /// One event of each kind, with representative payloads (both validities, both schema answers).
    package static var representativeEvents: [Event] {
        let sampleError = ThunderIDError.transport(.offline)
        return Event.Kind.allCases.flatMap { kind -> [Event] in
            switch kind {
            case .appear: return [.appear]
            case .open: return [.open]
            case .dismiss: return [.dismiss]
            case .schemaResolved:
                return [.schemaResolved(available: true, form: .valid), .schemaResolved(available: true, form: .invalid),
                        .schemaResolved(available: false, form: .invalid)]
            case .schemaFailed: return [.schemaFailed(sampleError)]
            case .newValueEdited: return [.newValueEdited(form: .valid), .newValueEdited(form: .invalid)]
            case .confirmationEdited: return [.confirmationEdited(form: .valid), .confirmationEdited(form: .invalid)]
            case .toggleMasking: return Field.allCases.map { .toggleMasking($0) }
            case .submit: return [.submit]
            case .submissionSucceeded: return [.submissionSucceeded]
            case .submissionFailed: return [.submissionFailed(.server(ServerError(status: 500, code: "SSE-5000")))]
            }
        }
    }

    /// Every configuration reachable from a fresh machine (of either presentation) with
    /// ``representativeEvents``.
    package static func reachableConfigurations() -> [ChangeCredentialMachine] {
        let fresh = Presentation.allCases.map { ChangeCredentialMachine(presentation: $0) }
        var seen = Set(fresh.map(ConfigurationKey.init))
        var order = fresh
        var index = 0
        while index < order.count {
            let machine = order[index]
            index += 1
            for event in representativeEvents {
                var next = machine
                next.handle(event)
                if seen.insert(ConfigurationKey(next)).inserted { order.append(next) }
            }
        }
        return order
    }

    /// The transition table: every reachable configuration with every representative event.
    package static var transitionTable: [Transition] {
        reachableConfigurations().flatMap { from in
            representativeEvents.map { event in
                var to = from
                let effects = to.handle(event)
                return Transition(from: from, event: event, to: to, effects: effects)
            }
        }
    }
}

/// A machine as a set element for the spec runner. The shipping machine is only `Equatable` (an app
/// never hashes one). The hash takes the machine's scalar members, which equal machines share, so it is
/// consistent with `==`; machines that differ only in their schema, failure or masking meet in a bucket
/// and `==` tells them apart.
package struct ConfigurationKey: Hashable {
    package let machine: ChangeCredentialMachine

    package init(_ machine: ChangeCredentialMachine) { self.machine = machine }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(machine.state)
        hasher.combine(machine.presentation)
        hasher.combine(machine.form)
        hasher.combine(machine.submitPending)
    }
}
