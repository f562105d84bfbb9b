/// The outcome of running a suite: per file, the coverage matrix, and the totals.
package struct SpecReport: Sendable {
    /// What happened in one file.
    package struct FileResult: Sendable {
        /// The file's path.
        package var path: String
        /// Rows and steps that did what the spec says.
        package var passed: Int
        /// Rows and steps that did not.
        package var failures: [SpecFailure]
        /// Steps not run because an earlier step of their scenario failed.
        package var notRun: Int
        /// Parts of the file that could not be read.
        package var problems: [SpecProblem]
    }

    /// One result per file, in path order.
    package var files: [FileResult]
    /// Coverage of the states × events matrix by the transition rows.
    package var coverage: CoverageMatrix

    /// Rows and steps that passed.
    package var passed: Int { files.reduce(0) { $0 + $1.passed } }
    /// Rows and steps that failed, plus unreadable rows and tables.
    package var failed: Int { files.reduce(0) { $0 + $1.failures.count + $1.problems.count } }
    /// Steps skipped after a failure.
    package var notRun: Int { files.reduce(0) { $0 + $1.notRun } }
    /// Every failure, in file order.
    package var failures: [SpecFailure] { files.flatMap(\.failures) }
    /// Every problem, in file order.
    package var problems: [SpecProblem] { files.flatMap(\.problems) }

    /// Whether the suite passes: no failure, no malformed spec, and complete coverage.
    package var isSuccess: Bool { failed == 0 && coverage.isComplete }

    /// The report as printed by `thunderid-spec`: a line per file, every failure and problem with
    /// `file:line`, the coverage matrix, and the final `N passed, M failed` line.
    ///
    /// Credential values only appear inside failure diffs.
    package func render() -> String {
        renderBody() + "\n\n" + totalsLine
    }

    /// Everything but the final totals line.
    package func renderBody() -> String {
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
    package var totalsLine: String {
        var total = "\(passed) passed, \(failed) failed"
        if notRun > 0 { total += ", \(notRun) not run" }
        return total
    }
}
