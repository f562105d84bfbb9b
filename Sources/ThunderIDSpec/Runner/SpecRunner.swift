/// Runs a ``SpecSuite``: transition rows against the machine, policy rows against the rules,
/// scenarios against a ``ThunderID/ChangeCredentialState`` on in-memory fakes; then the coverage
/// matrix.
package struct SpecRunner: Sendable {
    /// Creates a runner.
    package init() {}

    /// Runs every file of `suite`.
    @MainActor
    package func run(_ suite: SpecSuite) async -> SpecReport {
        var results: [SpecReport.FileResult] = []
        let executor = ScenarioExecutor()
        for file in suite.files {
            var result = SpecReport.FileResult(path: file.path, passed: 0, failures: [], notRun: 0, problems: file.problems)
            for row in file.transitions {
                if let failure = row.check() { result.failures.append(failure) } else { result.passed += 1 }
            }
            for row in file.policies {
                if let failure = PolicyCheck.check(row) { result.failures.append(failure) } else { result.passed += 1 }
            }
            for scenario in file.scenarios {
                let outcome = await executor.run(scenario)
                result.passed += outcome.passed
                result.failures += outcome.failures
                result.notRun += outcome.notRun
            }
            results.append(result)
        }
        return SpecReport(files: results, coverage: CoverageMatrix(rows: suite.transitions))
    }
}
