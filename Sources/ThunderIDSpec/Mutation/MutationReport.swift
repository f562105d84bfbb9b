/// What a mutation run found.
public struct MutationReport: Sendable, Hashable {
    /// Mutants derived from the table.
    public var generated: Int
    /// Mutants at least one spec row noticed.
    public var killed: Int
    /// The mutants no row noticed, described as `cell: change`.
    public var survivors: [String]
    /// Mutants that send a cell to another state.
    public var retargets: Int
    /// Mutants that drop an effect kind from a cell.
    public var drops: Int
    /// Mutants that add an effect kind to a cell.
    public var additions: Int

    /// The report as text, ending with the plain count line.
    public func render() -> String {
        var lines = survivors.map { "survivor: \($0)" }
        lines.append("mutants: \(retargets) other target states, \(drops) dropped effects, \(additions) added effects")
        lines.append("\(killed) of \(generated) mutants killed, \(survivors.count) survived")
        return lines.joined(separator: "\n")
    }
}
