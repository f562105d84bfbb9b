import Foundation
import ECMARegex
@testable import ThunderID
import Testing
import ThunderIDTesting

/// The README's and the DocC catalog's Swift examples are compiled and run here, against the
/// emulator, and checked for what they claim. Their text lives once in the sibling snippet files;
/// the drift tests fail when a documented block is not found there line for line (a uniform
/// indentation aside), so the documentation and the running code cannot part.
@MainActor
@Suite("README and DocC examples run as written", .serialized)
struct DocumentationSnippetTests {
    nonisolated static let emulator = SharedEmulator(fixture: "pin")

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // Snippets
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The ```swift blocks of `file` under the heading that starts with `heading`.
    static func swiftBlocks(in file: String, under heading: String) throws -> [[String]] {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        var blocks: [[String]] = []
        var inSection = false, inBlock = false
        var current: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if inBlock {
                if line.hasPrefix("```") {
                    blocks.append(current)
                    current = []
                    inBlock = false
                } else {
                    current.append(line)
                }
                continue
            }
            if line.hasPrefix("#") { inSection = line.drop { $0 == "#" || $0 == " " }.hasPrefix(heading) }
            if inSection && line.hasPrefix("```swift") { inBlock = true }
        }
        return blocks
    }

    /// Whether `block` appears in the source file as consecutive lines, each with the same indentation.
    static func appears(_ block: [String], inSource file: String) throws -> Bool {
        let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = block.first, !block.isEmpty else { return false }
        for (index, line) in source.enumerated() where line.hasSuffix(first) {
            let indent = String(line.dropLast(first.count))
            guard indent.allSatisfy({ $0 == " " }), index + block.count <= source.count else { continue }
            let matches = block.indices.allSatisfy { offset in
                let expected = block[offset].isEmpty ? "" : indent + block[offset]
                return source[index + offset] == expected
            }
            if matches { return true }
        }
        return false
    }

    @Test("The README's Linux program, both files, is the one compiled here, line for line")
    func readmeLinuxBlockIsCompiled() throws {
        let blocks = try Self.swiftBlocks(in: "README.md", under: "Using it on Linux")
        try #require(blocks.count == 2)
        #expect(blocks[0].first == "// Sources/MyApp/ChangePin.swift")
        #expect(try Self.appears(blocks[0], inSource: "Tests/ThunderIDTests/Snippets/ReadmeLinuxSnippet.swift"),
                "README.md's ChangePin.swift differs from ReadmeLinuxSnippet.swift")
        // main.swift is compiled as a function's body: its path comment and imports stay outside.
        #expect(blocks[1].first == "// Sources/MyApp/main.swift")
        let body = Array(blocks[1].drop { $0.hasPrefix("// Sources/") || $0.hasPrefix("import ") || $0.isEmpty })
        #expect(body.count == blocks[1].count - 4)
        #expect(try Self.appears(body, inSource: "Tests/ThunderIDTests/Snippets/ReadmeLinuxSnippet.swift"),
                "README.md's main.swift differs from ReadmeLinuxSnippet.swift")
    }

    @Test("The README's localization example is the one compiled here, line for line, and does what it says")
    func readmeLocalizationBlock() throws {
        let blocks = try Self.swiftBlocks(in: "README.md", under: "Languages, plurals and your own strings")
        #expect(blocks.count == 1)
        for block in blocks {
            #expect(try Self.appears(block, inSource: "Tests/ThunderIDTests/Snippets/ReadmeLocalizationSnippet.swift"),
                    "README.md's localization block differs from ReadmeLocalizationSnippet.swift")
        }
        let strings = germanStrings()
        #expect(strings.text(.cancel, credential: "Passwort") == "Zurück")
        #expect(strings.text(.newValueLabel, credential: "Passwort") == "Neues Passwort")
        #expect(strings.text(.newValueLabel, credential: "Notfall-PIN") == "Neue Notfall-PIN")
        #expect(strings.text(.emptyValue, credential: "Notfall-PIN") == "Gib eine neue Notfall-PIN ein.")
        #expect(strings.credentialName(forAttribute: "backup_pin") == "Notfall-PIN")
    }

    @Test("The README's regex example is the one compiled here, line for line")
    func readmeRegexBlockIsCompiled() throws {
        // The section's other Swift block is a Package.swift fragment (turning the PCRE2 trait off),
        // not code that runs.
        let all = try Self.swiftBlocks(in: "README.md", under: "The regex engine")
        let blocks = all.filter { !($0.first ?? "").hasPrefix(".package(") }
        #expect(all.count - blocks.count <= 1)
        #expect(blocks.count == 1)
        for block in blocks {
            // The import line stands at the top of the snippet file; the rest inside the function.
            let body = Array(block.drop { $0.hasPrefix("import ") || $0.isEmpty })
            #expect(block.contains("import ECMARegex"))
            #expect(try Self.appears(body, inSource: "Tests/ThunderIDTests/Snippets/ReadmeRegexSnippet.swift"),
                    "README.md's regex block differs from ReadmeRegexSnippet.swift")
        }
    }

    @Test("The DocC overview example is the one compiled here, line for line")
    func doccBlockIsCompiled() throws {
        let blocks = try Self.swiftBlocks(in: "Sources/ThunderID/ThunderID.docc/ThunderID.md", under: "Overview")
        #expect(blocks.count == 1)
        for block in blocks {
            #expect(try Self.appears(block, inSource: "Tests/ThunderIDTests/Snippets/DocCOverviewSnippet.swift"),
                    "the DocC overview block differs from DocCOverviewSnippet.swift")
        }
    }

    @Test("The DocC custom rule is the one compiled here, line for line, and is evaluated after edits of either field")
    func doccRuleBlock() async throws {
        let blocks = try Self.swiftBlocks(in: "Sources/ThunderID/ThunderID.docc/PoliciesAndLogging.md", under: "Rules")
        #expect(blocks.count == 1)
        for block in blocks {
            #expect(try Self.appears(block, inSource: "Tests/ThunderIDTests/Snippets/DocCRuleSnippet.swift"),
                    "the DocC rule block differs from DocCRuleSnippet.swift")
        }
        let state = ChangeCredentialState(
            schemaProvider: InMemorySchemaProvider(policy: .credential()), updater: ScriptedCredentialUpdater(),
            configuration: ChangeCredentialConfiguration().adding(ConfirmationLengthRule()), presentation: .inline)
        state.appear()
        await state.settle()
        state.newValue = "abcd"
        state.confirmValue = "abc"
        #expect(state.evaluation["confirmationLength"]?.status == .failed)
        #expect(state.evaluation["confirmationLength"]?.message == "Type the whole password again.")
        state.confirmValue = "abcde"
        #expect(state.evaluation["confirmationLength"]?.status == .passed)
        state.newValue = "abcdef"
        #expect(state.evaluation["confirmationLength"]?.status == .failed)
    }

    /// Every ```swift block of `file`, with the level-2 and the closest heading above it.
    static func allSwiftBlocks(in file: String) throws -> [(section: String, heading: String, lines: [String])] {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        var found: [(section: String, heading: String, lines: [String])] = []
        var section = "", heading = ""
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if var block = current {
                if line.hasPrefix("```") {
                    found.append((section, heading, block))
                    current = nil
                } else {
                    block.append(line)
                    current = block
                }
                continue
            }
            if line.hasPrefix("#") {
                heading = String(line.drop { $0 == "#" || $0 == " " })
                if line.hasPrefix("## ") { section = heading }
            }
            if line.hasPrefix("```swift") { current = [] }
        }
        return found
    }

    /// Where `block` is compiled: the name of a snippet file it appears in (whole, or without its
    /// leading path comment, imports and blank lines), else `nil`.
    static func compiledSnippet(_ block: [String]) throws -> String? {
        let folder = root.appendingPathComponent("Tests/ThunderIDTests/Snippets")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        let body = Array(block.drop { $0.hasPrefix("// Sources/") || $0.hasPrefix("import ") || $0.isEmpty })
        for file in files {
            let path = "Tests/ThunderIDTests/Snippets/" + file
            if try appears(block, inSource: path) || (!body.isEmpty && appears(body, inSource: path)) { return file }
        }
        return nil
    }

    /// The documents whose Swift blocks must all be compiled: the README and every DocC article.
    static func documents() throws -> [String] {
        var documents = ["README.md"]
        let sources = root.appendingPathComponent("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let catalog = sources.appendingPathComponent(module).appendingPathComponent(module + ".docc")
            guard let articles = try? FileManager.default.contentsOfDirectory(atPath: catalog.path) else { continue }
            documents += articles.filter { $0.hasSuffix(".md") }.sorted().map { "Sources/\(module)/\(module).docc/\($0)" }
        }
        return documents
    }

    /// Who compiles `block` of `document` when a tool other than this suite does: Tools/apple-check
    /// (the SwiftUI examples) or Tools/readme-check (the whole manifest and the traits example).
    static func compiledByTool(document: String, section: String, heading: String, block: [String]) -> String? {
        if document.hasPrefix("Sources/ThunderIDSwiftUI/") { return "apple-check" }
        guard document == "README.md" else { return nil }
        if section.hasPrefix("The row in 15 lines") || section.hasPrefix("SwiftUI") { return "apple-check" }
        if heading.hasPrefix("Package.swift"), block.first?.hasPrefix("// swift-tools-version") == true { return "readme-check" }
        if heading.hasPrefix("Traits") { return "readme-check" }
        return nil
    }

    @Test("Every Swift block of the README and the DocC catalogs is compiled: here, by apple-check or by readme-check")
    func everyBlockIsCompiled() throws {
        var checked = 0
        for document in try Self.documents() {
            for (section, heading, block) in try Self.allSwiftBlocks(in: document) {
                checked += 1
                if Self.compiledByTool(document: document, section: section, heading: heading, block: block) != nil { continue }
                #expect(try Self.compiledSnippet(block) != nil,
                        "\(document), under \"\(heading)\": a Swift block no snippet file holds line for line")
            }
        }
        // README: quick start, provider, ChangeCredential, BaseChangeCredential, sign-out,
        // configuration, event log, localization, manifest, traits, the Linux program's two files, regex.
        #expect(checked >= 20)
    }

    @Test("The coverage check finds no snippet for a block that is compiled nowhere")
    func uncompiledBlockIsNoticed() throws {
        #expect(try Self.compiledSnippet(["let neverCompiled = 1 // a block no snippet file holds"]) == nil)
        #expect(try Self.compiledSnippet(["print(try policy.test(\"Secret123\"))   // true, as in a browser"]) != nil)
    }

    @Test("The DocC catalogs' examples do what their comments say")
    func doccCatalogExamples() async throws {
        #expect(docCPoliciesEventLogExample().eventLog.isEmpty == (ProcessInfo.processInfo.environment["THUNDERID_TRACE"] == nil))
        let emulator = try await Self.emulator.fresh()
        let logged = docCEventLogExample(config: try emulator.config())
        #expect(logged.attribute == "pin")

        let state = docCTestingExample()
        state.appear()
        await state.settle()
        #expect(state.credentialDisplayName == "PIN")
        state.newValue = "2468"
        state.confirmValue = "2468"
        state.submit()
        await state.settle()
        #expect(state.error == "You appear to be offline. Check your connection and try again.")
        state.submit()
        await state.settle()
        #expect(state.success)

        let (policy, html) = try docCRegexExample()
        #expect(try policy.test("Secret123") && policy.test("😀😀😀😀Ab1") && !html.test("abc1"))
    }

    @Test("The drift check notices a changed line")
    func driftIsNoticed() throws {
        var block = try #require(try Self.swiftBlocks(in: "README.md", under: "Using it on Linux").first)
        block[block.count / 2] += " // edited"
        #expect(try !Self.appears(block, inSource: "Tests/ThunderIDTests/Snippets/ReadmeLinuxSnippet.swift"))
    }

    @Test("The README's Linux program changes the PIN on the emulator and reports success")
    func readmeLinuxProgram() async throws {
        let emulator = try await Self.emulator.fresh()
        let changed = try await changePin(baseUrl: emulator.baseURL.absoluteString, newPin: "2468",
                                          accessToken: { "emulator-token" })
        #expect(changed)
        let body = try #require(try await emulator.lastBody())
        let sent = try JSONSerialization.jsonObject(with: body) as? [String: [String: String]]
        #expect(sent == ["attributes": ["pin": "2468"]])
        let stats = try await emulator.stats()
        #expect(stats.requests.meta == 1 && stats.requests.update == 1)
    }

    @Test("The README's Linux program reports failure, not success, for a PIN the schema refuses")
    func readmeLinuxProgramRefusal() async throws {
        let emulator = try await Self.emulator.fresh()
        let changed = try await changePin(baseUrl: emulator.baseURL.absoluteString, newPin: "12",
                                          accessToken: { "emulator-token" })
        #expect(!changed)
        #expect(try await emulator.stats().requests.update == 0)
    }

    @Test("The DocC overview example posts the PIN and calls onSuccess")
    func doccOverview() async throws {
        let emulator = try await Self.emulator.fresh()
        let state = docCOverviewExample(config: try emulator.config())
        await state.settle()
        #expect(state.phase == .succeeded && state.success && state.newValue.isEmpty)
        let body = try #require(try await emulator.lastBody())
        let sent = try JSONSerialization.jsonObject(with: body) as? [String: [String: String]]
        #expect(sent == ["attributes": ["pin": "2468"]])
    }

    @Test("The README's regex example gives the verdicts its comments claim")
    func readmeRegex() throws {
        let (password1, withNewline, whole) = try readmeRegexExample()
        #expect(password1 && !withNewline)
        #expect(try whole.test("1234") && !whole.test("12345"))
    }
}
