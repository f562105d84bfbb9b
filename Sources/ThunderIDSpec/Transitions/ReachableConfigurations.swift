import ThunderID

/// The machine configurations a user can actually reach, with error payloads set aside, so a
/// spec row that starts from an impossible configuration is reported instead of silently passing.
enum ReachableConfigurations {
    private static let all: Set<ConfigurationKey> = Set(
        ChangeCredentialMachine.reachableConfigurations().map { ConfigurationKey(normalized($0)) }
    )

    static func contains(_ machine: ChangeCredentialMachine) -> Bool {
        all.contains(ConfigurationKey(normalized(machine)))
    }

    /// The same configuration with every error replaced by one placeholder error.
    static func normalized(_ machine: ChangeCredentialMachine) -> ChangeCredentialMachine {
        let placeholder = ThunderIDError.transport(.offline)
        let schema: ChangeCredentialMachine.SchemaStatus
        switch machine.schema {
        case .failed: schema = .failed(placeholder)
        case .unrequested, .loading, .resolved: schema = machine.schema
        }
        let stage: ChangeCredentialMachine.Stage
        switch machine.stage {
        case .failed(.schema): stage = .failed(.schema(placeholder))
        case .failed(.submission): stage = .failed(.submission(placeholder))
        case .closed, .unavailable, .editing, .invalid, .submitting, .succeeded: stage = machine.stage
        }
        return ChangeCredentialMachine(stage: stage, schema: schema, form: machine.form, masking: machine.masking,
                                       presentation: machine.presentation, submitPending: machine.submitPending)
    }
}
