import Observation
#if canImport(Combine)
import Combine
#endif

/// The observation registrar of ``ChangeCredentialState`` and ``ThunderIDState``.
///
/// `@Observable` routes every change of a tracked property through the class's
/// `_$observationRegistrar` (`withMutation` for assignments, `willSet`/`didSet` for in-place
/// mutations such as `+=` or `append`); declaring the registrar ourselves replaces the macro's
/// plain one. This one forwards everything to Observation and, where Combine exists and the
/// object is an `ObservableObject`, first sends its `objectWillChange`. So every observable change
/// is announced to Combine subscribers (`@ObservedObject`, `sink`) exactly when Observation
/// hears of it, with no hand-written `objectWillChange.send()` to forget.
struct AnnouncingObservationRegistrar: Sendable {
    private let registrar = ObservationRegistrar()

    init() {}

    func access<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
        registrar.access(subject, keyPath: keyPath)
    }

    func willSet<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
        registrar.willSet(subject, keyPath: keyPath)
    }

    func didSet<Subject: Observable, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>) {
        registrar.didSet(subject, keyPath: keyPath)
    }

    // What Observation's `withMutation` does, written here so that it is specialized and inlined
    // into each setter (Observation's own is called unspecialized, through a closure).
    func withMutation<Subject: Observable, Member, Result>(
        of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> Result
    ) rethrows -> Result {
        registrar.willSet(subject, keyPath: keyPath)
        defer { registrar.didSet(subject, keyPath: keyPath) }
        return try mutation()
    }

    #if canImport(Combine)
    // The same entry points for objects Combine observes: announce, then forward. Overload
    // resolution picks these for an `ObservableObject` subject at the macro's call sites.

    func willSet<Subject: Observable & ObservableObject, Member>(_ subject: Subject, keyPath: KeyPath<Subject, Member>)
    where Subject.ObjectWillChangePublisher == ObservableObjectPublisher {
        subject.objectWillChange.send()
        registrar.willSet(subject, keyPath: keyPath)
    }

    func withMutation<Subject: Observable & ObservableObject, Member, Result>(
        of subject: Subject, keyPath: KeyPath<Subject, Member>, _ mutation: () throws -> Result
    ) rethrows -> Result where Subject.ObjectWillChangePublisher == ObservableObjectPublisher {
        subject.objectWillChange.send()
        registrar.willSet(subject, keyPath: keyPath)
        defer { registrar.didSet(subject, keyPath: keyPath) }
        return try mutation()
    }
    #endif
}
