import ECMARegex
import Foundation
import Testing
@testable import ThunderID
import ThunderIDSpec

/// The password and PIN regexes the AutoFill suites run on: `Specs/autofill/policies.jsonl` (common
/// real-world policies, and every regex of `Specs/policies`, each judged by hand as expressible in the
/// rules language or not).
struct PolicyCase: Sendable, CustomTestStringConvertible {
    let regex: String
    let flags: String
    let kind: String
    let source: String
    /// Whether some descriptor in Apple's rules language is sound for the regex (judged by hand).
    let isExpressible: Bool
    let note: String

    var testDescription: String { flags.isEmpty ? "/\(regex)/" : "/\(regex)/\(flags)" }

    /// A seed from the regex's bytes (FNV-1a), the same in every run.
    var seed: UInt64 {
        (regex + "/" + flags).utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}

enum PolicyCorpus {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let file = root.appendingPathComponent("Specs/autofill/policies.jsonl")

    /// Every case of the corpus file; empty only when the file is missing (the suites fail on that).
    static let cases: [PolicyCase] = {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let regex = object["regex"] as? String, let flags = object["flags"] as? String,
                  let kind = object["kind"] as? String, let source = object["source"] as? String,
                  let expressible = object["expressible"] as? Bool, let note = object["note"] as? String
            else { return nil }
            return PolicyCase(regex: regex, flags: flags, kind: kind, source: source, isExpressible: expressible, note: note)
        }
    }()

    /// The lines of the corpus file, to check that each one was read.
    static var lineCount: Int {
        ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    /// The distinct (regex, flags) pairs of the policy tables in `Specs/policies`.
    static var specPolicies: Set<[String]> {
        let directory = root.appendingPathComponent("Specs/policies")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var pairs = Set<[String]>()
        for name in names where name.hasSuffix(".md") {
            let path = directory.appendingPathComponent(name).path
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            for row in SpecFile(path: path, text: text).policies {
                if let regex = row.regex { pairs.insert([regex, row.flags]) }
            }
        }
        return pairs
    }

    /// Whether the regex's text has the one shape Apple's converter documents handling,
    /// `^(?=.*[…])…[class]{m,n}$`: searches for bracket classes, then one bracket class with counts.
    static func hasConverterShape(_ regex: String) -> Bool {
        let bracket = #"\[(?:[^\]\\]|\\.)+\]"#
        let shape = #"^\^(?:\(\?=\.\*"# + bracket + #"\))*"# + bracket + #"\{\d+(?:,\d*)?\}\$$"#
        return (try? ECMARegex(shape).test(regex)) ?? false
    }
}
