/// The outcome of running a suite: per file, the coverage matrix, and the totals.
public struct SpecReport: Sendable {
    /// What happened in one file.
    public struct FileResult: Sendable {
        /// The file's path.
        public var path: String
        /// Rows and steps that did what the spec says.
        public var passed: Int
        /// Rows and steps that did not.
        public var failures: [SpecFailure]
        /// Steps not run because an earlier step of their scenario failed.
        public var notRun: Int
        /// Parts of the file that could not be read.
        public var problems: [SpecProblem]
    }

    /// One result per file, in path order.
    public var files: [FileResult]
    /// Coverage of the states × events matrix by the transition rows.
    public var coverage: CoverageMatrix

    /// Rows and steps that passed.
    public var passed: Int { files.reduce(0) { $0 + $1.passed } }
    /// Rows and steps that failed, plus unreadable rows and tables.
    public var failed: Int { files.reduce(0) { $0 + $1.failures.count + $1.problems.count } }
    /// Steps skipped after a failure.
    public var notRun: Int { files.reduce(0) { $0 + $1.notRun } }
    /// Every failure, in file order.
    public var failures: [SpecFailure] { files.flatMap(\.failures) }
    /// Every problem, in file order.
    public var problems: [SpecProblem] { files.flatMap(\.problems) }

    /// Whether the suite passes: no failure, no malformed spec, and complete coverage.
    public var isSuccess: Bool { failed == 0 && coverage.isComplete }

    /// The report as printed by `thunderid-spec`: a line per file, every failure and problem with
    /// `file:line`, the coverage matrix, and the final `N passed, M failed` line.
    ///
    /// Credential values only appear inside failure diffs.
    public func render() -> String {
        renderBody() + "\n\n" + totalsLine
    }

    /// Everything but the final totals line.
    public func renderBody() -> String {
        var lines: [String] = []
        for file in files {
            let total = file.passed + file.failures.count + file.notRun
            let status: String
            if !file.problems.isEmpty {
                status = "BAD "
            } else if !file.failures.isEmpty {
                status = "FAIL"
            } else {
                status = "ok  "
            }
            var line = "\(status) \(file.path)  \(file.passed)/\(total) passed"
            if !file.problems.isEmpty { line += ", \(file.problems.count) malformed" }
            lines.append(line)
        }
        let failures = self.failures
        let problems = self.problems
        if !failures.isEmpty || !problems.isEmpty { lines.append("") }
        for problem in problems { lines.append(problem.description) }
        for failure in failures { lines.append(failure.description) }
        lines.append("")
        lines.append(coverage.render())
        return lines.joined(separator: "\n")
    }

    /// `N passed, M failed` (and `, K not run` when a scenario stopped early).
    public var totalsLine: String {
        var total = "\(passed) passed, \(failed) failed"
        if notRun > 0 { total += ", \(notRun) not run" }
        return total
    }
}
