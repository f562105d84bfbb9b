import Foundation

/// A corpus file: its name and its cases, in file order.
public struct CorpusFile: Sendable {
    /// The file name, such as `catalogue.jsonl`.
    public var name: String
    /// The cases, one per line.
    public var cases: [CorpusCase]

    /// Reads every `*.jsonl` file of `directory`, sorted by name.
    ///
    /// Throws when the directory holds no corpus file or a line does not decode, so a misplaced
    /// or damaged corpus can never pass silently.
    public static func loadAll(from directory: URL) throws(ConformanceError) -> [CorpusFile] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw ConformanceError.missingData("cannot list \(directory.path): \(error.localizedDescription)")
        }
        let corpusNames = names.filter { $0.hasSuffix(".jsonl") }.sorted()
        guard !corpusNames.isEmpty else {
            throw ConformanceError.missingData("no *.jsonl corpus file in \(directory.path)")
        }
        var files: [CorpusFile] = []
        for name in corpusNames {
            files.append(try load(directory.appendingPathComponent(name)))
        }
        return files
    }

    /// Reads one JSON-lines corpus file.
    public static func load(_ url: URL) throws(ConformanceError) -> CorpusFile {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ConformanceError.missingData("cannot read \(url.path): \(error.localizedDescription)")
        }
        let decoder = JSONDecoder()
        var cases: [CorpusCase] = []
        var lineNumber = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.isEmpty { continue }
            do {
                let corpusCase = try decoder.decode(CorpusCase.self, from: Data(line))
                guard corpusCase.matchMode != nil else {
                    throw ConformanceError.malformedData("\(url.lastPathComponent):\(lineNumber): unknown mode \(corpusCase.mode ?? "")")
                }
                cases.append(corpusCase)
            } catch let error as ConformanceError {
                throw error
            } catch {
                throw ConformanceError.malformedData("\(url.lastPathComponent):\(lineNumber): \(error)")
            }
        }
        guard !cases.isEmpty else {
            throw ConformanceError.missingData("\(url.lastPathComponent) holds no case")
        }
        return CorpusFile(name: url.lastPathComponent, cases: cases)
    }
}
