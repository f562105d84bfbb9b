import Foundation

/// Resolves the i18n keys of `displayName` templates such as `{{t(custom:user.pin)}}`, with the
/// app's translations. ``InMemoryDisplayNameResolver`` is the default.
public protocol DisplayNameResolving: Sendable {
    /// The text for i18n `key` (the part inside `t(…)`, such as `custom:user.pin`), or nil
    /// when the key is unknown.
    func text(forKey key: String) -> String?
}

extension DisplayNameResolving {
    /// The name to show for `attribute`: its `displayName` with every template resolved, else (none,
    /// empty, or a key that does not resolve) the title-cased attribute name.
    public func displayName(_ declared: String?, forAttribute attribute: String) -> String {
        if let declared, let resolved = DisplayNameTemplate(declared).resolve(with: self) {
            let trimmed = resolved.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { return trimmed }
        }
        return UserSchema.titleCase(attribute)
    }
}
