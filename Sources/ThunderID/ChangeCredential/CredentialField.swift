/// Where a message of the change-credential form belongs (the ThunderID iOS SDK's
/// `CredentialField`, with the same meaning): ``ChangeCredentialState/fieldError(_:)``.
public enum CredentialField: Hashable, Sendable, CaseIterable {
    /// The new value: the server refused the value itself (a 400 about the value, USR-1024).
    case new
    /// The form as a whole: every other failure, the unavailable notice and broken rules.
    case form

    /// The field a failed change belongs to: `.new` for a 400 about the value, `.form` otherwise
    /// (USR-1001, USR-1017 and USR-1025 are 400s no typed value would fix).
    public static func field(for error: ThunderIDError) -> CredentialField {
        guard case .server(let server) = error, server.status == 400 else { return .form }
        switch server.code {
        case "USR-1001", "USR-1017", "USR-1025": return .form
        default: return .new
        }
    }
}

/// The ThunderID iOS SDK's error-to-field mapping; here it is a static member.
@available(*, unavailable, message: "use CredentialField.field(for:), or ChangeCredentialState.fieldError(_:)")
public func mapCredentialError(_ error: any Error) -> CredentialField {
    guard let error = error as? ThunderIDError else { return .form }
    return CredentialField.field(for: error)
}
