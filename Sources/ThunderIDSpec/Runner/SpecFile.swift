/// One spec file, read: its transition rows, scenarios and policy rows, and the problems that
/// make parts of it unreadable.
package struct SpecFile: Sendable {
    /// The path as shown in reports.
    package var path: String
    /// The rows of its transition tables.
    package var transitions: [TransitionRow] = []
    /// Its scenario scripts.
    package var scenarios: [ScenarioSpec] = []
    /// The rows of its policy tables.
    package var policies: [PolicyRow] = []
    /// Tables or rows that could not be read.
    package var problems: [SpecProblem] = []

    /// Reads the tables of a Markdown spec. Prose is ignored; every table must be a spec table.
    package init(path: String, text: String) {
        self.path = path
        let tables = MarkdownTable.tables(in: text)
        if tables.isEmpty {
            problems.append(SpecProblem(SourceLocation(file: path, line: 1), "no spec table in this file"))
        }
        var pendingFixture: (headingLine: Int?, fixture: ScenarioFixture)?
        for table in tables {
            let headerLocation = SourceLocation(file: path, line: table.headerLine)
            if ScenarioSpec.isScenarioHeading(table.heading) {
                if ScenarioSpec.isFixtureHeader(table.header) {
                    let (fixture, problems) = ScenarioFixture.parse(table, file: path)
                    self.problems += problems
                    pendingFixture = (table.headingLine, fixture)
                } else if ScenarioSpec.isStepsHeader(table.header) {
                    let (steps, problems) = ScenarioSpec.parseSteps(table, file: path)
                    self.problems += problems
                    let fixture = pendingFixture?.headingLine == table.headingLine ? pendingFixture?.fixture : nil
                    let title = String((table.heading ?? "").dropFirst("scenario:".count)).trimmingWhitespace()
                    if steps.isEmpty && problems.isEmpty {
                        self.problems.append(SpecProblem(headerLocation, "a scenario without steps"))
                    }
                    scenarios.append(ScenarioSpec(title: title, location: SourceLocation(file: path, line: table.headingLine ?? table.headerLine),
                                                  fixture: fixture ?? ScenarioFixture(), steps: steps))
                    pendingFixture = nil
                } else {
                    problems.append(SpecProblem(headerLocation, "under a Scenario heading, a table is either | fixture | value | or a steps table (step | action | state | effects | shows)"))
                }
            } else if TransitionTableParser.recognizes(table.header) {
                let (rows, problems) = TransitionTableParser.parse(table, file: path)
                transitions += rows
                self.problems += problems
            } else if PolicyRow.recognizes(table.header) {
                let (rows, problems) = PolicyRow.parse(table, file: path)
                policies += rows
                self.problems += problems
            } else {
                problems.append(SpecProblem(headerLocation, "table not recognized: a transition table has the columns state | given | event | next state | effects; a policy table regex | new value | confirmation | <id> rule | form; scenarios sit under a '## Scenario: …' heading"))
            }
        }
    }

    /// How many rows and steps the file holds.
    package var checkCount: Int { transitions.count + scenarios.reduce(0) { $0 + $1.steps.count } + policies.count }
}
