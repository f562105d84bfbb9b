import Testing
@testable import ECMARegex

/// `v`-mode classes under `i` where V8 13.6, JavaScriptCore 2.50 and ES2025 read `\p{ASCII}` or a
/// one-character `\q{}` differently: the browsers' answer where they agree, the specification's where not.
@Suite("Case-insensitive v-mode classes, read as the browsers read them")
struct CaseInsensitiveSetReadingsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var pattern: String
        var input: String
        var v8: Bool
        var javaScriptCore: Bool
        /// ES2025 22.2.2.9 and 22.2.2.7 (the answer every operand closed under case gives).
        var specification: Bool
        var testDescription: String { "/\(pattern)/iv on \(input.unicodeScalars.map { "U+" + String($0.value, radix: 16) })" }

        /// The verdict the engine must give: the browsers' where they agree, else the specification's.
        var expected: Bool { v8 == javaScriptCore ? v8 : specification }
    }

    // Verdicts measured with node 24.19.0 and Debian's jsc 2.50.6.
    static let cases: [Case] = [
        // `\p{ASCII}` stays its 128 code points in both browsers.
        Case(pattern: "^[^\\p{ASCII}]$", input: "\u{212A}", v8: true, javaScriptCore: true, specification: false),
        Case(pattern: "^[^\\p{ASCII}]$", input: "k", v8: false, javaScriptCore: false, specification: false),
        Case(pattern: "^\\P{ASCII}$", input: "\u{17F}", v8: true, javaScriptCore: true, specification: false),
        Case(pattern: "^[\\p{ASCII}a]$", input: "\u{17F}", v8: false, javaScriptCore: false, specification: true),
        Case(pattern: "^[[A-Z]&&\\P{ASCII}]$", input: "\u{212A}", v8: true, javaScriptCore: true, specification: false),
        Case(pattern: "^[[A-Z]--\\p{ASCII}]$", input: "\u{212A}", v8: true, javaScriptCore: false, specification: false),
        Case(pattern: "^[\\p{Ll}--\\P{ASCII}]$", input: "\u{212A}", v8: false, javaScriptCore: true, specification: true),
        // A one-character `\q{}` in an intersection.
        Case(pattern: "^[\\p{Ll}&&\\q{B}]$", input: "B", v8: false, javaScriptCore: false, specification: true),
        Case(pattern: "^[\\p{Ll}&&\\q{B}]$", input: "b", v8: true, javaScriptCore: true, specification: true),
        Case(pattern: "^[\\p{Lu}&&\\q{b}]$", input: "B", v8: false, javaScriptCore: true, specification: true),
        Case(pattern: "^[\\p{Lu}&&\\q{b}]$", input: "b", v8: true, javaScriptCore: false, specification: true),
        Case(pattern: "^[\\q{\\u212a}&&[a-z]]$", input: "\u{212A}", v8: false, javaScriptCore: false, specification: true),
        Case(pattern: "^[\\q{\\u212a}&&[a-z]]$", input: "K", v8: false, javaScriptCore: true, specification: true),
        Case(pattern: "^[\\q{\\u212a}&&k]$", input: "\u{212A}", v8: false, javaScriptCore: true, specification: true),
        Case(pattern: "^[\\q{\\u01c6}&&\\p{Uppercase}]$", input: "\u{1C5}", v8: false, javaScriptCore: false, specification: true),
        Case(pattern: "^[\\q{\\u01c6}&&\\p{Uppercase}]$", input: "\u{1C4}", v8: false, javaScriptCore: true, specification: true),
        Case(pattern: "^[\\q{\\u01c6}&&\\p{Uppercase}]$", input: "\u{1C6}", v8: true, javaScriptCore: false, specification: true),
    ]

    @Test("Each case gets the browsers' common verdict, or the specification's where they disagree", arguments: cases)
    func verdict(_ example: Case) throws {
        #expect(try ECMARegex(example.pattern, flags: "iv").test(example.input) == example.expected)
        #expect(try ECMARegex(example.pattern, flags: "iv", forcing: .portable).test(example.input) == example.expected)
        #if PCRE2_BACKEND
            #expect(try ECMARegex(example.pattern, flags: "iv", forcing: .pcre2).test(example.input) == example.expected)
        #endif
    }

    @Test("A modifier group's i reads \\p{ASCII} as the flag's i does", arguments: cases.filter { $0.pattern.contains("ASCII") })
    func modifier(_ example: Case) throws {
        let pattern = "^(?i:" + example.pattern.dropFirst().dropLast() + ")$"
        #expect(try ECMARegex(pattern, flags: "v").test(example.input) == example.expected, "\(pattern)")
    }

    @Test("The cases cover agreement against the specification and both kinds of disagreement")
    func casesCoverEveryShape() {
        // Otherwise the cases could pass with the plain case closure (the specification's reading) alone.
        #expect(Self.cases.contains { $0.v8 == $0.javaScriptCore && $0.v8 != $0.specification })
        #expect(Self.cases.contains { $0.v8 != $0.javaScriptCore && $0.v8 == $0.specification })
        #expect(Self.cases.contains { $0.v8 != $0.javaScriptCore && $0.javaScriptCore == $0.specification })
    }

    @Test("Classes without \\p{ASCII} or a one-character \\q{} with case variants keep their case closure")
    func closureWhereTheReadingsAgree() throws {
        let flags = try RegexFlags(parsing: "iv")
        for pattern in ["[\\p{Lu}--[a-z]]", "[\\q{ab|1}&&\\w]", "[^\\P{Ll}]", "[\\w--\\d]"] {
            guard case .characterClass(let set) = try ParsedPattern(pattern, flags: "iv").root else {
                Issue.record("\(pattern) is not a class")
                continue
            }
            #expect(CaseInsensitiveSetReadings.characters(of: set, flags: flags) == nil, "\(pattern)")
        }
        guard case .characterClass(let ascii) = try ParsedPattern("[\\p{ASCII}]", flags: "iv").root else {
            Issue.record("[\\p{ASCII}] is not a class")
            return
        }
        #expect(CaseInsensitiveSetReadings.characters(of: ascii, flags: flags) == [0...0x7F])
        #expect(CaseInsensitiveSetReadings.characters(of: ascii, flags: try RegexFlags(parsing: "v")) == nil)
    }
}
