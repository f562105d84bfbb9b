extension MarkdownTable {
    /// The first column index of each header name, keyed by its squashed form (`New value` → `newvalue`).
    var columnIndex: [String: Int] {
        Dictionary(header.enumerated().map { ($1.squashed, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// One body row read by column name: `cells("regex")` is the cell under that column, or "" when
    /// the table has no such column or the row stops short of it.
    struct NamedCells {
        let row: Row
        let columns: [String: Int]

        func callAsFunction(_ name: String) -> String {
            guard let index = columns[name], index < row.cells.count else { return "" }
            return row.cells[index]
        }
    }

    /// The header's problems, the same for every table kind: each column of `required` that is
    /// missing, and each column that neither `known` names (squashed) nor `isExtra` accepts.
    /// `kind` names the table (`transition`), `columns` lists its columns for the first message,
    /// and `unknownHint` ends the second.
    func headerProblems(kind: String, required: [String], known: Set<String>, columns: String, file: String,
                        unknownHint: String = "", isExtra: (String) -> Bool = { _ in false }) -> [SpecProblem] {
        let location = SourceLocation(file: file, line: headerLine)
        let names = Set(header.map(\.squashed))
        var problems: [SpecProblem] = []
        for name in required where !names.contains(name) {
            problems.append(SpecProblem(location, "\(kind) table without a '\(name)' column (columns: \(columns))"))
        }
        for name in header where !known.contains(name.squashed) && !isExtra(name) {
            problems.append(SpecProblem(location, "unknown column '\(name)' in a \(kind) table\(unknownHint)"))
        }
        return problems
    }

    /// `row` read by column name, or the problem of a row with more cells than the header has
    /// columns (an unescaped pipe in a cell), which every table kind rejects the same way.
    func namedCells(of row: Row, columns: [String: Int], file: String) -> Result<NamedCells, SpecProblem> {
        guard row.cells.count <= header.count else {
            return .failure(SpecProblem(SourceLocation(file: file, line: row.line),
                                        "\(row.cells.count) cells in a table of \(header.count) columns (write a literal pipe as \\|)"))
        }
        return .success(NamedCells(row: row, columns: columns))
    }
}
