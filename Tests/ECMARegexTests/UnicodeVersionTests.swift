@testable import ECMARegex
import Testing

/// Verdicts where PCRE2 10.42's built-in Unicode 14 data differs from Unicode 17, decided on the PCRE2
/// path by the package's Unicode 17 tables (every expectation is node 20's answer).
@Suite("Unicode 17 verdicts on the PCRE2 path")
struct UnicodeVersionTests {
    struct Case: Sendable, CustomStringConvertible {
        let pattern: String
        let flags: String
        let input: String
        let expected: Bool
        init(_ pattern: String, _ flags: String, _ input: String, _ expected: Bool) {
            self.pattern = pattern
            self.flags = flags
            self.input = input
            self.expected = expected
        }
        var description: String {
            "/\(pattern)/\(flags) on " + input.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }
                .joined(separator: " ")
        }
    }

    static let cases: [Case] = [
        // Code points assigned after Unicode 14.
        Case("^\\p{L}+$", "u", "\u{1B132}", true),
        Case("^\\p{L}+$", "v", "\u{1E4D0}", true),
        Case("^\\p{Assigned}$", "u", "\u{1E4D0}", true),
        Case("^\\p{Cn}$", "u", "\u{1B132}", false),
        Case("^\\p{Lu}$", "u", "\u{A7CB}", true),
        // Scripts newer than Unicode 14, which PCRE2's own data does not know.
        Case("^\\p{sc=Kawi}$", "u", "\u{11F00}", true),
        Case("^\\p{Script=Nag_Mundari}$", "v", "\u{1E4D0}", true),
        Case("^\\p{scx=Garay}$", "u", "\u{10D50}", true),
        Case("^\\p{sc=Kawi}$", "u", "a", false),
        // Script_Extensions=Common and =Inherited are not Script=Common and =Inherited.
        Case("^\\p{scx=Zyyy}+$", "u", "\u{3003}", false),
        Case("^\\p{sc=Zyyy}+$", "u", "\u{3003}", true),
        Case("^\\p{scx=Zyyy}$", "u", "\u{B7}", false),
        Case("^\\p{scx=Latn}$", "u", "\u{B7}", true),
        Case("^\\p{Script_Extensions=Inherited}$", "u", "\u{300}", false),
        Case("^\\p{Script=Inherited}$", "u", "\u{300}", true),
        Case("^\\p{scx=Grek}$", "v", "\u{300}", true),
        Case("^\\P{scx=Zinh}$", "u", "\u{300}", true),
        // Properties of long-assigned code points that changed after Unicode 14.
        Case("^\\p{Extended_Pictographic}$", "u", "\u{2388}", false),
        Case("^\\p{ExtPict}$", "u", "\u{1F600}", true),
        Case("^\\p{Diacritic}$", "u", "\u{5A2}", true),
        Case("^\\p{Dia}$", "v", "\u{E3A}", true),
        // Properties PCRE2 10.42 lacks or has different data for.
        Case("^\\p{Bidi_Mirrored}$", "u", "(", true),
        Case("^\\p{Bidi_M}$", "u", "a", false),
        Case("^\\p{Changes_When_NFKC_Casefolded}$", "u", "A", true),
        Case("^\\p{CWKCF}$", "u", "a", false),
        // Case folding added in Unicode 15.1 and case pairs added in 16 and 17.
        Case("[\\u0390]", "iu", "\u{1FD3}", true),
        Case("^\\u0390$", "iu", "\u{1FD3}", true),
        Case("^\\u1fe3$", "iv", "\u{3B0}", true),
        Case("^\\ufb05$", "iu", "\u{FB06}", true),
        Case("^\\u0390$", "i", "\u{1FD3}", false),
        Case("^[^\\u0390]$", "iu", "\u{1FD3}", false),
        Case("^\\u0264$", "iu", "\u{A7CB}", true),
        Case("^\\u0264$", "i", "\u{A7CB}", true),
        Case("^\\u{10D50}$", "iu", "\u{10D70}", true),
        Case("^[\\u{10D50}-\\u{10D52}]+$", "iu", "\u{10D71}\u{10D72}", true),
        Case("^\\p{Lu}$", "iu", "\u{264}", true),
        Case("^\\P{Lu}$", "iu", "\u{264}", true),
        Case("^\\P{Lu}$", "iv", "\u{264}", false),
        Case("^\\p{Ll}$", "iu", "\u{A7CB}", true),
        // Unchanged behaviour next to the new data.
        Case("^[\\p{L}\\p{N}_.\\-]{3,30}$", "vi", "Ab\u{1E4D0}", true),
        Case("^\\p{Lu}$", "iu", "a", true),
        Case("^\\u212a$", "i", "k", false),
        Case("^\\u212a$", "iu", "k", true),
        // Properties of strings (v), longest first.
        Case("^\\p{RGI_Emoji}$", "v", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", true),
        Case("^\\p{RGI_Emoji}+$", "v", "\u{1F1FA}\u{1F1F8}\u{1F600}", true),
        Case("^\\p{Emoji_Keycap_Sequence}$", "v", "#\u{FE0F}\u{20E3}", true),
        Case("^\\p{Emoji_Keycap_Sequence}$", "v", "#", false),
        Case("^[\\p{RGI_Emoji}--\\q{\u{1F600}}]$", "v", "\u{1F600}", false),
    ]

    @Test("The engine gives node's Unicode 17 verdict", arguments: cases)
    func verdict(_ row: Case) throws {
        let regex = try ECMARegex(row.pattern, flags: row.flags)
        #expect(try regex.test(row.input) == row.expected)
    }

    @Test("Property classes answer exactly the tables' sets, however PCRE2's own data differ", arguments: [
        "\\p{L}", "\\P{L}", "\\p{Lu}", "\\p{scx=Zyyy}", "\\p{Bidi_M}", "\\p{ExtPict}", "\\p{Dia}", "\\p{Alpha}", "\\p{sc=Greek}",
        "[\\p{L}\\p{N}]", "\\p{Cn}", "\\p{Assigned}",
    ])
    func propertyClassIsExact(_ escape: String) throws {
        let regex = try ECMARegex("^" + escape + "$", flags: "u")
        let parsed = try ParsedPattern(escape, flags: "u")
        guard case .characterClass(let set) = parsed.root else {
            Issue.record("\(escape) is not a class")
            return
        }
        var wrong: [UInt32] = []
        var value: UInt32 = 0
        while value <= 0x10FFFF {
            if !(0xD800...0xDFFF).contains(value), let scalar = Unicode.Scalar(value) {
                if try regex.test(String(Character(scalar))) != Self.contains(set, value) { wrong.append(value) }
            }
            value += value < 0x20000 ? 7 : 4099
        }
        #expect(wrong.isEmpty, "\(escape): \(wrong.prefix(10).map { String($0, radix: 16) })")
    }

    /// Membership by the tables, for the simple class shapes used above.
    private static func contains(_ set: ClassSet, _ value: UInt32) -> Bool {
        switch set {
        case .property(let property, let negated):
            return UnicodeTables.codePoints(of: property).contains(value) != negated
        case .union(let members):
            return members.contains { contains($0, value) }
        case .character(let c):
            return c == value
        case .range(let low, let high):
            return (low...high).contains(value)
        case .complement(let inner):
            return !contains(inner, value)
        case .builtin, .strings, .stringProperty, .intersection, .subtraction:
            return false
        }
    }

    #if PCRE2_BACKEND
    @Test("A case-insensitive back-reference that may capture a re-folded character is refused by the PCRE2 translation")
    func backreferenceRefusal() {
        // node: /^(.)\1$/iu matches U+0390 U+1FD3; PCRE2 10.42 would compare with Unicode 14 folding.
        #expect(throws: ECMARegexError.self) { try ECMARegex.translate("^(.)\\1$", flags: "iu") }
        do {
            _ = try ECMARegex.translate("^(.)\\1$", flags: "iu")
        } catch {
            #expect(error.kind == .unsupported)
        }
        // With the measured library, a group that cannot capture a re-folded character stays on PCRE2.
        #expect(
            (try? ECMARegex.translate("^([a-z])\\1$", flags: "iu"))
                == "\\A((?-i:[A-Za-z\\x{17F}\\x{212A}]))\\g{1}\\z")
        #expect((try? ECMARegex.translate("^(.)\\1$", flags: "u")) != nil)
    }
    #endif

    @Test("Every RGI emoji string matches its property whole, and its proper prefixes only when listed themselves")
    func propertiesOfStringsAreExact() throws {
        let regex = try ECMARegex("^\\p{RGI_Emoji}$", flags: "v")
        let all = UnicodeTables.strings(ofProperty: "RGI_Emoji")
        let listed = Set(all)
        var wrong: [[UInt32]] = []
        for string in all {
            let text = String(String.UnicodeScalarView(string.compactMap(Unicode.Scalar.init)))
            if try !regex.test(text) { wrong.append(string) }
            if string.count > 1 {
                let prefix = Array(string.dropLast())
                let prefixText = String(String.UnicodeScalarView(prefix.compactMap(Unicode.Scalar.init)))
                if try regex.test(prefixText) != listed.contains(prefix) { wrong.append(prefix) }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #if PCRE2_BACKEND
        // Emitted as a prefix tree with shared brackets, not 3,953 alternatives.
        let translated = try ECMARegex.translate("\\p{RGI_Emoji}", flags: "v")
        #expect(translated.utf8.count < 20_000)
        #expect(try ECMARegex.translate("\\p{RGI_Emoji_Modifier_Sequence}", flags: "v").contains("[\\x{1F3FB}-\\x{1F3FF}]"))
        #endif
    }

    #if PCRE2_BACKEND
    @Test("With a PCRE2 whose Unicode data were not measured, the translation uses none of them")
    func untrustedLibrary() throws {
        func emit(_ pattern: String, _ flags: String) throws -> String {
            try PCRE2Emitter.emit(try ParsedPattern(pattern, flags: flags), whole: false, trustingPCRE2Data: false)
        }
        #expect(try !emit("[\\p{L}\\p{N}]+", "u").contains("\\p"))
        #expect(try emit("k", "i") == "(?-i:[Kk])")
        #expect(try emit("k", "iu") == "(?-i:[Kk\\x{212A}])")
        #expect(try emit("1", "iu") == "(?-i:[1])")
        #expect(throws: ECMARegexError.self) { try emit("(a)\\1", "iu") }
        #expect(try emit("(a)\\1", "u") == "(a)\\g{1}")
        // The linked library reports its Unicode version; the tables were measured against 14.0.0.
        #expect(PCRE2Library.unicodeVersion.split(separator: ".").count == 3)
        #expect(PCRE2CaseDifferences.measuredUnicodeVersion == "14.0.0")
    }
    #endif

    @Test("Group names follow ID_Start and ID_Continue of the tables")
    func groupNames() throws {
        // U+16EA0 (Beria Erfe, Unicode 17) starts a name; U+11F00 (Kawi, a mark) does not (node agrees).
        #expect(try ECMARegex("(?<\u{16EA0}x>a)\\k<\u{16EA0}x>", flags: "u").test("aa"))
        #expect(throws: ECMARegexError.self) { try ECMARegex("(?<\u{11F00}>a)", flags: "u") }
        #expect(try ECMARegex("(?<a\u{11F00}>a)", flags: "u").test("a"))
    }

    @Test("Cached regexes for canonically equivalent patterns stay distinct")
    func cacheKeepsCanonicalEquivalentsApart() throws {
        // U+1FD3 and U+0390 are canonically equivalent, so equal as Swift Strings.
        let decomposed = try ECMARegex.cached("^\u{1FD3}$", flags: "i")
        let composed = try ECMARegex.cached("^\u{390}$", flags: "i")
        #expect(try decomposed.test("\u{1FD3}"))
        #expect(try composed.test("\u{390}"))
        #expect(try !composed.test("\u{1FD3}"))
    }
}
