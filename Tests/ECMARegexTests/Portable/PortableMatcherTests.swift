import Testing
@testable import ECMARegex

/// One pattern, flags and subject with node's verdict (generated once with node 20; node is not needed to run).
struct PortableCase: Sendable, CustomStringConvertible {
    var pattern: String
    var flags: String
    var input: String
    var expected: Bool
    var topic: String

    init(_ pattern: String, _ flags: String, _ input: String, _ expected: Bool, _ topic: String) {
        self.pattern = pattern
        self.flags = flags
        self.input = input
        self.expected = expected
        self.topic = topic
    }

    /// The subject's scalars in hex; a long one by its first 16 and its length (test logs name every case).
    var description: String {
        let scalars = input.unicodeScalars.map { String($0.value, radix: 16) }
        let shown = scalars.count <= 64 ? "\(scalars)" : "\(scalars.prefix(16))… (\(scalars.count) scalars)"
        return "[\(topic)] /\(pattern)/\(flags) on \(shown)"
    }

    /// Cases for the semantics PCRE2 cannot reproduce, with node's verdicts.
    static let all: [PortableCase] = [
        PortableCase("^[\\q{abc|ab}]c$", "v", "abc", true, "class strings"),
        PortableCase("^[\\q{abc|ab}]c$", "v", "abcc", true, "class strings"),
        PortableCase("^[\\q{abc|ab|x}]$", "v", "ab", true, "class strings"),
        PortableCase("(?<=[\\q{xy|y}])z", "v", "xyz", true, "class strings"),
        PortableCase("(?<=^[\\q{xy|y}])z", "v", "xyz", true, "class strings"),
        PortableCase("^[\\q{AB|a}b]+$", "vi", "abAbB", true, "class strings"),
        PortableCase("^[\\q{ab|}c]$", "v", "", true, "class strings"),
        PortableCase("^[\\p{RGI_Emoji}--\\q{\u{1F600}}]+$", "v", "\u{1F600}", false, "class strings"),
        PortableCase("(?<=(\\d+)(\\d+))$", "", "1053", true, "lookbehind"),
        PortableCase("^(?<=(a+))b", "", "aab", false, "lookbehind"),
        PortableCase("(?<=\\1(a))b", "", "aab", true, "lookbehind"),
        PortableCase("(?<=\\1(a))b", "", "ab", false, "lookbehind"),
        PortableCase("(?<=(a)\\1)b", "", "aab", true, "lookbehind"),
        PortableCase("(?<=a+)b", "", "b", false, "lookbehind"),
        PortableCase("(?<=a+)b", "", "caab", true, "lookbehind"),
        PortableCase("(?<!a*)b", "u", "ab", false, "lookbehind"),
        PortableCase("(?<=ab(c|de))f", "", "abdef", true, "lookbehind"),
        PortableCase("(?<=^|,)x", "", "a,x", true, "lookbehind"),
        PortableCase("(?<=\\b\\w{3})!", "", "abc!", true, "lookbehind"),
        PortableCase("(?<=\u{1F600})x", "u", "\u{1F600}x", true, "lookbehind"),
        PortableCase("(?<=.)x", "", "\u{1F600}x", true, "lookbehind"),
        PortableCase("(?<=^.)x", "", "\u{1F600}x", false, "lookbehind"),
        PortableCase("(?<=^.)x", "u", "\u{1F600}x", true, "lookbehind"),
        PortableCase("^(?:(a)|b)+\\1$", "", "ab", true, "iteration"),
        PortableCase("^(?:(a)|b)+\\1$", "", "aba", false, "iteration"),
        PortableCase("^(?:(a)|(b))+\\2$", "", "ba", true, "iteration"),
        PortableCase("^(a)+\\1$", "u", "aa", true, "iteration"),
        PortableCase("^(?:(?=(a)))*\\1b", "", "ab", false, "iteration"),
        PortableCase("^(a?)?\\1$", "u", "aa", true, "iteration"),
        PortableCase("^(a*)*$", "", "aaab", false, "iteration"),
        PortableCase("^(a*?)+?b$", "", "aab", true, "iteration"),
        PortableCase("^(?:a|())*\\1b$", "", "aab", true, "iteration"),
        PortableCase("^(?:()|a)*$", "", "aa", true, "iteration"),
        PortableCase("^(?:a{0,2}){3}$", "", "aaaaaa", true, "iteration"),
        PortableCase("^(?:a{0,2}){3}$", "", "aaaaaaa", false, "iteration"),
        PortableCase("^(z)((a+)?(b+)?(c))*$", "", "zaacbbbcac", true, "iteration"),
        PortableCase("^(?:(a)|b)*?c\\1", "", "abca", true, "iteration"),
        PortableCase("^(k)\\1$", "i", "kK", true, "backreference"),
        PortableCase("^(k)\\1$", "i", "k\u{212A}", false, "backreference"),
        PortableCase("^(k)\\1$", "iu", "k\u{212A}", true, "backreference"),
        PortableCase("^(s)\\1$", "i", "s\u{17F}", false, "backreference"),
        PortableCase("^(s)\\1$", "iu", "s\u{17F}", true, "backreference"),
        PortableCase("^(\u{DF})\\1$", "i", "\u{DF}\u{1E9E}", false, "backreference"),
        PortableCase("^(\u{DF})\\1$", "iu", "\u{DF}\u{1E9E}", true, "backreference"),
        PortableCase("(a)|\\1b", "", "b", true, "backreference"),
        PortableCase("^\\1(a)$", "", "a", true, "backreference"),
        PortableCase("^(?<x>ab)\\k<x>$", "", "abab", true, "backreference"),
        PortableCase("^(?<x>ab)\\k<x>$", "i", "abAB", true, "backreference"),
        PortableCase("^(a)(?:\\1|b)+$", "", "aab", true, "backreference"),
        PortableCase("^\u{17F}$", "i", "s", false, "canonicalize"),
        PortableCase("^\u{17F}$", "iu", "s", true, "canonicalize"),
        PortableCase("^\u{212A}$", "i", "k", false, "canonicalize"),
        PortableCase("^\u{212A}$", "iu", "k", true, "canonicalize"),
        PortableCase("^\u{B5}$", "i", "\u{39C}", true, "canonicalize"),
        PortableCase("^[\u{E0}-\u{FF}]$", "i", "\u{C0}", true, "canonicalize"),
        PortableCase("^[^k]$", "i", "K", false, "canonicalize"),
        PortableCase("^[^k]$", "iu", "\u{212A}", false, "canonicalize"),
        PortableCase("^[^k]$", "vi", "\u{212A}", false, "canonicalize"),
        PortableCase("^\\W$", "iu", "\u{17F}", false, "canonicalize"),
        PortableCase("^\\W$", "i", "\u{17F}", true, "canonicalize"),
        PortableCase("^[\\w--k]$", "vi", "K", false, "canonicalize"), // node 24 and ES2025: both operands folded (node 20 said true)
        PortableCase("^[\\w--k]$", "vi", "a", true, "canonicalize"),
        PortableCase("^[[a-z]&&[^K]]$", "vi", "k", false, "canonicalize"),
        PortableCase("^[\\q{abc|ab|a}]c$", "v", "abcc", true, "strings"),
        PortableCase("^[\\q{abc|ab|a}]c$", "v", "abc", true, "strings"),
        PortableCase("^[\\q{abc|ab|a}]c$", "v", "ac", true, "strings"),
        PortableCase("^[\\q{ABC}x]+$", "vi", "abcXabc", true, "strings"),
        PortableCase("^[\\q{}x]$", "v", "", true, "strings"),
        PortableCase("^[[\\q{ab|cd}x]--\\q{ab}]+$", "v", "cdx", true, "strings"),
        PortableCase("^[[\\q{ab|cd}x]--\\q{ab}]+$", "v", "abx", false, "strings"),
        PortableCase("^[[\\q{ab|cd}]&&\\q{cd|ef}]$", "v", "cd", true, "strings"),
        PortableCase("\\bfoo\\b", "", "a foo.", true, "boundary"),
        PortableCase("\\Bfoo", "", "afoo", true, "boundary"),
        PortableCase("\\b\u{17F}", "iu", " \u{17F}", true, "boundary"),
        PortableCase("a\\b", "iu", "a\u{212A}", false, "boundary"),
        PortableCase("a\\b", "i", "a\u{212A}", true, "boundary"),
        PortableCase("^b$", "m", "a\u{A}b\u{A}c", true, "boundary"),
        PortableCase("^b$", "", "a\u{A}b\u{A}c", false, "boundary"),
        PortableCase("a$", "m", "a\u{2028}", true, "boundary"),
        PortableCase("^.$", "", "\u{2029}", false, "boundary"),
        PortableCase("^.$", "s", "\u{2029}", true, "boundary"),
        PortableCase("^..$", "", "\u{1F600}", true, "boundary"),
        PortableCase("^.$", "u", "\u{1F600}", true, "boundary"),
        PortableCase("^[^a]$", "", "\u{1F600}", false, "boundary"),
        PortableCase("\\uD83D", "", "x\u{1F600}", true, "boundary"),
        PortableCase("\\uD83D", "u", "x\u{1F600}", false, "boundary"),
        PortableCase("^a+?b", "", "aaab", true, "quantifier"),
        PortableCase("^(a+?)a*$", "", "aaa", true, "quantifier"),
        PortableCase("^(?=(a+))a*b\\1$", "", "aaaba", false, "quantifier"),
        PortableCase("^(?=(a+))a*b\\1$", "", "aaabaaa", true, "quantifier"),
        PortableCase("^(?!(a)b)\\w\\1", "", "ac", true, "quantifier"),
        PortableCase("^(?:a|ab)(?:c|bcd)(d*)$", "", "abcd", true, "quantifier"),
        PortableCase("^x{2,3}?y", "", "xxxy", true, "quantifier"),
        PortableCase("^x{2,}", "", "x", false, "quantifier"),
        PortableCase("(?=0)a?0", "", "0", true, "lookahead"),
        PortableCase("(?=((?:K*?)?)\\b)\\1.", "", "-K", false, "iteration"),
        PortableCase("(?=((?:K*?)?)\\b)\\1.?", "", "-K", true, "iteration"),
        PortableCase("(?=0)a??0", "", "7S0", true, "lookahead"),
        PortableCase("(?=0)(?:ab)??0", "u", "x0", true, "lookahead"),
        PortableCase("^(?:ab){2}$", "", "abab", true, "quantifier"),
        PortableCase("^(?:ab){2}$", "", "ababab", false, "quantifier"),
        PortableCase("a{,5}", "", "a{,5}", true, "quantifier"),
        PortableCase("^(?:a|b)*?c", "", "ababc", true, "quantifier"),
    ]
}

