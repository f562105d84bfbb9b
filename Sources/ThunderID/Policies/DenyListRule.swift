/// An app-supplied rule: the new value is not one of a list of refused values (`"denyList"`),
/// such as the most common passwords. The whole value is compared, case-insensitively by default.
///
/// The list itself is never logged or shown; only the verdict is.
public struct DenyListRule: CredentialRule, IncrementalCredentialRule, CustomStringConvertible, CustomReflectable {
    public let id = "denyList"
    package var reads: Set<ChangeCredentialMachine.Field> { [.newValue] }
    private let denied: Set<String>
    private let caseSensitive: Bool

    /// Creates the rule from the refused values.
    public init(_ denied: [String], caseSensitive: Bool = false) {
        self.caseSensitive = caseSensitive
        self.denied = Set(denied.map { caseSensitive ? $0 : $0.lowercased() })
    }

    public func evaluate(_ input: CredentialInput) -> RuleResult? {
        let candidate = caseSensitive ? input.newValue : input.newValue.lowercased()
        return RuleResult(id: id, status: denied.contains(candidate) ? .failed : .passed,
                          message: input.context.messages.denied)
    }

    public var description: String { "DenyListRule(\(denied.count) values)" }

    public var customMirror: Mirror {
        Mirror(self, children: ["count": denied.count, "caseSensitive": caseSensitive], displayStyle: .struct)
    }
}
