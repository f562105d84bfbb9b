/// Owns a view's ``ChangeCredentialState`` across renders: the same state while its
/// ``ChangeCredentialStateKey`` stays the same, a new one when the key changes.
@MainActor
package final class ChangeCredentialStateHolder {
    /// The key the current state was made for.
    package private(set) var key: ChangeCredentialStateKey?
    /// The closures the state calls (always the latest render's).
    package let callbacks = ChangeCredentialCallbacks()
    private var current: ChangeCredentialState?

    package init() {}

    /// The state for `key`: the current one when the key is unchanged, else a new one from `make`.
    package func state(for key: ChangeCredentialStateKey,
                       make: (ChangeCredentialCallbacks) -> ChangeCredentialState) -> ChangeCredentialState {
        if let current, self.key == key { return current }
        let state = make(callbacks)
        self.key = key
        current = state
        return state
    }
}
