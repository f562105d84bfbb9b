import ThunderID

/// Replays a debug event log through the machine and finds the first place where the machine, as
/// built now, does not do what the log recorded.
///
/// For each instance the machine starts fresh; each `event` record is sent to it, and the next
/// `transition` record must show the same machine before and after and the same effects. A gap
/// in an instance's sequence numbers means a lost line and is reported too.
public enum TraceReplay {
    /// What a replay found.
    public struct Result: Sendable {
        /// Events replayed before stopping.
        public var events: Int
        /// Instances in the log.
        public var instances: Int
        /// The first divergence, if any.
        public var divergence: Divergence?

        /// The report as printed by `thunderid-spec --trace`.
        public func render(path: String) -> String {
            guard let divergence else {
                return "\(path): replayed \(events) events of \(instances) instance(s): no divergence"
            }
            return divergence.description + "\n\(path): diverged after \(events) events"
        }
    }

    /// The first record the machine disagrees with.
    public struct Divergence: Sendable, CustomStringConvertible {
        /// The record's line.
        public var location: SourceLocation
        /// What the record is about, such as `instance 1A2B…, event submit`.
        public var subject: String
        /// What the log says.
        public var logged: String
        /// What the machine does.
        public var actual: String

        public var description: String {
            "\(location): \(subject)\n    log:     \(logged)\n    machine: \(actual)"
        }
    }

    /// Replays every instance of `log`.
    public static func replay(_ log: TraceLog) -> Result {
        var events = 0
        for (instance, lines) in log.instances {
            // The presentation is fixed at creation; the first transition record says which it is.
            let presentation = lines.lazy.compactMap { line -> ChangeCredentialMachine.Presentation? in
                if case .transition(let from, _, _, _) = line.record.body { return from.presentation }
                return nil
            }.first ?? .sheet
            var machine = ChangeCredentialMachine(presentation: presentation)
            var pending: (line: Int, event: ChangeCredentialMachine.Event, before: ChangeCredentialMachine,
                          after: ChangeCredentialMachine, effects: [ChangeCredentialMachine.Effect])?
            var lastSequence: Int?
            let name = "instance \(instance.prefix(8))…"
            func divergence(_ line: Int, _ subject: String, _ logged: String, _ actual: String) -> Result {
                Result(events: events, instances: log.instances.count,
                       divergence: Divergence(location: SourceLocation(file: log.path, line: line),
                                              subject: "\(name), \(subject)", logged: logged, actual: actual))
            }
            for line in lines {
                let record = line.record
                if let last = lastSequence, record.sequence != last + 1 {
                    return divergence(line.number, "record \(record.sequence)", "sequence \(record.sequence) after \(last)",
                                      "expected \(last + 1): a line is missing or out of order")
                }
                lastSequence = record.sequence
                switch record.body {
                case .event(let event, _):
                    if let pending {
                        return divergence(pending.line, "event \(EventPhrase.format(pending.event))",
                                          "no transition record before the next event", "a transition for every event")
                    }
                    let before = machine
                    let effects = machine.handle(event)
                    pending = (line.number, event, before, machine, effects)
                    events += 1
                case .transition(let from, let kind, let to, let effects):
                    guard let expected = pending else {
                        return divergence(line.number, "transition \(kind.rawValue)", "a transition with no event before it",
                                          "no event to answer")
                    }
                    pending = nil
                    let subject = "event \(EventPhrase.format(expected.event)) (line \(expected.line))"
                    if kind != expected.event.kind {
                        return divergence(line.number, subject, "transition for \(kind.rawValue)", "transition for \(expected.event.kind.rawValue)")
                    }
                    if from != expected.before {
                        return divergence(line.number, subject, "from \(describe(from))", "from \(describe(expected.before))")
                    }
                    if to != expected.after || effects != expected.effects {
                        return divergence(line.number, subject,
                                          "\(describe(to)) | \(EffectPhrase.format(effects))",
                                          "\(describe(expected.after)) | \(EffectPhrase.format(expected.effects))")
                    }
                case .start, .evaluation, .effect, .note:
                    break
                }
            }
            if let pending {
                return divergence(pending.line, "event \(EventPhrase.format(pending.event))",
                                  "the log ends before its transition", "a transition for every event")
            }
        }
        return Result(events: events, instances: log.instances.count, divergence: nil)
    }

    /// `editing (schema credential, form valid)`.
    static func describe(_ machine: ChangeCredentialMachine) -> String {
        "\(machine.state.rawValue) (\(MachineContext.describe(machine)))"
    }
}
