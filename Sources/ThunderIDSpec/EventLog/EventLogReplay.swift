import ThunderID

/// Replays a debug event log through the machine and finds the first place, in file order, where
/// the machine, as built now, does not do what the log recorded.
///
/// For each instance the machine starts fresh (of the presentation its first step shows); each
/// `step` record's event is sent to it, and the record must show the same machine before and after
/// and the same effects. A gap
/// in an instance's sequence numbers means a lost line and is reported too. Records are replayed in
/// the order of their lines, instances interleaved as they were written, so a log can be replayed
/// while it is read (``replay(file:)``).
public enum EventLogReplay {
    /// What a replay found.
    public struct Result: Sendable {
        /// Events replayed before stopping.
        public var events: Int
        /// Instances in the log.
        public var instances: Int
        /// The first divergence, if any.
        public var divergence: Divergence?

        /// The report as printed by `thunderid-spec --event-log`.
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

    /// The most instances a replay from a file follows at once (10,000), and the most bytes of
    /// their ids together (16 MiB): with them, replaying a log of any size takes bounded memory.
    public static let maximumInstances = 10_000
    /// See ``maximumInstances``.
    public static let maximumInstanceIDBytes = 16 << 20

    /// Replays every instance of `log`, its records in file order.
    public static func replay(_ log: EventLogDocument) -> Result {
        var replayer = Replayer(path: log.path)
        let lines = log.instances.flatMap(\.lines).sorted { $0.number < $1.number }
        for line in lines {
            if let divergence = replayer.feed(line) { return replayer.result(divergence) }
        }
        return replayer.finish()
    }

    /// Replays the log in the file at `path` while reading it, one line at a time
    /// (``EventLogDocument/forEachLine(inFile:_:cutShort:)``), keeping only each instance's machine: memory
    /// stays bounded whatever the file's size. The result is what ``replay(_:)`` finds for the same
    /// log; it stops reading at the first divergence.
    ///
    /// - Throws: ``EventLogProblem`` for a file or line that cannot be read, a line over
    ///   ``EventLogDocument/maximumLineBytes``, a log with no record, or more than ``maximumInstances``
    ///   instances (or ``maximumInstanceIDBytes`` of their ids).
    public static func replay(file path: String) throws(EventLogProblem) -> Result {
        var replayer = Replayer(path: path)
        var found: Divergence?
        do throws(EventLogProblem) {
            try EventLogDocument.forEachLine(inFile: path) { (line: EventLogDocument.Line) throws(EventLogProblem) in
                if let divergence = replayer.feed(line) {
                    found = divergence
                    throw Stop.divergence
                }
                if replayer.instanceCount > maximumInstances || replayer.instanceIDBytes > maximumInstanceIDBytes {
                    throw EventLogProblem(location: SourceLocation(file: path, line: line.number),
                                       message: "the log has more than \(maximumInstances) instances or \(maximumInstanceIDBytes) bytes of instance ids")
                }
            }
        } catch {
            if error == Stop.divergence, let found { return replayer.result(found) }
            throw error
        }
        return replayer.finish()
    }

    /// Ends the reading at the first divergence (never reported).
    private enum Stop {
        static let divergence = EventLogProblem(location: SourceLocation(file: "", line: 0), message: "stop")
    }

    /// The replay's state: each instance's machine and what it waits for.
    struct Replayer {
        struct Instance {
            var name: String
            var machine: ChangeCredentialMachine?
            var lastSequence: Int?
        }

        let path: String
        private var instances: [String: Instance] = [:]
        /// Instances in order of first appearance (for the end-of-log check).
        private var order: [String] = []
        private(set) var events = 0
        private(set) var instanceIDBytes = 0

        init(path: String) { self.path = path }

        var instanceCount: Int { order.count }

        func result(_ divergence: Divergence?) -> Result {
            Result(events: events, instances: order.count, divergence: divergence)
        }

        private func divergence(_ instance: Instance, _ line: Int, _ subject: String, _ logged: String, _ actual: String) -> Divergence {
            Divergence(location: SourceLocation(file: path, line: line), subject: "\(instance.name), \(subject)",
                       logged: logged, actual: actual)
        }

        /// Replays one record; the divergence it shows, if any.
        mutating func feed(_ line: EventLogDocument.Line) -> Divergence? {
            let record = line.record
            var instance: Instance
            if let known = instances[record.instance] {
                instance = known
            } else {
                instance = Instance(name: "instance \(record.instance.prefix(8))…")
                order.append(record.instance)
                instanceIDBytes += record.instance.utf8.count
            }
            let found = feed(line, into: &instance)
            instances[record.instance] = instance
            return found
        }

        private mutating func feed(_ line: EventLogDocument.Line, into instance: inout Instance) -> Divergence? {
            let record = line.record
            if let last = instance.lastSequence, record.sequence != last + 1 {
                return divergence(instance, line.number, "record \(record.sequence)", "sequence \(record.sequence) after \(last)",
                                  "expected \(last + 1): a line is missing or out of order")
            }
            instance.lastSequence = record.sequence
            guard case .step(let step) = record.body else { return nil }
            // The presentation is fixed at creation: the first step's machine says which.
            var machine = instance.machine ?? ChangeCredentialMachine(presentation: step.from.presentation)
            let before = machine
            let effects = machine.handle(step.event)
            instance.machine = machine
            events += 1
            let subject = "event \(EventPhrase.format(step.event))"
            if step.from != before {
                return divergence(instance, line.number, subject, "from \(describe(step.from))", "from \(describe(before))")
            }
            if step.to != machine || step.effects != effects {
                return divergence(instance, line.number, subject,
                                  "\(describe(step.to)) | \(EffectPhrase.format(step.effects))",
                                  "\(describe(machine)) | \(EffectPhrase.format(effects))")
            }
            return nil
        }

        /// The result at the end of the log.
        func finish() -> Result { result(nil) }
    }

    /// `editing (schema credential, form valid)`.
    static func describe(_ machine: ChangeCredentialMachine) -> String {
        "\(machine.state.rawValue) (\(MachineContext.describe(machine)))"
    }
}
