/// The latest `onSuccess` / `onError` closures a view was rendered with: the state calls through
/// this box, so it always reaches the most recent render's closures, not the first's.
@MainActor
package final class ChangeCredentialCallbacks {
    private var onSuccess: (() -> Void)?
    private var onError: ((ThunderIDError) -> Void)?

    package init() {}

    /// Replaces the closures with the current render's.
    package func update(onSuccess: (() -> Void)?, onError: (() -> Void)?) {
        update(onSuccess: onSuccess, onFailure: onError.map { handler in { _ in handler() } })
    }

    /// Replaces the closures with the current render's, with an `onError` that takes the failure.
    package func update(onSuccess: (() -> Void)?, onFailure: ((ThunderIDError) -> Void)?) {
        self.onSuccess = onSuccess
        self.onError = onFailure
    }

    /// Calls the latest `onSuccess`.
    package func success() { onSuccess?() }

    /// Calls the latest `onError` with `failure`.
    package func error(_ failure: ThunderIDError) { onError?(failure) }
}
