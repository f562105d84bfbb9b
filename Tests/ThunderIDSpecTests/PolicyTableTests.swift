import Testing
@testable import ThunderIDSpec

@Suite("Policy tables")
struct PolicyTableTests {
    static let header = "| regex | flags | strict | new value | confirmation | nonEmpty rule | regex rule | confirmation rule | form |\n|---|---|---|---|---|---|---|---|---|\n"

    @Test("Quoted values read their escapes, and write back")
    func quotedText() {
        #expect(QuotedText.parse("\"a\\nb\"") == "a\nb")
        #expect(QuotedText.parse("\"a\\u{00A0}b\"") == "a\u{00A0}b")
        #expect(QuotedText.parse("\"say \\\"hi\\\" \\\\ \"") == "say \"hi\" \\ ")
        #expect(QuotedText.parse("\"\"") == "")
        #expect(QuotedText.parse("unquoted") == nil)
        #expect(QuotedText.parse("\"bad \\q\"") == nil)
        for value in ["a\nb", "x\u{2003}y", "🔑", "pa$$", "tab\t", "\u{FEFF}", "quote\"", "e\u{301}"] {
            #expect(QuotedText.parse(QuotedText.format(value).replacingPipes()) == value)
        }
    }

    @Test("A row reads regex, flags, values and verdicts")
    func readsRow() throws {
        let spec = SpecFile(path: "p.md", text: Self.header + "| `a\\|b` | `i` | true | \"x\\n\" | \"x\" | passed | failed | — | invalid |\n")
        #expect(spec.problems.isEmpty, "\(spec.problems)")
        let row = try #require(spec.policies.first)
        #expect(row.regex == "a|b")
        #expect(row.flags == "i")
        #expect(row.isStrict)
        #expect(row.newValue == "x\n")
        #expect(row.confirmation == "x")
        #expect(row.verdicts.map(\.rule) == ["nonEmpty", "regex", "confirmation"])
        #expect(row.verdicts.map(\.status) == ["passed", "failed", nil])
        #expect(row.form == .invalid)
    }

    @Test("Rows without a regex are checked by the non-empty and confirmation rules")
    func checksRowsWithoutRegex() throws {
        let spec = SpecFile(path: "p.md", text: Self.header + """
            | — | | | "abc" | "abc" | passed | — | passed | valid |
            | — | | | "" | "" | failed | — | passed | invalid |
            | — | | | "\\u{E9}" | "e\\u{301}" | passed | — | failed | invalid |
            | — | | | "abc" | "abd" | passed | — | passed | valid |

            """)
        let failures = spec.policies.compactMap(PolicyCheck.check)
        #expect(failures.count == 1)
        let failure = try #require(failures.first)
        #expect(failure.location == SourceLocation(file: "p.md", line: 6))
        #expect(failure.expected == "nonEmpty passed, regex —, confirmation passed, form valid")
        #expect(failure.actual == "nonEmpty passed, regex —, confirmation failed, form invalid")
    }

    @Test("Malformed policy rows are reported with file:line", arguments: [
        ("| ^a$ | | | \"a\" | \"a\" | passed | passed | passed | valid |", "inline code"),
        ("| `a` | | | a | \"a\" | passed | passed | passed | valid |", "new value: write the value in double quotes"),
        ("| `a` | | maybe | \"a\" | \"a\" | passed | passed | passed | valid |", "strict is true or false"),
        ("| `a` | | | \"a\" | \"a\" | ok | passed | passed | valid |", "nonEmpty rule: 'ok'"),
        ("| `a` | | | \"a\" | \"a\" | passed | passed | passed | fine |", "form is valid or invalid"),
    ])
    func malformedRow(row: String, message: String) throws {
        let spec = SpecFile(path: "p.md", text: Self.header + row + "\n")
        let problem = try #require(spec.problems.first)
        #expect(problem.location == SourceLocation(file: "p.md", line: 3))
        #expect(problem.message.contains(message), "\(problem.message)")
    }
}

extension String {
    /// `\|` as a table cell would unescape it.
    func replacingPipes() -> String { MarkdownTable.splitCells("| \(self) |").first ?? self }
}
