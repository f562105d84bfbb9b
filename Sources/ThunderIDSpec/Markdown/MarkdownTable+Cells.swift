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
