extension PropertyNameTable {
    /// Decodes one table of the generated `PropertyNameTable.swift`: each line is a canonical name followed
    /// by every name that selects it, separated by single spaces.
    ///
    /// The tables are stored as text because a dictionary literal of strings compiles into an array of
    /// `String` values, initialisation code and a relocation per string in every app that links the
    /// engine; a string literal is stored as its bytes.
    static func decode(_ text: String) -> [String: String] {
        var table: [String: String] = .init()
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard let canonical = words.first.map(String.init) else { continue }
            for name in words.dropFirst() {
                table[String(name)] = canonical
            }
        }
        return table
    }
}
