/// A pipe table found in a Markdown file, with the heading it sits under.
///
/// Spec files are Markdown: prose is ignored, tables are read. Tables inside fenced code blocks
/// are examples and are skipped. A cell may contain a literal pipe written as `\|`.
public struct MarkdownTable: Sendable, Hashable {
    /// One body row of a table.
    public struct Row: Sendable, Hashable {
        /// The cells, trimmed, with `\|` unescaped.
        public var cells: [String]
        /// The 1-based line of the row in its file.
        public var line: Int
    }

    /// The text of the nearest heading above the table (without the `#` marks), if any.
    public var heading: String?
    /// The line of that heading.
    public var headingLine: Int?
    /// The header cells, trimmed.
    public var header: [String]
    /// The 1-based line of the header row.
    public var headerLine: Int
    /// The body rows, in file order.
    public var rows: [Row]

    /// Every table of `text`, in order.
    public static func tables(in text: String) -> [MarkdownTable] {
        var tables: [MarkdownTable] = []
        var heading: (text: String, line: Int)?
        var inFence = false
        var block: [(cells: [String], line: Int, raw: String)] = []

        func flush() {
            defer { block.removeAll() }
            guard block.count >= 2, isSeparator(block[1].raw) else { return }
            let rows = block.dropFirst(2).map { Row(cells: $0.cells, line: $0.line) }
            tables.append(MarkdownTable(heading: heading?.text, headingLine: heading?.line,
                                        header: block[0].cells, headerLine: block[0].line, rows: Array(rows)))
        }

        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, rawLine) in lines.enumerated() {
            let lineNumber = index + 1
            let line = rawLine.trimmingWhitespace()
            if line.hasPrefix("```") || line.hasPrefix("~~~") {
                flush()
                inFence.toggle()
                continue
            }
            if inFence { continue }
            if line.hasPrefix("|") {
                block.append((splitCells(line), lineNumber, line))
                continue
            }
            flush()
            if line.hasPrefix("#") {
                let text = line.drop { $0 == "#" }.trimmingWhitespace()
                heading = (text, lineNumber)
            }
        }
        flush()
        return tables
    }

    /// `|---|:--:|` and the like.
    static func isSeparator(_ line: String) -> Bool {
        let cells = splitCells(line)
        return !cells.isEmpty && cells.allSatisfy { cell in
            !cell.isEmpty && cell.allSatisfy { $0 == "-" || $0 == ":" } && cell.contains("-")
        }
    }

    /// Splits `| a | b \| c |` into `["a", "b | c"]`.
    static func splitCells(_ line: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                if character != "|" { current.append("\\") }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                cells.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        cells.append(current)
        // A leading and a trailing pipe leave empty ends behind.
        if cells.first?.trimmingWhitespace().isEmpty == true { cells.removeFirst() }
        if cells.last?.trimmingWhitespace().isEmpty == true { cells.removeLast() }
        return cells.map { $0.trimmingWhitespace() }
    }
}
