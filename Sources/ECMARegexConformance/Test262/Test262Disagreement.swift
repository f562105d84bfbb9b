/// A check whose answer is not node's verdict, with enough to read and reproduce it.
public struct Test262Disagreement: Sendable, Equatable {
    /// The check's id.
    public var id: String
    /// Its data file.
    public var category: String
    /// How node produced the verdict.
    public var kind: String
    /// The test262 file.
    public var test: String
    /// Pattern source.
    public var pattern: String
    /// Flags.
    public var flags: String
    /// The input, shortened to 24 code points with its length in code points, or a range-set subject's key.
    public var inputSummary: String
    /// Node's verdict.
    public var expect: CorpusCase.Expectation
    /// What the protocol answered.
    public var answer: Test262Answer

    init(check: Test262Check, answer: Test262Answer) {
        id = check.id
        category = check.category
        kind = check.kind
        test = check.test
        pattern = check.pattern
        flags = check.flags
        if let key = check.subjectKey {
            inputSummary = key
        } else {
            let scalars = check.input.unicodeScalars
            let head = String(String.UnicodeScalarView(scalars.prefix(24)))
            inputSummary = JSONText.quote(head) + (scalars.count > 24 ? "…(\(scalars.count) code points)" : "")
        }
        expect = check.expect
        self.answer = answer
    }

    /// Node's verdict as a label: `match`, `no match` or `syntax`.
    public var expectLabel: String {
        switch expect {
        case .match(let value): value ? "match" : "no match"
        case .syntax: "syntax"
        }
    }

    /// One line: id, category, kind, test, verdicts, pattern and input (the known-list format).
    public var summaryLine: String {
        let shownPattern = pattern.count > 60 ? String(pattern.prefix(60)) + "…" : pattern
        var answerText = answer.label
        if case .error(_, let message) = answer { answerText += " (\(message.prefix(40)))" }
        let line = "\(id) \(category) \(kind) \(test) node \(expectLabel) -> \(answerText) /\(shownPattern)/\(flags) \(inputSummary)"
        return String(line.unicodeScalars.map { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : Character($0) })
    }
}
