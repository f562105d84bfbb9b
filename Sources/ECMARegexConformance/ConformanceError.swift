/// Why conformance data could not be run at all (as opposed to a case that disagrees).
public enum ConformanceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A file or directory is missing, unreadable or empty.
    case missingData(String)
    /// A file does not have the documented shape.
    case malformedData(String)

    /// A one-line explanation for reports.
    public var description: String {
        switch self {
        case .missingData(let detail): "conformance data missing: \(detail)"
        case .malformedData(let detail): "conformance data malformed: \(detail)"
        }
    }
}
