import ThunderID

/// Mutation testing of the machine's transition table against the spec suite.
///
/// For each cell it derives mutants one change at a time: every other target state, dropping each
/// effect kind the cell produces, adding each effect kind it does not. A mutant is killed when at
/// least one transition row fails when run through it. The rows are parsed once and run in
/// process, so a full run takes a fraction of a second.
///
/// A mutant is a transition function of its own (``Mutant/transition``): the rows and the
/// scenarios are run through it, so the machine in `ThunderID` has no hook for them.
public enum MutationTesting {
    package typealias Machine = ChangeCredentialMachine

    /// One change to one cell of the table: the spec suite should notice it.
    package struct Mutant: Sendable, Equatable, CustomStringConvertible {
        package enum Change: Sendable, Equatable {
            /// The cell leads to another state.
            case retarget(Machine.State)
            /// The cell loses every effect of this kind.
            case drop(Machine.Effect.Kind)
            /// The cell gains this effect at the end.
            case add(Machine.Effect)
        }

        package var cell: Machine.Cell
        package var change: Change

        package init(cell: Machine.Cell, change: Change) {
            self.cell = cell
            self.change = change
        }

        package var description: String {
            switch change {
            case .retarget(let state): "\(cell): go to \(state.rawValue)"
            case .drop(let kind): "\(cell): drop \(kind.rawValue)"
            case .add(let effect): "\(cell): add \(effect)"
            }
        }

        /// The machine's own ``ChangeCredentialMachine/handle(_:)``, changed in ``cell`` alone.
        package var transition: Machine.TransitionFunction {
            let mutant = self
            return { machine, event in
                let cell = Machine.Cell(state: machine.state, event: event.kind)
                var effects = machine.handle(event)
                guard cell == mutant.cell else { return effects }
                switch mutant.change {
                case .retarget(let target): machine = retargeted(machine, to: target)
                case .drop(let kind): effects.removeAll { $0.kind == kind }
                case .add(let effect): effects.append(effect)
                }
                return effects
            }
        }
    }

    /// Every mutant of the current machine's table, in cell order.
    static func mutants() -> [Mutant] {
        var targets: [Machine.Cell: Set<Machine.State>] = [:]
        var kinds: [Machine.Cell: Set<Machine.Effect.Kind>] = [:]
        for transition in Machine.transitionTable {
            targets[transition.cell, default: []].insert(transition.to.state)
            kinds[transition.cell, default: []].formUnion(transition.effects.map(\.kind))
        }
        var mutants: [Mutant] = []
        for cell in Machine.cells {
            let cellTargets = targets[cell] ?? []
            for state in Machine.State.allCases where cellTargets != [state] {
                mutants.append(.init(cell: cell, change: .retarget(state)))
            }
            let produced = kinds[cell] ?? []
            for kind in Machine.Effect.Kind.allCases {
                if produced.contains(kind) {
                    mutants.append(.init(cell: cell, change: .drop(kind)))
                } else {
                    mutants.append(.init(cell: cell, change: .add(sample(of: kind))))
                }
            }
        }
        return mutants
    }

    /// Runs `rows` against every mutant.
    package static func run(rows: [TransitionRow]) -> MutationReport {
        let all = mutants()
        var survivors: [String] = []
        for mutant in all {
            let transition = mutant.transition
            let killed = rows.contains { $0.check(using: transition) != nil }
            if !killed { survivors.append(mutant.description) }
        }
        return report(all, survivors: survivors)
    }

    /// Runs the scenario scripts alone against every mutant: a slower, second opinion that shows
    /// which machine changes the whole-session scripts notice without the transition tables.
    /// A mutant is killed at the first step that fails. Scenarios that fail without any mutant
    /// are left out.
    @MainActor
    package static func runScenarios(_ scenarios: [ScenarioSpec]) async -> MutationReport {
        let all = mutants()
        let executor = ScenarioExecutor()
        // Only scenarios that pass on the real machine can say anything about a mutant.
        var passing: [ScenarioSpec] = []
        for scenario in scenarios where await executor.run(scenario).failures.isEmpty {
            passing.append(scenario)
        }
        var survivors: [String] = []
        for mutant in all {
            var killed = false
            for scenario in passing where await !executor.run(scenario, mutant: mutant.transition).failures.isEmpty {
                killed = true
                break
            }
            if !killed { survivors.append(mutant.description) }
        }
        return report(all, survivors: survivors)
    }

    static func report(_ all: [Mutant], survivors: [String]) -> MutationReport {
        var kinds: [String: Int] = [:]
        for mutant in all {
            switch mutant.change {
            case .retarget: kinds["retarget", default: 0] += 1
            case .drop: kinds["drop", default: 0] += 1
            case .add: kinds["add", default: 0] += 1
            }
        }
        return MutationReport(generated: all.count, killed: all.count - survivors.count, survivors: survivors,
                              retargets: kinds["retarget"] ?? 0, drops: kinds["drop"] ?? 0, additions: kinds["add"] ?? 0)
    }

    /// `machine` moved to `target`: into `failed` with its failure, or a server error when it has
    /// none; out of `failed` without one.
    static func retargeted(_ machine: Machine, to target: Machine.State) -> Machine {
        let failure = machine.failure ?? .submission(.server(ServerError(status: 500, code: "SSE-5000")))
        let stage = Machine.Stage(target, failure: target == .failed ? failure : nil) ?? machine.stage
        return Machine(stage: stage, schema: machine.schema, form: machine.form, masking: machine.masking,
                       presentation: machine.presentation, submitPending: machine.submitPending)
    }

    /// The effect a mutant adds for `kind`.
    static func sample(of kind: Machine.Effect.Kind) -> Machine.Effect {
        switch kind {
        case .requestSchema: .requestSchema
        case .postCredential: .postCredential
        case .notifySuccess: .notifySuccess
        case .notifyError: .notifyError(.server(ServerError(status: 500, code: "SSE-5000")))
        case .clearValues: .clearValues
        case .presentSheet: .presentSheet
        case .dismissSheet: .dismissSheet
        case .trace: .trace("added by a mutant")
        }
    }
}
