import Foundation

// User actions become machine events, processed one at a time, in order.
extension ChangeCredentialState {
    /// The view appeared. A row (`.sheet`) fetches the schema for its display name; an inline form
    /// opens: it fetches the schema and takes edits from now on.
    public func appear() { send(.appear) }

    /// Opens the sheet (the schema is fetched when not known yet).
    public func open() { send(.open) }

    /// Closes the sheet and clears the values; ignored while a change is being posted.
    public func dismiss() { send(.dismiss) }

    /// Presses Save (or retries after a failure). Pressed before the schema has loaded, it waits
    /// for the schema, then posts, or shows the broken rule or the unavailable notice.
    public func submit() { send(.submit) }

    /// Flips `field` between masked and plain text, as the built-in sheet's eye button does.
    public func toggleMasking(_ field: ChangeCredentialMachine.Field) { send(.toggleMasking(field)) }

    /// Waits until every effect in flight (schema lookups, posts) has finished and sent its
    /// outcome, including effects those outcomes started. For tests and scripted drivers.
    public func settle() async {
        while let (id, task) = tasks.first {
            await task.value
            tasks[id] = nil
        }
    }

    func send(_ event: ChangeCredentialMachine.Event) {
        // A callback run as an effect may call back in (e.g. `open()` from `onSuccess`): queue it.
        guard !isSending else {
            var queued = takePendingEvents()
            queued.append(event)
            pendingEvents = queued
            return
        }
        isSending = true
        defer { isSending = false }
        process(event)
        // First in, first out: what these events queue runs after them.
        while case let queued = takePendingEvents(), !queued.isEmpty {
            for event in queued { process(event) }
        }
    }

    /// Moves the queued events out, so no access to the queue spans a call (and none is checked
    /// at run time).
    func takePendingEvents() -> [ChangeCredentialMachine.Event] {
        var taken: [ChangeCredentialMachine.Event] = []
        swap(&taken, &pendingEvents)
        return taken
    }

    func process(_ event: ChangeCredentialMachine.Event) {
        let before = _machine
        var after = before
        let effects = if let mutant { mutant(&after, event) } else { after.handle(event) }
        // An edit that leaves the machine as it was notifies no observer.
        if after != _machine {
            // What the views show does not depend on the form's validity.
            var sameForm = after
            sameForm.form = _machine.form
            let viewsMayChange = sameForm != _machine
            machine = after
            if viewsMayChange { publishViews() }
        }
        // Logged before the effects run: a callback that crashes the app leaves its step logged.
        if isLogging {
            logStep(event, from: before, to: after, effects: effects)
            switch event.kind {
            case .submissionSucceeded, .submissionFailed, .dismiss:
                // Before the callbacks run, what led here reaches the sinks' storage.
                for sink in sinks { sink.flush() }
            case .appear, .open, .schemaResolved, .schemaFailed, .newValueEdited, .confirmationEdited, .toggleMasking, .submit:
                break
            }
        }
        for effect in effects { run(effect) }
    }
}
