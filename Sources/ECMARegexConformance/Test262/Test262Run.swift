/// Runs the test262 data through the `--jsonl` protocol code (`JSONLinesProtocol`): every check
/// becomes a request line, and the answer line is read back and compared with node's verdict.
public enum Test262Run {
    /// Runs every check of `data` and reports.
    public static func run(_ data: Test262Data, coverage: Test262Data.Coverage) -> Test262Report {
        var handler = JSONLinesProtocol()
        var report = Test262Report()
        data.forEachCheck(coverage: coverage) { check in
            let answer = Test262Answer(line: handler.answer(check.requestLine))
            report.record(check, answer: answer)
        }
        return report
    }
}
