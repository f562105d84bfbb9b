import Testing

@testable import ECMARegex

@Suite("Parser")
struct ParserTests {
    struct SyntaxCase: Sendable, CustomStringConvertible {
        let pattern: String
        let flags: String
        let message: String
        let offset: Int?
        var description: String { "/\(pattern)/\(flags)" }
    }

    /// Messages are V8's (node 20); offsets are UTF-16 offsets of the construct at fault.
    static let syntaxCases: [SyntaxCase] = [
        SyntaxCase(pattern: "a**", flags: "", message: "Nothing to repeat", offset: 2),
        SyntaxCase(pattern: "*", flags: "", message: "Nothing to repeat", offset: 0),
        SyntaxCase(pattern: "^*", flags: "", message: "Nothing to repeat", offset: 1),
        SyntaxCase(pattern: "a{2,1}", flags: "", message: "numbers out of order in {} quantifier", offset: 1),
        SyntaxCase(pattern: "(ab", flags: "", message: "Unterminated group", offset: 0),
        SyntaxCase(pattern: "ab)", flags: "", message: "Unmatched ')'", offset: 2),
        SyntaxCase(pattern: "x[a", flags: "", message: "Unterminated character class", offset: 1),
        SyntaxCase(pattern: "ab\\", flags: "", message: "\\ at end of pattern", offset: 2),
        SyntaxCase(pattern: "[b-a]", flags: "", message: "Range out of order in character class", offset: 1),
        SyntaxCase(pattern: "a{", flags: "u", message: "Incomplete quantifier", offset: 1),
        SyntaxCase(pattern: "}", flags: "u", message: "Lone quantifier brackets", offset: 0),
        SyntaxCase(pattern: "\\1", flags: "u", message: "Invalid escape", offset: 0),
        SyntaxCase(pattern: "\\00", flags: "u", message: "Invalid decimal escape", offset: 0),
        SyntaxCase(pattern: "\\c1", flags: "u", message: "Invalid Unicode escape", offset: 0),
        SyntaxCase(pattern: "\\u{110000}", flags: "u", message: "Invalid Unicode escape", offset: 0),
        SyntaxCase(pattern: "x\\a", flags: "u", message: "Invalid escape", offset: 1),
        SyntaxCase(pattern: "[\\d-z]", flags: "u", message: "Invalid character class", offset: 1),
        SyntaxCase(pattern: "(?<a>x)(?<a>y)", flags: "", message: "Duplicate capture group name", offset: 7),
        SyntaxCase(pattern: "\\k<b>(?<a>x)", flags: "", message: "Invalid named capture referenced", offset: 0),
        SyntaxCase(pattern: "(?i)a", flags: "", message: "Invalid group", offset: 0),
        SyntaxCase(pattern: "(?<=a)*", flags: "", message: "Invalid quantifier", offset: 6),
        SyntaxCase(pattern: "(?=a)*", flags: "u", message: "Invalid quantifier", offset: 5),
        SyntaxCase(pattern: "(?<1>a)", flags: "", message: "Invalid capture group name", offset: 3),
        SyntaxCase(pattern: "\\p{Greek}", flags: "u", message: "Invalid property name", offset: 0),
        SyntaxCase(pattern: "[a-z-]", flags: "v", message: "Invalid character class", offset: 4),
        SyntaxCase(pattern: "[(]", flags: "v", message: "Invalid character in character class", offset: 1),
        SyntaxCase(pattern: "[^\\q{ab}]", flags: "v", message: "Negated character class may contain strings", offset: 0),
        SyntaxCase(pattern: "😀*)", flags: "u", message: "Unmatched ')'", offset: 3),
        SyntaxCase(pattern: "a", flags: "gg", message: "Invalid flags supplied to RegExp constructor 'gg'", offset: nil),
        SyntaxCase(pattern: "a", flags: "uv", message: "Invalid flags supplied to RegExp constructor 'uv'", offset: nil),
    ]

