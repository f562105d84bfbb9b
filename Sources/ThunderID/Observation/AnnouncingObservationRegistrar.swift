import Observation
#if canImport(Combine)
import Combine
#endif

/// The observation registrar of ``ChangeCredentialState`` and ``ThunderIDState``.
///
/// Both classes conform to `Observable` by hand, as Apple documents for a type that does not use
/// the `@Observable` macro: each observed property keeps its value in a private stored property,
/// reads it through ``access(_:keyPath:)`` and changes it through
/// ``withMutation(of:keyPath:_:)`` when the new value differs. This registrar forwards those calls to Observation's
/// `ObservationRegistrar` and, where Combine exists, first sends the object's `objectWillChange`.
/// So every observable change is announced to Combine subscribers (`@ObservedObject`, `sink`)
/// exactly when Observation hears of it, with no hand-written `objectWillChange.send()` to forget.
///
/// There is one declaration of each method and no overloads to choose between: where Combine
/// exists a subject is an ``AnnouncedObservable`` (an `ObservableObject` with Combine's
/// publisher), whose `objectWillChange` every change sends first.
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
    /// `didSet`: what Observation's `withMutation(of:keyPath:_:)` does, written here so that it is
    /// specialized and inlined into each setter (Observation's own is called unspecialized,
    /// through a closure).
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
    /// Sends `objectWillChange`.
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
