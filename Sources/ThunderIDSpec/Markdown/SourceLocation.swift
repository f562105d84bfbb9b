/// A line of a spec file, shown as `file:line` in every failure and problem.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file's path as given to the loader (relative to the working directory when possible).
    public var file: String
    /// The 1-based line number.
    public var line: Int

    /// Creates a location.
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line) < (rhs.file, rhs.line)
    }
}
