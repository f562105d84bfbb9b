import Testing

@testable import ECMARegex

/// ES2025 syntax on both backends. Every expectation is node 24.19.0's (V8 13.6)
/// `new RegExp(pattern, flags).test(input)` (nil: it throws a SyntaxError), except where V8 departs
/// from the specification (the last test).
@Suite("ES2025 syntax: duplicate named groups, pattern modifiers, v-mode sets under i")
struct ES2025SyntaxTests {
    static let cases: [(pattern: String, flags: String, input: String, expected: Bool?)] = [
        ("(?<year>\\d{4})-\\d{2}|\\d{2}-(?<year>\\d{4})", "", "12-2020", true),
        ("^(?:(?<x>a)|(?<x>b))\\k<x>$", "", "bb", true),
        ("^(?:(?<x>a)|(?<x>b))\\k<x>$", "", "ba", false),
        ("^(?:(?<x>a)|(?<x>b))\\k<x>$", "u", "aa", true),
        ("(?<a>x)(?<a>y)", "", "", nil),
        ("(?<a>x)|(?:(?<a>y)|(?<a>z))", "", "z", true),
        ("(?:(?<a>x)|(?<a>y))(?<a>z)", "", "", nil),
        ("(?<a>x)|((?<a>y)(?<a>z))", "", "", nil),
        ("(?i:a)b", "", "Ab", true),
        ("(?i:a)b", "", "AB", false),
        ("(?ii:a)", "", "", nil),
        ("(?i-i:a)", "", "", nil),
        ("(?-:a)", "", "", nil),
        ("(?x:a)", "", "", nil),
        ("(?-i:a)", "i", "A", false),
        ("(?i-:a)", "", "A", true),
        ("^(?m:^a$)\\n", "", "a\n", true),
        ("(?s:.)", "", "\n", true),
        ("(?i:\\u212A)", "", "k", false),
        ("^(?i:\\b)", "u", "ſ", true),
        ("^(?:(a)|b)(?i:\\1)$", "", "b", true),
        ("^(a)(?i:\\1)$", "", "aA", true),
        ("(?i:[^a])", "", "A", false),
        ("(?-i:[a-z])", "i", "A", false),
        ("(?i:\\w)", "u", "ſ", true),
        ("(?i:\\p{Lu})", "u", "a", true),
        ("(?<=(?i:a))b", "", "Ab", true),
        ("(?i:a)+", "", "aA", true),
        ("[\\p{Lu}--\\q{b}]", "iv", "b", false),
        ("^[\\w--k]$", "iv", "K", false),
        ("^[\\q{AB}--\\q{ab}]$", "iv", "ab", false),
        ("^[\\p{Lu}--\\p{ASCII}]$", "iv", "S", false),
        ("^[^a]$", "iv", "A", false),
        ("^[\\W]$", "iv", "k", false),
        ("^[\\P{Lu}]$", "iv", "A", false),
        ("^(?i:[\\q{ab}x])$", "v", "AB", true),
        ("^(?-i:[\\q{ab}x])$", "iv", "AB", false),
        ("^(?-i:[\\q{ab}x])$", "iv", "ab", true),
        ("^(?i:\\p{RGI_Emoji}|[\\q{abc}])$", "v", "aBc", true),
        ("(?i)a", "", "", nil),
        ("(?i", "", "", nil),
        ("(?i-", "", "", nil),
        ("(?im-s:^a.$)", "s", "\nA\n", false),
        ("(?ms-i:^a.$)", "i", "\na\n", true),
        ("\\k<a>(?<a>x)|(?<a>y)", "", "y", true),
        ("(?<!(?<a>x)|(?<a>y))\\k<a>z", "", "z", true),
        ("^(?:(?<a>x)|(?<a>y)|z)+\\k<a>$", "", "xyzz", true),
        ("^(?:(?<a>x)|(?<a>y)|z)+\\k<a>$", "", "zxyy", true),
        ("^(?i:\\b)", "", "a", true),
        ("^a(?i:\\B)", "u", "aK", true),
        ("^(?-i:\\w)$", "iu", "ſ", false),
        ("(?i:a|(?-i:b))c", "", "Bc", false),
        ("(?<a>.)(?<b>.)|(?<b>.)(?<a>.)", "", "", false),
    ]

