/// A subject at the API's length limit (``ECMARegex/maximumSubjectLength``) against a pattern with
/// thousands of memo points: the memo's size in bits (points × positions) passes 2^31, so it must be
/// computed in 64 bits where `Int` has 32. A trap stops the whole check.
enum SubjectLimitCheck {
    /// A sentence when the answer is not the budget's `limit`; empty otherwise.
    static func failures() -> [String] {
        let pattern = "^(?=a)" + String(repeating: "(?:a|a)*", count: 3_000) + "$"
        let subject = String(repeating: "a", count: ECMARegex.maximumSubjectLength - 1) + "!"
        do throws(ECMARegexError) {
            let answer = try ECMARegex(pattern).test(subject)
            return ["3,000 memo points on \(subject.utf8.count) bytes answered \(answer), not limit"]
        } catch {
            return error.kind == .limit ? [] : ["3,000 memo points on \(subject.utf8.count) bytes: \(error.kind.rawValue) error"]
        }
    }
}
