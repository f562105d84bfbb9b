import Foundation

/// One JSON-Schema-Test-Suite file: groups of a schema and the instances tested against it.
public struct SchemaSuiteFile: Sendable {
    /// A schema with its test instances.
    public struct Group: Sendable, Decodable {
        /// The suite's description of the group.
        public var description: String
        /// The schema under test.
        public var schema: JSONValue
        /// The instances and whether each is valid.
        public var tests: [Instance]
    }

    /// One instance and the suite's verdict.
    public struct Instance: Sendable, Decodable {
        /// The suite's description of the instance.
        public var description: String
        /// The instance.
        public var data: JSONValue
        /// Whether the instance is valid against the group's schema.
        public var valid: Bool
    }

    /// The file name, such as `ecmascript-regex.json`.
    public var name: String
    /// The groups, in file order.
    public var groups: [Group]

    /// Reads every `*.json` file of `directory`, sorted by name; throws if there is none.
    public static func loadAll(from directory: URL) throws(ConformanceError) -> [SchemaSuiteFile] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw ConformanceError.missingData("cannot list \(directory.path): \(error.localizedDescription)")
        }
        let suiteNames = names.filter { $0.hasSuffix(".json") }.sorted()
        guard !suiteNames.isEmpty else {
            throw ConformanceError.missingData("no *.json suite file in \(directory.path)")
        }
        var files: [SchemaSuiteFile] = []
        for name in suiteNames {
            let url = directory.appendingPathComponent(name)
            do {
                let groups = try JSONDecoder().decode([Group].self, from: Data(contentsOf: url))
                guard !groups.isEmpty else { throw ConformanceError.missingData("\(name) holds no group") }
                files.append(SchemaSuiteFile(name: name, groups: groups))
            } catch let error as ConformanceError {
                throw error
            } catch {
                throw ConformanceError.malformedData("\(name): \(error)")
            }
        }
        return files
    }

    /// Whether the file's schemas test regex validity (`format: regex`) rather than matching.
    public var isFormatFile: Bool {
        groups.allSatisfy { group in
            if case .object(let keywords) = group.schema, keywords["format"] == .string("regex") { return true }
            return false
        }
    }
}
