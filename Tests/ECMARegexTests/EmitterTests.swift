import ECMARegex
import Testing

#if PCRE2_BACKEND
@Suite("PCRE2 emitter")
struct EmitterTests {
    struct Row: Sendable, CustomStringConvertible {
        let pattern: String
        let flags: String
        let mode: ECMARegex.MatchMode
        let pcre2: String
        init(_ pattern: String, _ flags: String = "", _ mode: ECMARegex.MatchMode = .search, _ pcre2: String) {
            self.pattern = pattern
            self.flags = flags
            self.mode = mode
            self.pcre2 = pcre2
        }
        var description: String { "/\(pattern)/\(flags)" }
    }

    static let rows: [Row] = commonRows + linkedLibraryRows

    /// Rows whose translation relies on the linked PCRE2's measured Unicode data (UnicodeVersionTests
    /// covers an emitter that trusts none).
    static let linkedLibraryRows: [Row] = [
        Row("(a)\\1", "ui", .search, "(a)\\g{1}"),
    ]

    static let commonRows: [Row] = [
        Row("^abc$", "", .search, "\\Aabc\\z"),
        Row(".", "", .search, "[^\\n\\r\\x{2028}\\x{2029}]"),
        Row(".", "s", .search, "(?s:.)"),
        Row(".", "us", .search, "(?s:.)"),
        Row("^a$", "m", .search, "(?<![^\\n\\r\\x{2028}\\x{2029}])a(?![^\\n\\r\\x{2028}\\x{2029}])"),
        Row("\\s", "u", .search,
            "[\\x{9}-\\x{D}\\x{20}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}]"),
        Row("\\d+", "", .search, "[0-9]+"),
        Row("\\w", "ui", .search, "(?-i:[0-9A-Z\\x{5F}a-z\\x{17F}\\x{212A}])"),
        Row("[a-c]{2,3}", "ui", .search, "(?-i:[A-Ca-c]{2,3})"),
        Row("[\\u0390]", "ui", .search, "(?-i:[\\x{390}\\x{1FD3}])"),
        Row("\\u0390", "ui", .search, "(?-i:[\\x{390}\\x{1FD3}])"),
        Row("\\u0264", "i", .search, "(?-i:[\\x{264}\\x{A7CB}])"),
        Row("a\\b", "u", .search, "a\\b"),
        Row("a\\b", "", .search, "a(?:(?<=[0-9A-Z_a-z])(?![0-9A-Z_a-z])|(?<![0-9A-Z_a-z])(?=[0-9A-Z_a-z]))"),
        Row("[^]", "", .search, "[\\x{0}-\\x{FFFF}]"),
        Row("[]", "", .search, "(?!)"),
        Row("(?<n>a)\\k<n>", "", .search, "(a)\\g{1}"),
        Row("a.b*?", "", .search, "a[^\\n\\r\\x{2028}\\x{2029}]b*?"),
        Row("\\u{1F600}", "u", .search, "\\x{1F600}"),
        Row("😀", "", .search, "\\x{D83D}\\x{DE00}"),
        Row("\\p{sc=Kawi}", "u", .search, "[\\x{11F00}-\\x{11F10}\\x{11F12}-\\x{11F3A}\\x{11F3E}-\\x{11F5A}]"),
        Row("\\P{Any}", "u", .search, "(?!)"),
        Row("[\\w--\\d]", "v", .search, "[A-Z\\x{5F}a-z]"),
        Row("[\\p{L}&&\\p{ASCII}]", "v", .search, "[A-Za-z]"),
        Row("[\\q{abc|d}]", "v", .search, "(?:abc|d)"),
        Row("k", "i", .search, "(?-i:[Kk])"),
        Row("(?<=a{1,2})b", "", .search, "(?<=a|aa)b"),
        Row("a{70000}", "", .search, "(?:(?:a{65535}){1}a{4465})"),
        Row("a|b", "", .whole, "\\A(?:a|b)\\z"),
        Row("[a\\S]", "", .search, "[\\x{0}-\\x{8}\\x{E}-\\x{1F}\\x{21}-\\x{9F}\\x{A1}-\\x{167F}\\x{1681}-\\x{1FFF}\\x{200B}-\\x{2027}\\x{202A}-\\x{202E}\\x{2030}-\\x{205E}\\x{2060}-\\x{2FFF}\\x{3001}-\\x{FEFE}\\x{FF00}-\\x{FFFF}]"),
    ]

    @Test("Representative constructs translate to the canonical PCRE2 text", arguments: rows)
    func translation(_ row: Row) throws {
        #expect(try ECMARegex.translate(row.pattern, flags: row.flags, mode: row.mode) == row.pcre2)
    }

    @Test("Emitted patterns are ASCII only, whatever the source")
    func asciiOnly() throws {
        for pattern in ["é+ß", "[α-ω]", "\\u{10400}", "(?<ñ>x)"] {
            let text = try ECMARegex.translate(pattern, flags: "u")
            let isASCII = text.unicodeScalars.allSatisfy { $0.isASCII }
            #expect(isASCII, "\(pattern)")
        }
    }

    @Test("Whole-value mode wraps the tree, so a pattern cannot close the wrapper")
    func wholeModeCannotEscape() throws {
        #expect(throws: ECMARegexError.self) { try ECMARegex("a)|(b", mode: .whole) }
        let regex = try ECMARegex("a|b", flags: "v", mode: .whole)
        #expect(try regex.test("a"))
        #expect(try !regex.test("ab"))
        #expect(try ECMARegex("a|b", flags: "v").test("ab"))
    }

    @Test("PCRE2-only syntax never reaches PCRE2")
    func pcreOnlySyntaxIsRejected() {
        for pattern in ["(*LIMIT_MATCH=1)a", "(?R)", "a++", "(?>a)", "(?#c)"] {
            #expect(throws: ECMARegexError.self, "\(pattern)") { try ECMARegex(pattern, flags: "u") }
        }
    }
}
#else
@Suite("Without the PCRE2 backend")
struct NoTranslatorTests {
    @Test("translate parses the pattern, then refuses it as unsupported: the build has no PCRE2 translator")
    func translateRefuses() throws {
        do {
            let text = try ECMARegex.translate("^[a-z]+$", flags: "u")
            Issue.record("translated without a PCRE2 backend: \(text)")
        } catch {
            #expect(error.kind == .unsupported)
            #expect(error.message.contains("no PCRE2 backend"))
        }
        // A pattern that does not parse is still a syntax error, as on every build.
        #expect(throws: ECMARegexError(kind: .syntax, message: "Unterminated group", offset: 0)) {
            try ECMARegex.translate("(")
        }
        let regex = try ECMARegex("^[a-z]+$", flags: "u")
        #expect(regex.backend == .portable)
        #expect(regex.translatedPattern.isEmpty)
        #expect(try regex.test("abc"))
    }
}
#endif
