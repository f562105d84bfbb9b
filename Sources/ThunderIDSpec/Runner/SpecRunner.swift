/// Runs a ``SpecSuite``: every transition row against the machine, then the coverage matrix.
public struct SpecRunner: Sendable {
    /// Creates a runner.
    public init() {}

    /// Runs every file of `suite`.
    public func run(_ suite: SpecSuite) async -> SpecReport {
        var results: [SpecReport.FileResult] = []
        for file in suite.files {
            var failures: [SpecFailure] = []
            var passed = 0
            for row in file.transitions {
                if let failure = row.check() { failures.append(failure) } else { passed += 1 }
            }
            results.append(SpecReport.FileResult(path: file.path, passed: passed, failures: failures,
                                                 notRun: 0, problems: file.problems))
        }
        return SpecReport(files: results, coverage: CoverageMatrix(rows: suite.transitions))
    }
}
