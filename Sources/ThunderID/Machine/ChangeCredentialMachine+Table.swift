import ECMARegex

// The machine describing itself: its cells, its reachable configurations and its transition
// table, derived by running the machine (no reflection), plus the package-internal mutation hook
// the spec runner uses to derive mutants one cell at a time.

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
    package struct Transition: Sendable, Hashable {
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
        var seen = Set(fresh)
        var order = fresh
        var index = 0
        while index < order.count {
            let machine = order[index]
            index += 1
            for event in representativeEvents {
                var next = machine
                next.handle(event)
                if seen.insert(next).inserted { order.append(next) }
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

    /// Builds a machine in a given configuration (for spec files that start mid-flow).
    package init(state: State, schema: SchemaStatus, form: Validity = .invalid, failure: Failure? = nil,
                masked: [Field: Bool] = ChangeCredentialMachine.freshMasking,
                presentation: Presentation = .sheet, submitPending: Bool = false) {
        self.state = state
        self.schema = schema
        self.form = form
        self.failure = failure
        self.masking = Masking(masked)
        self.presentation = presentation
        self.submitPending = submitPending
    }
}

// MARK: - Mutation hook (package-internal, for the spec runner's --mutate)

extension ChangeCredentialMachine {
    /// One change to one cell of the table: the spec suite should notice it.
    package struct Mutation: Sendable, Hashable, CustomStringConvertible {
        package enum Change: Sendable, Hashable {
            /// The cell leads to another state.
            case retarget(State)
            /// The cell loses every effect of this kind.
            case drop(Effect.Kind)
            /// The cell gains this effect at the end.
            case add(Effect)
        }

        package var cell: Cell
        package var change: Change

        package init(cell: Cell, change: Change) {
            self.cell = cell
            self.change = change
            // From now on `handle` looks for an active mutation (until then none can be bound).
            Mutation.exists.store(1)
        }

        /// Whether any mutation was ever made in this process: only then can one be active, so
        /// an app's machine never pays for the task-local lookup.
        static let exists = AtomicWord(0)

        package var description: String {
            switch change {
            case .retarget(let state): "\(cell): go to \(state.rawValue)"
            case .drop(let kind): "\(cell): drop \(kind.rawValue)"
            case .add(let effect): "\(cell): add \(effect)"
            }
        }

        func apply(to state: inout State, effects: inout [Effect]) {
            switch change {
            case .retarget(let target): state = target
            case .drop(let kind): effects.removeAll { $0.kind == kind }
            case .add(let effect): effects.append(effect)
            }
        }

        /// The mutation in force for the current task, if any.
        @TaskLocal package static var active: Mutation?
    }

    static func activeMutation() -> Mutation? {
        Mutation.exists.load() != 0 ? Mutation.active : nil
    }
}
