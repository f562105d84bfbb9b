import Foundation

/// Collects a response body piece by piece and stops at the cap for the answer's status
/// (`maximumResponseBytes` for a 2xx, `maximumErrorResponseBytes` otherwise); past it, nothing is kept.
struct ResponseBodyAccumulator {
    enum Progress: Equatable {
        case reading
        /// A 2xx body passed `limit`: the answer is ``ThunderIDError/responseTooLarge(limit:)``.
        case tooLarge(limit: Int)
        /// An error body passed its cap: it is dropped, and the answer keeps its status and headers.
        case dropped
    }

    /// The cap for this answer's status.
    let limit: Int
    let isSuccess: Bool
    /// The body so far; empty once the cap was passed.
    private(set) var body = Data()
    private(set) var progress = Progress.reading

    /// An empty body for an answer with `status`, capped by `successLimit` or `errorLimit` (negative caps count as 0).
    init(status: Int, successLimit: Int, errorLimit: Int) {
        isSuccess = (200..<300).contains(status)
        limit = max(0, isSuccess ? successLimit : errorLimit)
    }

    /// Adds the next piece; past the cap the body is released and every later piece is ignored.
    @discardableResult
    mutating func append(_ piece: Data) -> Progress {
        guard progress == .reading else { return progress }
        // `limit - body.count` cannot overflow: the body never exceeds the cap.
        guard piece.count <= limit - body.count else {
            body = Data()
            progress = isSuccess ? .tooLarge(limit: limit) : .dropped
            return progress
        }
        body.append(piece)
        return progress
    }
}
