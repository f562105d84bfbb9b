import Foundation
import Observation
#if canImport(Combine)
import Combine
#endif

/// The signed-in user's ThunderID state, shared by every view: the user type schema and the
/// ``client`` views post through.
///
/// - Callers asking at once cost one `GET /users/me/meta`; later ones get the cached schema.
/// - ``refresh()`` refetches; ``signOut()`` and ``userChanged(to:)`` drop the schema and cancel a
///   fetch in flight, so a stale answer is never stored.
/// - A failed fetch is not cached: it is published in ``schemaError`` and the next demand retries.
/// - A cancelled caller gets ``TransportFailure/cancelled`` at once; the fetch carries on for others.
///
/// ``isLoadingSchema``, ``schemaError``, ``userID`` and the cached schema are observable
/// (`Observable`, and `ObservableObject` where Combine exists).
@MainActor
public final class ThunderIDState: Observable {
    /// The client views post through (for example `ChangeCredential`'s update).
    public let client: ThunderIDClient
    /// Resolves i18n `displayName` templates for ``credentialPolicy(for:)``.
    package let displayNames: any DisplayNameResolving

    /// The cached schema, once a fetch succeeded for the current user.
    package private(set) var schema: UserSchema? {
        get { registrar.access(self, keyPath: \.schema); return _schema }
        set {
            guard newValue != _schema else { return }
            registrar.withMutation(of: self, keyPath: \.schema) { _schema = newValue }
        }
    }
    private var _schema: UserSchema? = nil
    /// Whether a schema fetch is in flight.
    public private(set) var isLoadingSchema: Bool {
        get { registrar.access(self, keyPath: \.isLoadingSchema); return _isLoadingSchema }
        set {
            guard newValue != _isLoadingSchema else { return }
            registrar.withMutation(of: self, keyPath: \.isLoadingSchema) { _isLoadingSchema = newValue }
        }
    }
    private var _isLoadingSchema: Bool = false
    /// The last fetch's failure, until the next fetch starts or the user changes.
    public private(set) var schemaError: ThunderIDError? {
        get { registrar.access(self, keyPath: \.schemaError); return _schemaError }
        set {
            guard newValue != _schemaError else { return }
            registrar.withMutation(of: self, keyPath: \.schemaError) { _schemaError = newValue }
        }
    }
    private var _schemaError: ThunderIDError? = nil
    /// The user the schema belongs to, as last told by ``userChanged(to:)``.
    public private(set) var userID: String? {
        get { registrar.access(self, keyPath: \.userID); return _userID }
        set {
            guard newValue != _userID else { return }
            registrar.withMutation(of: self, keyPath: \.userID) { _userID = newValue }
        }
    }
    private var _userID: String? = nil

    /// The fetch in flight (internal so tests can await a superseded fetch's end).
    private(set) var fetchTask: Task<Void, Never>?
    private var fetchGeneration = 0
    private var waiters: [Int: CheckedContinuation<Result<UserSchema, ThunderIDError>, Never>] = .init()
    private var nextWaiterID = 0
    // Observation by hand, as Apple documents for `Observable` without the macro; an equal value
    // changes nothing and tells nobody, as with `@Observable`.
    private let registrar = AnnouncingObservationRegistrar()

    /// Shared state over `client`, for `userID` when the app knows it.
    package init(client: ThunderIDClient, userID: String? = nil,
                displayNames: any DisplayNameResolving = InMemoryDisplayNameResolver()) {
        self.client = client
        self._userID = userID
        self.displayNames = displayNames
    }

    /// Shared state over a ``ThunderIDClient`` for `config`, on the platform's transport.
    public convenience init(config: ThunderIDConfig, userID: String? = nil,
                            displayNames: any DisplayNameResolving = InMemoryDisplayNameResolver()) {
        self.init(client: ThunderIDClient(config: config), userID: userID, displayNames: displayNames)
    }

