/// A ``DisplayNameResolving`` backed by a dictionary; the default is empty, so templates fall back
/// to the title-cased attribute name.
public struct InMemoryDisplayNameResolver: DisplayNameResolving, Hashable {
    /// Texts by i18n key, such as `["custom:user.pin": "PIN"]`.
    package var texts: [String: String]

    /// A resolver over `texts`.
    public init(_ texts: [String: String] = .init()) {
        self.texts = texts
    }

    /// The text for `key`, when the table has it.
    public func text(forKey key: String) -> String? {
        texts[key]
    }
}
