import Foundation
import Testing
import ECMARegex
import ECMARegexConformance

@Suite("format-ecmascript-regex.json validity agrees with V8 (u)")
struct FormatValidityTests {
    /// Patterns V8 accepts that this engine may refuse as `unsupported`, each with the reason. Anything
    /// not listed must get exactly V8's answer: compiles, or a `syntax` error.
    static let allowedUnsupported: [String: String] = [
        "(?<=a+)b": "variable-length lookbehind: PCRE2 10.42 only has fixed-length lookbehind (catalogue LB1), and `a+` is unbounded so it cannot be expanded into alternatives",
    ]

    @Test("Every validity test compiles or fails with syntax exactly as V8 does, or is a listed unsupported construct")
    func validity() throws {
        let files = try SchemaSuiteFile.loadAll(from: ConformanceData.schemaSuite)
        let file = try #require(files.first { $0.name == "format-ecmascript-regex.json" })
        #expect(file.isFormatFile)
        var checked = 0
        for group in file.groups {
            for instance in group.tests {
                guard case .string(let pattern) = instance.data else {
                    Issue.record("\(group.description): data is not a string")
                    continue
                }
                checked += 1
                let context = "/\(pattern)/u (\(instance.description))"
                do throws(ECMARegexError) {
                    _ = try ECMARegex(pattern, flags: "u")
                    #expect(instance.valid, "\(context): V8 throws SyntaxError, the engine compiled it")
                } catch {
                    switch error.kind {
                    case .syntax:
                        #expect(!instance.valid, "\(context): V8 compiles it, the engine says syntax: \(error.message)")
                    case .unsupported, .limit:
                        #expect(instance.valid && Self.allowedUnsupported[pattern] != nil,
                                "\(context): \(error.kind.rawValue) (\(error.message)) is not an allowed refusal")
                    }
                }
            }
        }
        #expect(checked == 12)
    }

    @Test("Every allowed refusal is a pattern of the file that V8 accepts")
    func allowedRefusalsExist() throws {
        let files = try SchemaSuiteFile.loadAll(from: ConformanceData.schemaSuite)
        let file = try #require(files.first { $0.name == "format-ecmascript-regex.json" })
        let valid = Set(file.groups.flatMap(\.tests).filter(\.valid).compactMap { instance -> String? in
            if case .string(let pattern) = instance.data { return pattern }
            return nil
        })
        for pattern in Self.allowedUnsupported.keys {
            #expect(valid.contains(pattern), "\(pattern) is not a valid pattern of the file")
        }
    }
}
