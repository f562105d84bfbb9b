/// One spec file, read: its transition rows, and the problems that make parts of it unreadable.
public struct SpecFile: Sendable {
    /// The path as shown in reports.
    public var path: String
    /// The rows of its transition tables.
    public var transitions: [TransitionRow] = []
    /// Tables or rows that could not be read.
    public var problems: [SpecProblem] = []

    /// Reads the tables of a Markdown spec. Prose is ignored; every table must be a spec table.
    public init(path: String, text: String) {
        self.path = path
        let tables = MarkdownTable.tables(in: text)
        if tables.isEmpty {
            problems.append(SpecProblem(SourceLocation(file: path, line: 1), "no spec table in this file"))
        }
        for table in tables {
            if TransitionTableParser.recognizes(table.header) {
                let (rows, problems) = TransitionTableParser.parse(table, file: path)
                transitions += rows
                self.problems += problems
            } else {
                problems.append(SpecProblem(SourceLocation(file: path, line: table.headerLine),
                                            "table not recognized: a transition table has the columns state | given | event | next state | effects"))
            }
        }
    }

    /// How many rows and steps the file holds.
    public var checkCount: Int { transitions.count }
}