@Suite("Portable matcher")
struct PortableMatcherTests {
    @Test("Each case gives node's verdict on the portable matcher and through the public API", arguments: PortableCase.all)
    func agreesWithNode(_ row: PortableCase) throws {
        let portable = try ECMARegex(row.pattern, flags: row.flags, forcing: .portable)
        #expect(portable.backend == .portable)
        #expect(try portable.test(row.input) == row.expected, "\(row)")
        let selected = try ECMARegex(row.pattern, flags: row.flags)
        #expect(try selected.test(row.input) == row.expected, "\(row) on \(selected.backend)")
    }

    @Test("Patterns PCRE2 cannot match exactly are selected for the portable matcher, never refused")
    func selection() throws {
        for (pattern, flags) in [("(?<=a+)b", ""), ("^(a)+\\1$", ""), ("^(k)\\1$", "i"), ("(?<=(a))\\1", "")] {
            let regex = try ECMARegex(pattern, flags: flags)
            #expect(regex.backend == .portable, "/\(pattern)/\(flags)")
            #expect(regex.translatedPattern.isEmpty)
        }
        let simple = try ECMARegex("^a+$")
        #expect(simple.backend == (RegexEngine.hasPCRE2 ? .pcre2 : .portable))
    }

    @Test("Forcing PCRE2 on a pattern it cannot match exactly throws unsupported")
    func forcingPCRE2() {
        do {
            _ = try ECMARegex("(?<=a+)b", forcing: .pcre2)
            Issue.record("PCRE2 accepted a variable-length lookbehind")
        } catch {
            #expect(error.kind == .unsupported)
        }
    }