    static func verdict(_ pattern: String, _ flags: String, _ input: String, forcing backend: ECMARegex.Backend?) -> Bool? {
        do {
            let regex: ECMARegex
            if let backend {
                regex = try ECMARegex(pattern, flags: flags, forcing: backend)
            } else {
                regex = try ECMARegex(pattern, flags: flags)
            }
            return try regex.test(input)
        } catch {
            #expect(error.kind == .syntax, "/\(pattern)/\(flags): \(error)")
            return nil
        }
    }

    @Test("The default selection and the portable matcher give node 24's verdicts", arguments: [ECMARegex.Backend?.none, .portable])
    func verdicts(_ backend: ECMARegex.Backend?) {
        for (pattern, flags, input, expected) in Self.cases {
            #expect(Self.verdict(pattern, flags, input, forcing: backend) == expected, "/\(pattern)/\(flags) on \(input.debugDescription)")
        }
    }

    @Test("The early errors carry V8's messages")
    func earlyErrors() {
        let expected: [(String, String)] = [
            ("(?<a>x)(?<a>y)", "Duplicate capture group name"),
            ("(?:(?<a>x)|(?<a>y))(?<a>z)", "Duplicate capture group name"),
            ("(?<a>x)|((?<a>y)(?<a>z))", "Duplicate capture group name"),
            ("(?ii:a)", "Repeated flag in flag group"),
            ("(?i-i:a)", "Repeated flag in flag group"),
            ("(?-:a)", "Invalid flag group"),
            ("(?x:a)", "Invalid group"),
            ("(?i)a", "Invalid group"),
            ("(?i-s-m:a)", "Multiple dashes in flag group"),
            ("(?--:a)", "Multiple dashes in flag group"),
            ("(?i", "Invalid group"),
            ("(?i:", "Unterminated group"),
            ("(?I:a)", "Invalid group"),
            ("(?mm-i:a)", "Repeated flag in flag group"),
        ]
        for (pattern, message) in expected {
            do {
                _ = try ParsedPattern(pattern)
                Issue.record("/\(pattern)/ was accepted")
            } catch {
                #expect(error.kind == .syntax && error.message == message, "/\(pattern)/: \(error)")
            }
        }
    }

    @Test("A name shared by groups in different alternatives: every group is listed, the first is the name's number")
    func groupIndices() throws {
        let parsed = try ParsedPattern("(?<year>\\d{4})-(?<m>\\d{2})|\\d{2}-(?<year>\\d{4})")
        #expect(parsed.groupIndices["year"] == [1, 3])
        #expect(parsed.groupNames["year"] == 1)
        #expect(parsed.captureCount == 3)
    }

    @Test("A modifier group that changes i runs on the portable matcher; m and s modifiers stay on PCRE2")
    func backends() throws {
        guard RegexEngine.hasPCRE2 else { return }
        #expect(try ECMARegex("(?i:a)b").backend == .portable)
        #expect(try ECMARegex("(?m:^a$)").backend == .pcre2)
        #expect(try ECMARegex("(?s:a.b)").backend == .pcre2)
        #expect(try ECMARegex("^(?:(?<x>a)|(?<x>b))\\k<x>$").backend == .pcre2)
    }

    /// ES2025 22.2.2.9: `ClassSetOperand :: ClassStringDisjunction` returns `MaybeSimpleCaseFolding` of
    /// `\q{B}`, the character b, and `CharacterSetMatcher` compares canonical values, so "B" matches.
    /// V8 13.6 (node 24) answers false: it matches a one-character `\q{…}` member case-sensitively after
    /// folding it (node 24: `/[\q{B}]/iv.test("B")` is false, `/[\q{B}]/iv.test("b")` true).
    @Test("Where V8 13.6 departs from the specification, both backends follow the specification", arguments: [ECMARegex.Backend?.none, .portable])
    func specificationOverV8(_ backend: ECMARegex.Backend?) {
        #expect(Self.verdict("[B&&\\q{B}]", "iv", "B", forcing: backend) == true)
        #expect(Self.verdict("^[\\q{B}]$", "iv", "B", forcing: backend) == true)
        #expect(Self.verdict("^[\\q{B}]$", "iv", "b", forcing: backend) == true)
    }

    @Test("More than 32,767 capturing groups is V8's SyntaxError")
    func tooManyCaptures() {
        #expect(throws: ECMARegexError.self) { try ParsedPattern(String(repeating: "(a)", count: 32_768)) }
        #expect((try? ParsedPattern(String(repeating: "(a)", count: 32_767))) != nil)
    }
}
