import Foundation
import Testing
import ECMARegex
import ECMARegexConformance

@Suite("JSON-Schema-Test-Suite regex files")
struct SchemaSuiteTests {
    @Test("The suite folder holds exactly the three files and their README with the MIT notice")
    func filesArePresent() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: ConformanceData.schemaSuite.path).sorted()
        #expect(names == ["README.md", "ecmascript-regex.json", "format-ecmascript-regex.json", "non-bmp-regex.json"])
        let readme = try String(contentsOf: ConformanceData.schemaSuite.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("MIT"))
        #expect(readme.contains("Julian Berman"))
    }

    @Test("Every pattern and patternProperties test passes with the u flag", arguments: ["ecmascript-regex.json", "non-bmp-regex.json"])
    func patternTests(fileName: String) throws {
        let files = try SchemaSuiteFile.loadAll(from: ConformanceData.schemaSuite)
        let file = try #require(files.first { $0.name == fileName })
        var validator = SchemaValidator(flags: "u")
        var checked = 0
        for group in file.groups {
            for instance in group.tests {
                let comment = Comment(rawValue: "\(fileName): \(group.description) / \(instance.description)")
                do throws(SchemaValidator.Failure) {
                    let valid = try validator.validate(instance.data, against: group.schema)
                    #expect(valid == instance.valid, comment)
                } catch {
                    Issue.record(Comment(rawValue: "\(comment.rawValue): \(error)"))
                }
                checked += 1
            }
        }
        // 74 tests in ecmascript-regex.json and 12 in non-bmp-regex.json (see the suite README).
        #expect(checked == (fileName == "ecmascript-regex.json" ? 74 : 12))
    }
}
