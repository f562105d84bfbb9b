import ThunderID
import ThunderIDTesting

/// A cap on how many calls a scenario's fakes answer, so a machine that keeps asking (a mutant
/// that requests the schema on every schema answer, say) parks instead of looping forever.
/// Parked calls never resume; they count as held when the executor waits for quiet.
actor CallBudget {
    private var remaining: Int
    private var parked: [CheckedContinuation<Void, Never>] = []

    init(calls: Int) {
        remaining = calls
    }

    /// Returns at once while calls remain; afterwards suspends for good.
    func spend() async {
        if remaining > 0 {
            remaining -= 1
            return
        }
        await withCheckedContinuation { parked.append($0) }
    }

    /// Calls parked after the budget ran out.
    var parkedCount: Int { parked.count }
}

/// The engine's ``InMemorySchemaProvider`` behind a ``CallBudget``.
struct BudgetedSchemaProvider: UserSchemaProviding {
    let inner: InMemorySchemaProvider
    let budget: CallBudget

    func credentialPolicy(for attribute: String) async throws(ThunderIDError) -> CredentialPolicy {
        await budget.spend()
        return try await inner.credentialPolicy(for: attribute)
    }
}

/// The engine's ``ScriptedCredentialUpdater`` behind a ``CallBudget``.
struct BudgetedCredentialUpdater: CredentialUpdating {
    let inner: ScriptedCredentialUpdater
    let budget: CallBudget

    func updateUserCredentials(attribute: String, newValue: String) async throws(ThunderIDError) {
        await budget.spend()
        try await inner.updateUserCredentials(attribute: attribute, newValue: newValue)
    }
}
