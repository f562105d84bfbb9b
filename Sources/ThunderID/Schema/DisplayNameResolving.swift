import Foundation

/// Resolves the i18n keys of `displayName` templates such as `{{t(custom:user.pin)}}`.
///
/// The schema stores templates unresolved; the app supplies translations through an
/// implementation of this protocol. ``InMemoryDisplayNameResolver`` is the default.
public protocol DisplayNameResolving: Sendable {
    /// The text for i18n `key` (the part inside `t(…)`, such as `custom:user.pin`), or nil
    /// when the key is unknown.
    func text(forKey key: String) -> String?
}

extension DisplayNameResolving {
    /// The name to show for `attribute`: its `displayName` as plain text or with every
    /// template resolved; when there is none, it is empty, or a template does not resolve,
    /// the title-cased attribute name (`recovery_code` → "Recovery Code").
    public func displayName(_ declared: String?, forAttribute attribute: String) -> String {
        if let declared, let resolved = DisplayNameTemplate(declared).resolve(with: self) {
            let trimmed = resolved.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { return trimmed }
        }
        return UserSchema.titleCase(attribute)
    }
}