    @Test("Syntax errors carry V8's message and the offset of the construct", arguments: syntaxCases)
    func syntaxError(_ row: SyntaxCase) {
        #expect(throws: ECMARegexError(kind: .syntax, message: row.message, offset: row.offset)) {
            try ParsedPattern(row.pattern, flags: row.flags)
        }
    }

    @Test("Alternatives and a named, quantified group form the expected tree")
    func alternationAndNamedGroup() throws {
        let parsed = try ParsedPattern("(?<year>\\d{4})-x|y", flags: "u")
        #expect(
            parsed.root
                == .alternation([
                    .sequence([
                        .capture(
                            index: 1, name: "year",
                            .quantified(.characterClass(.builtin(.digit, negated: false)), min: 4, max: 4, greedy: true)
                        ),
                        .character(0x2D), .character(0x78),
                    ]),
                    .character(0x79),
                ]))
        #expect(parsed.captureCount == 1)
        #expect(parsed.groupNames == ["year": 1])
    }

    @Test("An astral literal is two code units without u and one code point with u")
    func astralLiteral() throws {
        #expect(try ParsedPattern("😀").root == .sequence([.character(0xD83D), .character(0xDE00)]))
        #expect(try ParsedPattern("😀", flags: "u").root == .character(0x1F600))
    }

    @Test("Annex B reads \\u{3} as u repeated three times, u mode as a code point")
    func braceAfterU() throws {
        #expect(try ParsedPattern("\\u{3}").root == .quantified(.character(0x75), min: 3, max: 3, greedy: true))
        #expect(try ParsedPattern("\\u{3}", flags: "u").root == .character(3))
    }

    @Test("Named back-references resolve to group numbers, even before the group")
    func namedBackreference() throws {
        let parsed = try ParsedPattern("\\k<a>(?<a>b)")
        #expect(parsed.root == .sequence([.backreference(1), .capture(index: 1, name: "a", .character(0x62))]))
    }

    @Test("Annex B decimal escapes: back-reference, octal or identity by group count")
    func decimalEscapes() throws {
        #expect(try ParsedPattern("(a)\\1").root == .sequence([.capture(index: 1, name: nil, .character(0x61)), .backreference(1)]))
        #expect(try ParsedPattern("\\1").root == .character(1))
        #expect(try ParsedPattern("\\8").root == .character(0x38))
        #expect(try ParsedPattern("\\400").root == .sequence([.character(0x20), .character(0x30)]))
    }

    @Test("A v-mode class with set operations keeps its structure")
    func setOperations() throws {
        #expect(
            try ParsedPattern("[\\w--\\d]", flags: "v").root
                == .characterClass(.subtraction([.builtin(.word, negated: false), .builtin(.digit, negated: false)])))
        #expect(
            try ParsedPattern("[[a-z]&&\\q{b|cd}]", flags: "v").root
                == .characterClass(.intersection([.union([.range(0x61, 0x7A)]), .strings([[0x62], [0x63, 0x64]])])))
    }

    @Test("Property names map to canonical names: long names, gc= and scripts")
    func properties() throws {
        #expect(
            try ParsedPattern("\\p{Lowercase_Letter}", flags: "u").root
                == .characterClass(.property(UnicodeProperty(kind: .generalCategory, name: "Ll"), negated: false)))
        #expect(
            try ParsedPattern("\\P{scx=Grek}", flags: "u").root
                == .characterClass(.property(UnicodeProperty(kind: .scriptExtensions, name: "Greek"), negated: true)))
        #expect(
            try ParsedPattern("\\p{Assigned}", flags: "u").root
                == .characterClass(.property(UnicodeProperty(kind: .binary, name: "Assigned"), negated: false)))
        #expect(
            try ParsedPattern("\\p{sc=Nagm}", flags: "u").root
                == .characterClass(.property(UnicodeProperty(kind: .script, name: "Nag_Mundari"), negated: false)))
        #expect(
            try ParsedPattern("\\P{Lu}", flags: "vi").root
                == .characterClass(.property(UnicodeProperty(kind: .generalCategory, name: "Lu"), negated: true)))
        // Under `v` and `i`, ASCII stays a property (the browsers read it unfolded); elsewhere it is a range.
        #expect(
            try ParsedPattern("\\P{ASCII}", flags: "vi").root
                == .characterClass(.property(UnicodeProperty(kind: .binary, name: "ASCII"), negated: true)))
        #expect(try ParsedPattern("\\P{ASCII}", flags: "ui").root == .characterClass(.range(0x80, 0x10FFFF)))
        #expect(try ParsedPattern("\\p{WSpace}", flags: "u").root == ParsedPattern("\\p{White_Space}", flags: "u").root)
        #expect(
            try ParsedPattern("\\P{Lu}", flags: "ui").root
                == .characterClass(.property(UnicodeProperty(kind: .generalCategory, name: "Lu"), negated: true)))
        #expect(
            try ParsedPattern("\\p{Emoji_Keycap_Sequence}", flags: "v").root
                == .characterClass(.stringProperty(try #require(StringProperty(named: "Emoji_Keycap_Sequence")))))
    }

    #if PCRE2_BACKEND
    @Test("Constructs PCRE2 cannot reproduce parse; its translation refuses them, naming the construct")
    func unsupported() throws {
        _ = try ParsedPattern("x(?<=a+)b")
        _ = try ParsedPattern("(a)+\\1", flags: "u")
        do {
            _ = try ECMARegex.translate("x(?<=a+)b")
            Issue.record("variable-length lookbehind translated")
        } catch {
            #expect(error.kind == .unsupported)
            #expect(error.message.contains("lookbehind"))
        }
        do {
            _ = try ECMARegex.translate("(a)+\\1", flags: "u")
            Issue.record("back-reference into a quantified group translated")
        } catch {
            #expect(error.kind == .unsupported)
            #expect(error.offset == 4)
            #expect(error.message.contains("quantified"))
        }
    }
    #endif

    @Test("Flags parse as V8 does; g and y answer as a fresh RegExp (lastIndex 0)")
    func flags() throws {
        let flags = try RegexFlags(parsing: "dims")
        #expect(flags.ignoreCase && flags.multiline && flags.dotAll && flags.hasIndices && !flags.unicode)
        #expect(flags.description == "dims")
        #expect(try RegexFlags(parsing: "ygd").description == "dgy")
        #expect(try ECMARegex("b", flags: "g").test("ab"))
        #expect(try !ECMARegex("b", flags: "y").test("ab"))
        #expect(try ECMARegex("a|b", flags: "y").test("ba"))
        #expect(try !ECMARegex("^b", flags: "my").test("a\nb"))
    }

    @Test("Patterns that are too long or too deep are refused as limit")
    func sizeLimits() {
        let long = String(repeating: "a", count: RegexParser.maximumPatternLength + 1)
        #expect(throws: ECMARegexError.self) { try ParsedPattern(long) }
        let levels = RegexParser.maximumNesting + 1
        let deep = String(repeating: "(", count: levels) + String(repeating: ")", count: levels)
        do {
            _ = try ParsedPattern(deep)
            Issue.record("deep nesting was accepted")
        } catch {
            #expect(error.kind == .limit)
        }
    }
}
