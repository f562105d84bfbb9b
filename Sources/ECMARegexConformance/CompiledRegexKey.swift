import ECMARegex

/// What identifies a compiled regex in the conformance tools' caches (`RegexEvaluator`, `JSONLinesProtocol`).
struct CompiledRegexKey: Hashable {
    var pattern: String
    var flags: String
    var mode: ECMARegex.MatchMode

    // By scalars, not String equality: `^\u{1FD3}$` and `^\u{390}$` are canonically equivalent
    // strings but different regexes.
    static func == (left: CompiledRegexKey, right: CompiledRegexKey) -> Bool {
        left.mode == right.mode && left.flags == right.flags
            && left.pattern.unicodeScalars.elementsEqual(right.pattern.unicodeScalars)
    }

    func hash(into hasher: inout Hasher) {
        for scalar in pattern.unicodeScalars { hasher.combine(scalar.value) }
        hasher.combine(flags)
        hasher.combine(mode)
    }
}
