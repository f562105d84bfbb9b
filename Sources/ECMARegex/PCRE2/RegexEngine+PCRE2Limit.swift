#if PCRE2_BACKEND
extension RegexEngine {
    /// The verdict after the PCRE2 fast path (``CompiledRegex/quickStatus(_:)``) stopped at a limit with
    /// `status`, as ``matches(_:)`` gives it without searching again: PCRE2's DFA fallback, then, after a
    /// PCRE2 `limit`, the portable matcher.
    func matches(_ value: String, afterPCRE2Limit status: Int32) throws(ECMARegexError) -> Bool {
        guard let pcre2 else { return try matches(value) }
        do throws(ECMARegexError) {
            return try pcre2.resolve(status, value)
        } catch where error.kind == .limit {
            return try PortableMatcher.matches(portableProgram(), value)
        }
    }
}
#endif
