import Testing
@testable import ECMARegex
import ECMARegexConformance

/// The portable matcher's automaton (``PortableAutomaton``): which patterns get one, node's verdict from it
/// on every corpus case whose pattern has one, and answers on the hostile families where backtracking can
/// only give up.
@Suite("Portable matcher: the automaton of regular patterns")
struct PortableAutomatonTests {
    static func program(_ pattern: String, _ flags: String = "", whole: Bool = false) throws -> PortableProgram {
        let parsed = try RegexParser.parse(pattern, flags: try RegexFlags(parsing: flags))
        return PortableCompiler.compile(parsed, whole: whole)
    }

    @Test("Regular patterns get an automaton", arguments: [
        "^(a+)+$", "^(a|ab|abc)*d", "(x+x+)+y", "^(?:\\p{L}|\\p{N}|x)*$", "(.*a){20}", "a{0,3}b{2}c*",
        "^\\bfoo\\B.$", "(?i:a)b|c", "(?:)*x", "^$", "[^\\n]+\\s[\\d\\w]?",
    ])
    func regular(_ pattern: String) throws {
        #expect(try Self.program(pattern, "u").automaton != nil)
    }

    @Test("Lookarounds, back-references, classes with strings and huge counts do not", arguments: [
        ("(?=a)b", ""), ("(?<!a)b", ""), ("(a)\\1", ""), ("[\\q{ab|c}]", "v"), ("\\p{RGI_Emoji}", "v"),
        ("a{5000}", ""), ("(?:ab){3000}", ""), ("(?:a{100}){100}", ""),
    ])
    func notRegular(_ pattern: String, _ flags: String) throws {
        #expect(try Self.program(pattern, flags).automaton == nil)
    }

    /// A modifier group that changes `i` under `u` changes the word characters of `\b`: left to backtracking.
    @Test func wordBoundaryUnderChangedCase() throws {
        #expect(try Self.program("(?i:\\b)k", "u").automaton == nil)
        #expect(try Self.program("(?i:\\b)k", "").automaton != nil)
    }

    /// Every corpus case whose pattern has an automaton, answered by the automaton alone: node's verdict.
    @Test func corpusVerdicts() throws {
        var checked = 0
        var patterns = Set<String>()
        try CorpusPrograms.forEachCase { corpusCase, expected, program in
            guard program.automaton != nil else { return }
            checked += 1
            patterns.insert(corpusCase.pattern + "/" + corpusCase.flags)
            let answer = try PortableMatcher.matches(program, corpusCase.input, engine: .automaton, scanningFrom: .max)
            #expect(answer == expected, "[\(corpusCase.row)] /\(corpusCase.pattern)/\(corpusCase.flags) on \(corpusCase.input.debugDescription.prefix(200))")
        }
        // Most of the corpus is regular: the check covers tens of thousands of cases.
        #expect(checked > 50_000, "only \(checked) cases had an automaton")
        #expect(patterns.count > 5_000, "only \(patterns.count) patterns had an automaton")
    }

    /// UTF-16 subjects with lone surrogates (the code-unit entry point) answer as the backtracking matcher does.
    @Test func codeUnits() throws {
        let lone: [UInt16] = [0x61, 0xD83D, 0x62, 0xDE00, 0xD83D, 0xDE00]
        for (pattern, flags) in [("^a.b..$", ""), ("^a.b.$", "u"), ("\\uD83D", "u"), ("\\uD83D", ""), (".{4}", "u")] {
            let program = try Self.program(pattern, flags)
            #expect(program.automaton != nil)
            let backtracked = try PortableMatcher.matches(program, codeUnits: lone)
            #expect(try PortableMatcher.matches(program, codeUnits: lone, engine: .automaton) == backtracked,
                    "/\(pattern)/\(flags)")
        }
    }

    static func repeated(_ unit: String, _ count: Int) -> String { String(repeating: unit, count: count) }

    /// Hostile families at 64 KiB that backtracking cannot finish, with node 24's verdicts where it gave one
    /// (`^(a|ab|abc)*d`/i: false; the others node does not answer within a second, and the language says no).
    @Test("Hostile families at 64 KiB: an answer, never limit", arguments: [
        PortableCase("^(a|ab|abc)*d", "i", repeated("abc", 21_845), false, "overlapping alternation"),
        PortableCase("^(a+)+$", "", repeated("a", 65_535) + "!", false, "nested quantifiers"),
        PortableCase("(x+x+)+y", "i", repeated("x", 65_536), false, "nested quantifiers"),
        PortableCase("^(?:a*)*$", "", repeated("a", 65_535) + "!", false, "nested quantifiers"),
        PortableCase("^(\\w+\\s?)*$", "", repeated("a", 65_535) + "!", false, "nested quantifiers"),
        PortableCase("^(?:\\p{L}|\\p{N}|x)*$", "iu", repeated("a", 65_535) + "!", false, "alternation of properties"),
        PortableCase("^(a|a?)+$", "", repeated("a", 65_535) + "!", false, "nested quantifiers"),
        PortableCase("^(a+)+$", "", repeated("a", 65_536), true, "nested quantifiers"),
        PortableCase("(a*)*b", "v", repeated("a", 65_535) + "b", true, "nested quantifiers"),
        PortableCase("^(?:ab|a)*$", "m", repeated("ab", 20_000) + "\n" + repeated("a", 20_000), true, "lines"),
        PortableCase("\\b(?:a|aa)+\\b", "", repeated("a", 65_536), true, "word boundaries"),
    ])
    func hostile(_ testCase: PortableCase) throws {
        let (pattern, flags, subject, expected) = (testCase.pattern, testCase.flags, testCase.input, testCase.expected)
        #expect(try ECMARegex(pattern, flags: flags, forcing: .portable).test(subject) == expected)
        #expect(try ECMARegex(pattern, flags: flags).test(subject) == expected)
        // The automaton alone, without the scan for required characters (which answers some of these).
        let program = try Self.program(pattern, flags)
        #expect(try PortableMatcher.matches(program, subject, engine: .automaton, scanningFrom: .max) == expected)
    }

    /// On short subjects backtracking answers first; where it gives up, the automaton answers.
    @Test func shortSubjectFallsBack() throws {
        // Counted loops inside counted loops: more memo slots than a point may have (11 × 11), so
        // backtracking is exponential here; the automaton has 10 × 10 copies of `a|aa`.
        let program = try Self.program("(?:(?:a|aa){1,10}){1,10}b")
        #expect(program.automaton != nil)
        let subject = Self.repeated("a", 100)
        #expect(throws: ECMARegexError.self) {
            try PortableMatcher.matches(program, subject, engine: .backtracking)
        }
        #expect(try PortableMatcher.matches(program, subject) == false)
        #expect(try PortableMatcher.matches(program, subject + "b") == true)
    }

    /// The automaton's steps count against the budget: a tiny budget gives `limit`, not a wrong answer.
    @Test func budget() throws {
        let program = try Self.program("(?:a|b|c|d|e|f|g|h)*z")
        let subject = Self.repeated("abcdefgh", 200)
        let perCharacter = subject.utf16.count * PortableMatcher.stepsPerCharacter
        #expect(throws: ECMARegexError.self) {
            // (Not scanned for its required `z`, which would answer before the automaton runs.)
            try PortableMatcher.matches(program, subject, budget: 100 - perCharacter, engine: .automaton, scanningFrom: .max)
        }
        #expect(try PortableMatcher.matches(program, subject, engine: .automaton, scanningFrom: .max) == false)
    }
}