    @Test("Catastrophic backtracking without back-references is answered exactly (memo points)")
    func catastrophicPattern() throws {
        let regex = try ECMARegex("^(a+)+$", forcing: .portable)
        #expect(try !regex.test(String(repeating: "a", count: 28) + "!"))
        #expect(try regex.test(String(repeating: "a", count: 28)))
        let nullable = try ECMARegex("^(a|a?)+$", forcing: .portable)
        #expect(try !nullable.test(String(repeating: "a", count: 40) + "!"))
        #expect(try nullable.test(String(repeating: "a", count: 40)))
        let words = try ECMARegex("^(\\w+\\s?)*$", forcing: .portable)
        #expect(try !words.test(String(repeating: "ab ", count: 40) + "!"))
    }

    @Test("An exhausted step budget answers limit")
    func stepBudget() throws {
        let parsed = try ParsedPattern("^(a|a)*\\1b")
        let program = PortableCompiler.compile(parsed, whole: false)
        do {
            _ = try PortableMatcher.matches(program, String(repeating: "a", count: 40), budget: 10_000)
            Issue.record("no limit")
        } catch {
            #expect(error.kind == .limit)
            #expect(!error.message.contains("aaaa"))
        }
        #expect(try PortableMatcher.matches(program, "aab", budget: 10_000))
    }

