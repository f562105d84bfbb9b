/// The JavaScript flags a pattern is compiled with.
///
/// `d` is accepted and has no effect on `test`. `g` and `y` are valid JavaScript but make `test`
/// stateful (`lastIndex`), so they are refused as ``ECMARegexError/Kind-swift.enum/unsupported``.
public struct RegexFlags: Sendable, Hashable, CustomStringConvertible {
    /// `i`: case-insensitive matching.
    public var ignoreCase = false
    /// `m`: `^` and `$` match at line terminators.
    public var multiline = false
    /// `s`: `.` matches line terminators too.
    public var dotAll = false
    /// `u`: Unicode mode (code points, strict syntax).
    public var unicode = false
    /// `v`: Unicode sets mode (`u` plus set operations, nested classes and `\q{}`).
    public var unicodeSets = false
    /// `d`: match indices; no effect on `test`.
    public var hasIndices = false

    /// True in `u` or `v` mode: the subject is a sequence of code points, not UTF-16 code units.
    public var isUnicodeAware: Bool { unicode || unicodeSets }

    /// Flags with every option off (Annex B, UTF-16 code units).
    public init() {}

    /// Parses a JavaScript flags string exactly as `new RegExp(p, flags)` does, then refuses `g` and `y`.
    ///
    /// - Throws: `syntax` for an unknown or repeated flag or for `u` together with `v` (as V8 does);
    ///   `unsupported` for `g` or `y`.
    public init(parsing text: String) throws(ECMARegexError) {
        var seen = Set<Character>()
        var stateful: Character?
        for flag in text {
            guard "dgimsuvy".contains(flag), seen.insert(flag).inserted else {
                throw .syntax("Invalid flags supplied to RegExp constructor '\(text)'", at: nil)
            }
            switch flag {
            case "i": ignoreCase = true
            case "m": multiline = true
            case "s": dotAll = true
            case "u": unicode = true
            case "v": unicodeSets = true
            case "d": hasIndices = true
            default: stateful = flag
            }
        }
        if unicode && unicodeSets {
            throw .syntax("Invalid flags supplied to RegExp constructor '\(text)'", at: nil)
        }
        if let stateful {
            throw .unsupported(
                "the '\(stateful)' flag makes RegExp.prototype.test stateful (lastIndex); schema regexes must not use it",
                at: nil)
        }
    }

    /// The flags in JavaScript's canonical order (`dimsuv`).
    public var description: String {
        var text = ""
        if hasIndices { text += "d" }
        if ignoreCase { text += "i" }
        if multiline { text += "m" }
        if dotAll { text += "s" }
        if unicode { text += "u" }
        if unicodeSets { text += "v" }
        return text
    }
}
