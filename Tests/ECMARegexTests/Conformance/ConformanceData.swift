import Foundation
import ECMARegexConformance

/// Locates the conformance data in the repository, from this file's own path.
enum ConformanceData {
    /// The package root: three levels above `Tests/ECMARegexTests/Conformance/`.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Conformance
        .deletingLastPathComponent()  // ECMARegexTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root

    /// `Specs/regex`.
    static let regexSpecs = packageRoot.appendingPathComponent("Specs/regex")

    /// `Specs/regex/json-schema-test-suite`.
    static let schemaSuite = regexSpecs.appendingPathComponent("json-schema-test-suite")

    /// `Specs/regex/corpus`.
    static let corpus = regexSpecs.appendingPathComponent("corpus")

    /// The corpus files the suite expects; a file added or removed must be added or removed here too,
    /// so nothing is skipped silently.
    static let corpusFiles = [
        "case-folding.jsonl", "catalogue.jsonl", "credential.jsonl", "es2025.jsonl", "limits.jsonl", "properties.jsonl", "random.jsonl",
        "syntax.jsonl", "unicode.jsonl", "whole.jsonl",
    ]

    /// The pending lists (`Specs/regex/pending-*.txt`): cases expected to fail until the engine answers
    /// them as node does.
    static let pending: Result<PendingList, ConformanceError> = {
        do throws(ConformanceError) {
            return .success(try PendingList.load(from: regexSpecs))
        } catch {
            return .failure(error)
        }
    }()

    /// This build's configuration (`default` with the PCRE2 backend, else `trait-off`).
    static let build: PendingList.Build = {
        #if PCRE2_BACKEND
            return .pcre2
        #else
            return .portable
        #endif
    }()

    /// The corpus, loaded once for all tests.
    static let loadedCorpus: Result<[CorpusFile], ConformanceError> = {
        do throws(ConformanceError) {
            return .success(try CorpusFile.loadAll(from: corpus))
        } catch {
            return .failure(error)
        }
    }()

    /// Every corpus file run once, shared by the corpus tests (the run is the expensive part).
    static let corpusTallies: Result<[String: CorpusTally], ConformanceError> = loadedCorpus.flatMap { files in
        pending.map { pending in
            let expected = pending.expectedFailures(in: build)
            var tallies: [String: CorpusTally] = [:]
            for file in files { tallies[file.name] = ConformanceRun.tally(file, expectedFailures: expected) }
            return tallies
        }
    }
}
