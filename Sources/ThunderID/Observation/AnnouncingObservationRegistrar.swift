import Observation
#if canImport(Combine)
import Combine
#endif

/// The observation registrar of ``ChangeCredentialState`` and ``ThunderIDState``, which conform to
/// `Observable` by hand: it forwards to Observation's `ObservationRegistrar` and, where Combine
/// exists, first sends the object's `objectWillChange`, so Combine subscribers hear of every change
/// with no hand-written `send()` to forget.
struct AnnouncingObservationRegistrar: Sendable {
    private let registrar = ObservationRegistrar()

    init() {}

    /// Records a read of `keyPath` for the observers of `subject` (Observation's `access`).
    func access<Subject: AnnouncedObservable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
        registrar.access(subject, keyPath: keyPath)
    }

    /// Announces a change of `keyPath`, then tells Observation it will happen (for a change made
    /// in place, over several statements; ``didSet(_:keyPath:)`` ends it).
    func willSet<Subject: AnnouncedObservable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
        subject.announceChange()
        registrar.willSet(subject, keyPath: keyPath)
    }

    /// Tells Observation that a change begun with ``willSet(_:keyPath:)`` happened.
    func didSet<Subject: AnnouncedObservable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
        registrar.didSet(subject, keyPath: keyPath)
    }

    /// Announces the change of `keyPath` and runs `mutation` between Observation's `willSet` and
    /// `didSet`, written here so it is inlined into each setter.
    func withMutation<Subject: AnnouncedObservable, Member, Result>(
        of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> Result
    ) rethrows -> Result {
        subject.announceChange()
        registrar.willSet(subject, keyPath: keyPath)
        defer { registrar.didSet(subject, keyPath: keyPath) }
        return try mutation()
    }
}

#if canImport(Combine)
/// An `Observable` class whose changes ``AnnouncingObservationRegistrar`` announces to Combine
/// as well: an `ObservableObject` with Combine's publisher.
protocol AnnouncedObservable: Observable, ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {}

extension AnnouncedObservable {
    func announceChange() { objectWillChange.send() }
}
#else
/// An `Observable` class whose changes ``AnnouncingObservationRegistrar`` reports (without
/// Combine there is nobody else to announce them to).
protocol AnnouncedObservable: Observable {}

extension AnnouncedObservable {
    /// Nothing to announce without Combine.
    func announceChange() {}
}
#endif

extension ChangeCredentialState: AnnouncedObservable {}
extension ThunderIDState: AnnouncedObservable {}
