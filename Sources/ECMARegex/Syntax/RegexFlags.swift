/// The JavaScript flags a pattern is compiled with.
///
/// `d` is accepted and has no effect on `test`. `g` and `y` make `test` depend on `lastIndex`; an
/// ``ECMARegex`` answers as a freshly created `RegExp` does (`lastIndex` 0): `g` changes nothing and
/// `y` anchors the match at the start of the value.
public struct RegexFlags: Sendable, Equatable, CustomStringConvertible {
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
    /// `g`: no effect on the first `test` of a fresh `RegExp`.
    var global = false
    /// `y`: the match must start at `lastIndex`, which is 0 for a fresh `RegExp`.
    var sticky = false

    /// True in `u` or `v` mode: the subject is a sequence of code points, not UTF-16 code units.
    public var isUnicodeAware: Bool { unicode || unicodeSets }

    /// Flags with every option off (Annex B, UTF-16 code units).
    public init() {}

    /// Parses a JavaScript flags string exactly as `new RegExp(p, flags)` does.
    ///
    /// - Throws: `syntax` for an unknown or repeated flag or for `u` together with `v` (as V8 does).
    public init(parsing text: String) throws(ECMARegexError) {
        // The flags seen so far, one bit each by position in "dgimsuvy" (a set of a type of its own
        // would be one more specialisation of the standard library's hashing in the app).
        var seen: UInt8 = 0
        for flag in text {
            guard let position = "dgimsuvy".firstIndex(of: flag) else {
                throw .syntax("Invalid flags supplied to RegExp constructor '\(text)'", at: nil)
            }
            let bit: UInt8 = 1 << "dgimsuvy".distance(from: "dgimsuvy".startIndex, to: position)
            guard seen & bit == 0 else {
                throw .syntax("Invalid flags supplied to RegExp constructor '\(text)'", at: nil)
            }
            seen |= bit
            switch flag {
            case "i": ignoreCase = true
            case "m": multiline = true
            case "s": dotAll = true
            case "u": unicode = true
            case "v": unicodeSets = true
            case "d": hasIndices = true
            case "g": global = true
            default: sticky = true
            }
        }
        if unicode && unicodeSets {
            throw .syntax("Invalid flags supplied to RegExp constructor '\(text)'", at: nil)
        }
    }

    /// The flags in JavaScript's canonical order (`dgimsuvy`).
    public var description: String {
        var text = ""
        if hasIndices { text += "d" }
        if global { text += "g" }
        if ignoreCase { text += "i" }
        if multiline { text += "m" }
        if dotAll { text += "s" }
        if unicode { text += "u" }
        if unicodeSets { text += "v" }
        if sticky { text += "y" }
        return text
    }
}
