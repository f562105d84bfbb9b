import Foundation

/// One catalogue row: a pattern, flags, an input and the verdict node gave (or the documented refusal).
struct CatalogueCase: Sendable, CustomStringConvertible {
    enum Verdict: String, Sendable { case match, noMatch, syntax, unsupported, limit, noMatchOrLimit }

    let id: String
    let pattern: String
    let flags: String
    let input: String
    var expected: Verdict

    /// Never prints the input itself, only its size (inputs stand in for credentials).
    var description: String { "\(id) /\(pattern)/\(flags) on \(input.unicodeScalars.count) scalars" }

    /// Every row of ``CatalogueData/rows``; a malformed row stops the test run.
    static let all: [CatalogueCase] = CatalogueData.rows.split(separator: "\n").map { line in
        guard let data = line.data(using: .utf8),
            let fields = try? JSONSerialization.jsonObject(with: data) as? [Any], fields.count == 5,
            let id = fields[0] as? String, let pattern = fields[1] as? String, let flags = fields[2] as? String,
            let segments = fields[3] as? [[Any]], let verdictText = fields[4] as? String,
            let verdict = Verdict(rawValue: verdictText)
        else {
            preconditionFailure("malformed catalogue row: \(line)")
        }
        var input = ""
        for segment in segments {
            guard segment.count == 2, let text = segment[0] as? String, let count = segment[1] as? Int else {
                preconditionFailure("malformed input segment in: \(line)")
            }
            input += String(repeating: text, count: count)
        }
        return CatalogueCase(id: id, pattern: pattern, flags: flags, input: input, expected: verdict)
    }
}