    @Test("A property of strings over a long subject is answered, not limited (strings dispatched by their first character)")
    func longEmojiSubject() throws {
        // node 20: true (test262 generated/strings/RGI_Emoji.js tests 12,389 code points at once). The
        // budget is raised: this checks the dispatch, not the default budget (whose bound is 64 KiB).
        let program = PortableCompiler.compile(try ParsedPattern("^\\p{RGI_Emoji}+$", flags: "v"), whole: false)
        let unit = "\u{1F1FA}\u{1F1F8}\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}#\u{FE0F}\u{20E3}"
        #expect(try PortableMatcher.matches(program, String(repeating: unit, count: 3_000), budget: Self.largeBudget))
        #expect(try !PortableMatcher.matches(program, String(repeating: unit, count: 3_000) + "a", budget: Self.largeBudget))
    }

    /// A budget far above the default, for tests of long subjects beyond the 64 KiB the default bounds.
    static let largeBudget = 100_000_000

    @Test("A 1 MiB subject is matched without native recursion")
    func longSubject() throws {
        let mebibyte = String(repeating: "ab", count: 1 << 19)
        func portable(_ pattern: String, flags: String = "") throws -> PortableProgram {
            PortableCompiler.compile(try ParsedPattern(pattern, flags: flags), whole: false)
        }
        #expect(try PortableMatcher.matches(portable("^(?:a|b)*$"), mebibyte, budget: Self.largeBudget))
        #expect(try PortableMatcher.matches(portable("^((a)(b))+$"), mebibyte, budget: Self.largeBudget))
        let missing = try ECMARegex("(?:ab)+c", forcing: .portable)
        do {
            #expect(try !missing.test(mebibyte))
        } catch {
            #expect(error.kind == .limit)
        }
        let astral = try portable("^(?:\\u{1F600}|b)+$", flags: "u")
        #expect(try PortableMatcher.matches(astral, String(repeating: "\u{1F600}b", count: 1 << 17), budget: Self.largeBudget))
        // With the default budget a 1 MiB subject is answered or refused with limit, never a crash.
        do {
            #expect(try ECMARegex("^(?:a|b)*$", forcing: .portable).test(mebibyte))
        } catch {
            #expect(error.kind == .limit)
        }
    }

    @Test("Whole-value mode wraps the tree, so an alternation cannot escape")
    func wholeMode() throws {
        let regex = try ECMARegex("a|b", mode: .whole, forcing: .portable)
        #expect(try regex.test("a"))
        #expect(try !regex.test("ab"))
        let sticky = try ECMARegex("b", flags: "y", forcing: .portable)
        #expect(try !sticky.test("ab"))
    }
}
