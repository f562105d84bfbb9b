import Foundation
@testable import ThunderID

// Shorthands only the tests read; the product has no use for them.

extension ThunderIDError {
    /// The server error, when the server answered with a non-success status.
    var serverError: ServerError? {
        if case .server(let error) = self { return error }
        return nil
    }

    /// The transport failure, when no HTTP answer arrived.
    var transportFailure: TransportFailure? {
        if case .transport(let failure) = self { return failure }
        return nil
    }
}

extension CredentialEntry {
    /// Whether the system may offer a generated strong password.
    var suggestsStrongPassword: Bool { autoFill == .newPassword }
}

extension ChangeCredentialStrings {
    /// A copy with `key` replaced.
    func replacing(_ key: Key, with template: String) -> ChangeCredentialStrings {
        var copy = self
        copy[key] = template
        return copy
    }
}

extension HTTPRequest {
    /// The value of header `name`, compared case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
