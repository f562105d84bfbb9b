import Testing
@testable import ECMARegex
import ECMARegexConformance

/// The portable matcher's required sets (``PortableProgram/requiredSets``): characters every match needs
/// in the subject, checked by a scan of long subjects before matching.
@Suite("Portable matcher: required characters")
struct PortableRequiredSetsTests {
    static func sets(_ pattern: String, _ flags: String = "") throws -> [[ClosedRange<UInt32>]] {
        let parsed = try RegexParser.parse(pattern, flags: try RegexFlags(parsing: flags))
        let program = PortableCompiler.compile(parsed, whole: false)
        return program.requiredSets.map { index in
            (0...0x10FFFF as ClosedRange<UInt32>).split(whereSeparator: { !program.sets[index].contains($0) }).map { run in
                run.first!...run.last!
            }
        }
    }

    static func code(_ text: String) -> ClosedRange<UInt32> {
        let value = text.unicodeScalars.first!.value
        return value...value
    }

    @Test func whatEveryMatchNeeds() throws {
        #expect(try Self.sets("^(?=.*(?=.*(?=.*a)b)c)") == [[Self.code("a")], [Self.code("b")], [Self.code("c")]])
        #expect(try Self.sets("x*y+z?") == [[Self.code("y")]])
        #expect(try Self.sets("a|[bc]") == [[0x61...0x63]])
        #expect(try Self.sets("(?!x)y(?<=y)") == [[Self.code("y")]])
        #expect(try Self.sets("k", "i") == [[Self.code("K"), Self.code("k")]])
        #expect(try Self.sets("k", "iu") == [[Self.code("K"), Self.code("k"), 0x212A...0x212A]])
        #expect(try Self.sets("(?i:k)x") == [[Self.code("K"), Self.code("k")], [Self.code("x")]])
    }

    @Test("Nothing is required where a match may do without it", arguments: [
        ("a|", ""), ("(?:a)?", ""), ("(?!a)", ""), ("(a)?\\1", ""), ("[\\q{ab|c}]", "v"), ("[^\\s\\S]|.", ""), ("\\b$", ""),
    ])
    func nothingRequired(_ pattern: String, _ flags: String) throws {
        #expect(try Self.sets(pattern, flags).isEmpty)
    }

    @Test func atMostFourSmallOnes() throws {
        #expect(try Self.sets("abcdefgh").count == PortableCompiler.requiredSetLimit)
        // Letters and digits are met by nearly any subject: not worth a scan.
        #expect(try Self.sets("[\\p{L}\\p{N}]+x", "u") == [[Self.code("x")]])
    }

    /// Every corpus case the scan would answer `false` (a required set with no character in the subject)
    /// is one node answers `false`: the analysis never refuses a subject that has a match.
    @Test func corpusNeverRefusesAMatch() throws {
        var refused = 0
        try CorpusPrograms.forEachCase { corpusCase, expected, program in
            let characters: [UInt32] = program.unicode
                ? corpusCase.input.unicodeScalars.map(\.value) : corpusCase.input.utf16.map(UInt32.init)
            let missing = program.requiredSets.contains { index in !characters.contains(where: program.sets[index].contains) }
            guard missing else { return }
            refused += 1
            #expect(!expected, "[\(corpusCase.row)] /\(corpusCase.pattern)/\(corpusCase.flags) on \(corpusCase.input.debugDescription.prefix(200))")
        }
        #expect(refused > 10_000, "only \(refused) cases lack a required character")
    }

    /// The nested lookahead of the worst-case family at 64 KiB: node 24 answers false in 0.4 ms; the scan
    /// finds no `b` (nor `c`), where matching would take 22 steps a character.
    @Test func nestedLookaheadAt64KiB() throws {
        let subject = String(repeating: "a", count: 65_536)
        for flags in ["", "iu"] {
            #expect(try !ECMARegex("^(?=.*(?=.*(?=.*a)b)c)", flags: flags, forcing: .portable).test(subject))
            #expect(try !ECMARegex("^(?=.*(?=.*(?=.*a)b)c)", flags: flags).test(subject))
        }
        // Short subjects are not scanned; the answer is the same.
        let program = try RegexParser.parse("^(?=.*(?=.*(?=.*a)b)c)", flags: RegexFlags())
        let compiled = PortableCompiler.compile(program, whole: false)
        // A `c`, then a `b` at or after it, then an `a` at or after that.
        #expect(try !PortableMatcher.matches(compiled, "abc"))
        #expect(try PortableMatcher.matches(compiled, "cba"))
        #expect(try PortableMatcher.matches(compiled, "c" + String(repeating: "x", count: 300) + "ba", scanningFrom: 0))
        #expect(try !PortableMatcher.matches(compiled, "c" + String(repeating: "x", count: 300) + "bx", scanningFrom: 0))
    }
}