    /// The schema: the cached one, or the answer of the fetch in flight, or a new fetch's.
    ///
    /// - Throws: the fetch's ``ThunderIDError``; ``TransportFailure/cancelled`` when the caller's
    ///   task is cancelled or the user signs out or changes meanwhile.
    package func userSchema() async throws(ThunderIDError) -> UserSchema {
        if Task.isCancelled { throw .transport(.cancelled) }
        if let schema { return schema }
        if fetchTask == nil { startFetch() }
        return try await awaitFetch()
    }

    /// Drops the cached schema and fetches it again; callers already waiting get the new answer.
    public func refresh() async throws(ThunderIDError) {
        _ = try await refreshedSchema()
    }

    /// ``refresh()``, answering with the schema fetched.
    @discardableResult
    package func refreshedSchema() async throws(ThunderIDError) -> UserSchema {
        if Task.isCancelled { throw .transport(.cancelled) }
        fetchTask?.cancel()
        fetchTask = nil
        schema = nil
        startFetch()
        return try await awaitFetch()
    }

    /// Forgets the schema and ends every request of ``client`` in flight: waiters get
    /// ``TransportFailure/cancelled``, and an update already sent fails with
    /// ``ThunderIDError/updateUnconfirmed(_:)``, so its form calls `onError`, never `onSuccess`.
    public func signOut() {
        drop()
        userID = nil
    }

    /// Records that a different user signed in: when `newUserID` differs from `userID`, the
    /// schema is dropped and requests in flight end as on ``signOut()``.
    public func userChanged(to newUserID: String?) {
        guard newUserID != userID else { return }
        drop()
        userID = newUserID
    }

    /// The credential policy for `attribute` from the shared schema (fetching it if needed),
    /// with display names resolved by `displayNames`.
    public func credentialPolicy(for attribute: String) async throws(ThunderIDError) -> CredentialPolicy {
        try await userSchema().requireCredentialPolicy(for: attribute, resolver: displayNames)
    }

    // MARK: - Single flight

    private func startFetch() {
        fetchGeneration += 1
        let generation = fetchGeneration
        let client = client
        isLoadingSchema = true
        schemaError = nil
        fetchTask = Task { [weak self] in
            let result: Result<UserSchema, ThunderIDError>
            do throws(ThunderIDError) {
                result = .success(try await client.getUserSchema())
            } catch {
                result = .failure(error)
            }
            self?.finishFetch(generation: generation, with: result)
        }
    }

    private func finishFetch(generation: Int, with result: Result<UserSchema, ThunderIDError>) {
        // A fetch superseded by refresh, sign-out or a user change must not store its answer.
        guard generation == fetchGeneration, fetchTask != nil else { return }
        fetchTask = nil
        isLoadingSchema = false
        switch result {
        case .success(let schema):
            self.schema = schema
            schemaError = nil
        case .failure(let error):
            schemaError = error
        }
        resumeAll(with: result)
    }

    private func awaitFetch() async throws(ThunderIDError) -> UserSchema {
        nextWaiterID += 1
        let id = nextWaiterID
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<UserSchema, ThunderIDError>, Never>) in
                if Task.isCancelled {
                    continuation.resume(returning: .failure(.transport(.cancelled)))
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            Task { @MainActor [weak self] in
                self?.waiters.removeValue(forKey: id)?.resume(returning: .failure(.transport(.cancelled)))
            }
        }
        return try result.get()
    }

    private func drop() {
        client.requests.cancelAll()
        fetchGeneration += 1
        fetchTask?.cancel()
        fetchTask = nil
        schema = nil
        schemaError = nil
        isLoadingSchema = false
        resumeAll(with: .failure(.transport(.cancelled)))
    }

    private func resumeAll(with result: Result<UserSchema, ThunderIDError>) {
        let pending = waiters
        waiters = .init()
        for continuation in pending.values {
            continuation.resume(returning: result)
        }
    }
}

extension ThunderIDState: UserSchemaProviding {}

#if canImport(Combine)
// `objectWillChange` is sent before every observable change by `AnnouncingObservationRegistrar`.
extension ThunderIDState: ObservableObject {}
#endif
