import ECMARegex
import Testing

/// The verdicts that PCRE2 10.42's Unicode 14 data used to decide, now decided by the Unicode 17 tables
/// (every expectation is node 20's answer).
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
        // Scripts newer than Unicode 14 (no longer refused).
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
        // Properties PCRE2 10.42 lacks or has different data for (no longer refused).
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

    @Test("The PCRE2 translation never emits \\p, so PCRE2's property data never decides")
    func noPCRE2Properties() throws {
        for pattern in ["\\p{L}", "\\P{scx=Grek}", "[\\p{Lu}\\p{Nd}]", "\\p{Any}", "\\p{Assigned}", "\\p{ExtPict}"] {
            for flags in ["u", "v", "ui", "vi"] {
                let translated = try ECMARegex.translate(pattern, flags: flags)
                #expect(!translated.contains("\\p") && !translated.contains("\\P"), "/\(pattern)/\(flags)")
            }
        }
    }

    @Test("A case-insensitive back-reference that may capture a re-folded character is refused by the PCRE2 translation")
    func backreferenceRefusal() {
        // node: /^(.)\1$/iu matches U+0390 U+1FD3; PCRE2 10.42 would compare with Unicode 14 folding.
        #expect(throws: ECMARegexError.self) { try ECMARegex.translate("^(.)\\1$", flags: "iu") }
        do {
            _ = try ECMARegex.translate("^(.)\\1$", flags: "iu")
        } catch {
            #expect(error.kind == .unsupported)
        }
        #expect(
            (try? ECMARegex.translate("^([a-z])\\1$", flags: "iu"))
                == "\\A((?-i:[A-Za-z\\x{17F}\\x{212A}]))\\g{1}\\z")
        #expect((try? ECMARegex.translate("^(.)\\1$", flags: "u")) != nil)
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
