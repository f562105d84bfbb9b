import ThunderID

/// One row of a policy table: a regex, a new value and its confirmation, and the verdict each rule
/// should reach, then whether the form may be submitted.
///
/// ```
/// | regex       | flags | new value | confirmation | nonEmpty rule | regex rule | confirmation rule | form    |
/// |-------------|-------|-----------|--------------|---------------|------------|-------------------|---------|
/// | `^\d{4}$`   |       | "1234"    | "1234"       | passed        | passed     | passed            | valid   |
/// | `^\d{4}$`   |       | "1234\n"  | "1234\n"     | passed        | failed     | passed            | invalid |
/// ```
///
/// The regex is inline code (its backslashes are its own); `—` means no regex. Values are quoted
/// with escapes (`\n`, `\u{00A0}`). A rule column is `<rule id> rule`; its cell is `passed`,
/// `failed`, `unverifiable`, or `—` when the rule must not report at all. An optional `strict`
/// column (true/false) makes an unverifiable regex block.
public struct PolicyRow: Sendable, Hashable {
    /// Where the row is.
    public var location: SourceLocation
    /// The effective regex, if any.
    public var regex: String?
    /// ECMAScript flags for the regex (the SDKs use none).
    public var flags: String
    /// The new value as typed.
    public var newValue: String
    /// The confirmation as typed.
    public var confirmation: String
    /// Whether an unverifiable regex blocks.
    public var isStrict: Bool
    /// The expected status per rule, in column order.
    public var verdicts: [Verdict]
    /// Whether the form may be submitted, when said.
    package var form: ChangeCredentialMachine.Validity?

    /// One rule column's expectation.
    public struct Verdict: Sendable, Hashable {
        /// The rule id, such as `regex`.
        public var rule: String
        /// `passed`, `failed`, `unverifiable`, or `nil` when the rule must not report.
        public var status: String?
    }

    /// Whether `header` names a policy table.
    static func recognizes(_ header: [String]) -> Bool {
        let names = Set(header.map(\.squashed))
        return names.contains("newvalue") && names.contains("regex")
    }

    /// The rule id a `<rule id> rule` column names, or nil for any other column.
    static func ruleID(ofColumn name: String) -> String? {
        let words = name.split(separator: " ")
        return words.count == 2 && words[1].lowercased() == "rule" ? String(words[0]) : nil
    }

    /// Reads a policy table.
    static func parse(_ table: MarkdownTable, file: String) -> (rows: [PolicyRow], problems: [SpecProblem]) {
        var problems = table.headerProblems(
            kind: "policy", required: ["regex", "newvalue", "confirmation"],
            known: ["regex", "flags", "strict", "newvalue", "confirmation", "form"],
            columns: "regex | flags | strict | new value | confirmation | <id> rule … | form", file: file,
            unknownHint: " (rule columns are named '<rule id> rule')", isExtra: { ruleID(ofColumn: $0) != nil })
        let ruleColumns = table.header.enumerated().compactMap { index, name in
            ruleID(ofColumn: name).map { (index: index, rule: $0) }
        }
        guard problems.isEmpty else { return ([], problems) }
        let columns = table.columnIndex
        var rows: [PolicyRow] = []
        for row in table.rows {
            let location = SourceLocation(file: file, line: row.line)
            let cell: MarkdownTable.NamedCells
            switch table.namedCells(of: row, columns: columns, file: file) {
            case .success(let cells): cell = cells
            case .failure(let problem): problems.append(problem); continue
            }
            let regex: String?
            if PhraseList.isNone(cell("regex")) {
                regex = nil
            } else if let code = CodeSpan.parse(cell("regex")) {
                regex = code
            } else {
                problems.append(SpecProblem(location, "write the regex as inline code, `like this`, or — for none"))
                continue
            }
            guard let newValue = QuotedText.parse(cell("newvalue")) else {
                problems.append(SpecProblem(location, "new value: write the value in double quotes, \"like this\" (\"\" when empty)"))
                continue
            }
            guard let confirmation = QuotedText.parse(cell("confirmation")) else {
                problems.append(SpecProblem(location, "confirmation: write the value in double quotes, \"like this\" (\"\" when empty)"))
                continue
            }
            let strict: Bool
            switch cell("strict").lowercased() {
            case "", "false", "no", "—", "-": strict = false
            case "true", "yes": strict = true
            default:
                problems.append(SpecProblem(location, "strict is true or false"))
                continue
            }
            let flags = CodeSpan.parse(cell("flags")) ?? (PhraseList.isNone(cell("flags")) ? "" : cell("flags"))
            var verdicts: [Verdict] = []
            var bad = false
            for (index, rule) in ruleColumns {
                let text = index < row.cells.count ? row.cells[index].lowercased() : ""
                if PhraseList.isNone(text) {
                    verdicts.append(Verdict(rule: rule, status: nil))
                } else if ["passed", "failed", "unverifiable"].contains(text) {
                    verdicts.append(Verdict(rule: rule, status: text))
                } else {
                    problems.append(SpecProblem(location, "\(rule) rule: '\(text)' is not passed, failed, unverifiable or —"))
                    bad = true
                }
            }
            if bad { continue }
            var form: ChangeCredentialMachine.Validity?
            switch cell("form").squashed {
            case "": form = nil
            case "valid": form = .valid
            case "invalid": form = .invalid
            default:
                problems.append(SpecProblem(location, "form is valid or invalid"))
                continue
            }
            rows.append(PolicyRow(location: location, regex: regex, flags: flags, newValue: newValue, confirmation: confirmation,
                                  isStrict: strict, verdicts: verdicts, form: form))
        }
        return (rows, problems)
    }
}
