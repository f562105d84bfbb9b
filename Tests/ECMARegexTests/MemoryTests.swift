import ECMARegexConformance
import Testing

@testable import ECMARegex

/// Properties of strings share one table per process, and the regex cache is bounded by
/// bytes with least-recently-used eviction. (Compile times and memory are measured by
/// `swift run -c release regex-bench --memory`, never here.)
@Suite("Shared string tables and the cache's byte bound")
struct MemoryTests {
    static let emoji = "\\p{RGI_Emoji}"

    @Test("Every occurrence of a property of strings, in every regex, holds the one process-wide table")
    func propertyTableIsShared() throws {
        let first = try ECMARegex(Self.emoji, flags: "v", forcing: .portable)
        let many = try ECMARegex(String(repeating: Self.emoji, count: 100), flags: "v", forcing: .portable)
        let mixed = try ECMARegex("^[\(Self.emoji)a-z]+\(Self.emoji)$", flags: "v", forcing: .portable)
        // The tree: each occurrence references the table, no copy of its strings.
        guard case .sequence(let nodes) = many.parsed.root, nodes.count == 100 else {
            Issue.record("expected a sequence of 100 classes, got \(many.parsed.root)")
            return
        }
        let tables = nodes.compactMap { node -> StringPropertyTable? in
            if case .characterClass(.stringProperty(let property)) = node { return property.table }
            return nil
        }
        #expect(tables.count == 100)
        #expect(tables.allSatisfy { $0 === tables[0] })
        // The programs: one string table each, the same object in all three regexes.
        let programs = [first, many, mixed].map { $0.compiled.portableProgram() }
        #expect(programs.map(\.stringTables.count) == [1, 1, 1])
        #expect(programs.allSatisfy { $0.stringTables[0] === programs[0].stringTables[0] })
        #expect(programs[0].stringTables[0].isShared)
        // Nothing was decoded or built again after the first regex: the tree's table is the one the process
        // holds under the name, and the programs' tables are the one it keeps for this direction and case.
        // (Identity, not a process-wide build counter: tests running alongside build other forms.)
        let shared = try #require(StringPropertyTable.named("RGI_Emoji"))
        #expect(tables[0] === shared)
        #expect(programs[0].stringTables[0] === shared.portableTable(folded: false, unicode: true, backward: false))
        // A hundred occurrences cost instructions, not strings: the program stays far below one table's size
        // (a copy of the table per occurrence would hold tens of megabytes).
        #expect(programs[1].estimatedBytes < programs[0].stringTables[0].estimatedBytes)
        #expect(programs[1].instructions.count < 100 * 4)
    }

    @Test("Under i, and matching backwards, the property's folded tables are shared too")
    func foldedAndBackwardTablesAreShared() throws {
        let pattern = "(?<=\(Self.emoji))x\(Self.emoji)"
        let one = try ECMARegex(pattern, flags: "vi", forcing: .portable).compiled.portableProgram()
        let two = try ECMARegex("^" + pattern, flags: "vi", forcing: .portable).compiled.portableProgram()
        #expect(one.stringTables.count == 2)
        #expect(zip(one.stringTables, two.stringTables).allSatisfy { $0 === $1 })
        #expect(one.stringTables.map(\.backward).sorted { !$0 && $1 } == [false, true])
        #expect(one.stringTables.allSatisfy { $0.ignoreCase && $0.isShared })
    }

    @Test("A class built by set operations gets its own table, one per program however often it occurs")
    func setOperationTables() throws {
        let set = "[\(Self.emoji)--\\q{👍🏽}]"
        let program = try ECMARegex(String(repeating: set, count: 50), flags: "v", forcing: .portable)
            .compiled.portableProgram()
        #expect(program.stringTables.count == 1)
        #expect(!program.stringTables[0].isShared)
        #expect(program.stringTables[0].count + 1 == StringPropertyTable.named("RGI_Emoji")!.strings.count)
    }

    @Test("Strings are tried longest first and backtracked into, forwards, backwards and under i, on both backends")
    func stringsBacktrack() throws {
        let cases: [(String, String, String, Bool)] = [
            ("^[\\q{abc|ab|a}]c$", "v", "abc", true),
            ("^[\\q{abc|ab|a}]bc$", "v", "abc", true),
            ("^[\\q{abc|ab|a}]$", "v", "ab", true),
            ("^[\\q{abc|ab}]$", "v", "a", false),
            ("^[\\q{abc|ab}x]$", "v", "x", true),
            ("^[\\q{abc|ab|}]c$", "v", "c", true),
            ("^[\\q{ABC|AB}]c$", "vi", "abC", true),
            ("(?<=^[\\q{abc|bc}])d", "v", "abcd", true),
            ("(?<=^x[\\q{abc|bc}])d", "v", "xbcd", true),
            ("(?<=^x[\\q{abc|bc}])d", "v", "xabcd", true),
            ("(?<=^x[\\q{abc|bc}])d", "v", "xbbcd", false),
            ("(?<=^xa[\\q{abc|bc}])d", "v", "xabcd", true),
            ("^\\p{RGI_Emoji}+$", "v", "👍🏽👍🇫🇷", true),
            ("^\\p{RGI_Emoji}\\u{1F3FD}$", "v", "👍🏽", true),
            ("^\\p{RGI_Emoji}{2}$", "v", "👍🏽", true),
            ("^\\p{RGI_Emoji}$", "v", "👍🏽!", false),
        ]
        for (pattern, flags, input, expected) in cases {
            #expect(try ECMARegex(pattern, flags: flags, forcing: .portable).test(input) == expected, "\(pattern) /\(flags) on \(input)")
            #expect(try ECMARegex(pattern, flags: flags).test(input) == expected, "\(pattern) /\(flags) on \(input)")
        }
    }

    @Test("The cache evicts the least recently used entry, by count and by bytes")
    func leastRecentlyUsed() throws {
        func key(_ text: String) -> RegexCache.Key { RegexCache.Key(pattern: "^\(text)[0-9]+$", flags: "", mode: .search) }
        let byCount = RegexCache(capacity: 3)
        for name in ["a", "b", "c"] { _ = try byCount.regex(for: key(name)) }
        _ = try byCount.regex(for: key("a"))
        _ = try byCount.regex(for: key("d"))
        #expect(byCount.contains(key("a")))
        #expect(!byCount.contains(key("b")))
        #expect(byCount.contains(key("c")) && byCount.contains(key("d")))

        let size = try ECMARegex("^a[0-9]+$").compiled.estimatedBytes
        let byBytes = RegexCache(capacity: 100, maximumBytes: size * 3 + size / 2)
        for name in ["a", "b", "c"] { _ = try byBytes.regex(for: key(name)) }
        #expect(byBytes.accountedBytes == size * 3)
        _ = try byBytes.regex(for: key("a"))
        _ = try byBytes.regex(for: key("b"))
        _ = try byBytes.regex(for: key("d"))
        #expect(!byBytes.contains(key("c")))
        #expect(byBytes.contains(key("a")) && byBytes.contains(key("b")) && byBytes.contains(key("d")))
        #expect(byBytes.accountedBytes == size * 3)
        // A regex larger than the whole bound is answered and not kept.
        let tiny = RegexCache(capacity: 100, maximumBytes: size - 1)
        #expect(try tiny.regex(for: key("a")).test("a1"))
        #expect(tiny.count == 0 && tiny.accountedBytes == 0)
    }

    @Test("Filled with patterns at the length cap, the shared cache's configuration stays within its byte bound")
    func atCapFillStaysWithinBound() throws {
        let cache = RegexCache(capacity: RegexCache.shared.capacity, maximumBytes: RegexCache.shared.maximumBytes)
        #expect(cache.maximumBytes == 16 << 20)
        // (head, repeated body, flags): one capture at the head, since a pattern may hold at most 32,767.
        let bodies: [(String, String, String)] = [("", Self.emoji, "v"), ("", "[^]", "is"), ("", "\\W", "iv"),
                                                  ("", "(?:a|b)", ""), ("(a)", "\\1", "i")]
        var inserted: [RegexCache.Key] = []
        var keptAfterUse: [RegexCache.Key] = []
        var largest = 0
        // At the 1 MiB length cap some regexes account for more than the whole bound: they are answered and
        // not kept. The others are kept until later ones push them out.
        for index in 0..<15 {
            let (head, body, flags) = bodies[index % bodies.count]
            let prefix = "\(index)" + head
            let pattern = prefix + String(repeating: body, count: (RegexParser.maximumPatternLength - prefix.utf16.count) / body.utf16.count)
            #expect(pattern.utf16.count > RegexParser.maximumPatternLength - body.utf16.count)
            let key = RegexCache.Key(pattern: pattern, flags: flags, mode: .search)
            let regex = try cache.regex(for: key)
            let bytes = regex.compiled.estimatedBytes
            largest = max(largest, bytes)
            inserted.append(key)
            #expect(cache.accountedBytes <= cache.maximumBytes)
            if bytes <= cache.maximumBytes {
                #expect(cache.contains(key), "the entry just used is kept")
                keptAfterUse.append(key)
            } else {
                #expect(!cache.contains(key), "an entry larger than the whole bound is answered, not kept")
            }
        }
        // The bound was reached (so eviction ran), and every pattern's figure counts at least its source.
        #expect(cache.count < inserted.count)
        #expect(cache.accountedBytes + largest > cache.maximumBytes)
        // What is kept is the most recently used suffix of the insertions that fit.
        let kept = keptAfterUse.map(cache.contains)
        #expect(cache.count > 0)
        #expect(kept == Array(repeating: false, count: kept.count - cache.count) + Array(repeating: true, count: cache.count))
    }

    @Test("A regex's figure counts at least its pattern and its PCRE2 code, and the JIT tier stays within the estimate made before it")
    func estimatesBoundTheirParts() throws {
        let family = try WorstCaseFamily.load(from: WorstCaseFamily.defaultDirectory)
        var seen = Set<String>()
        var checked = 0
        for testCase in family.cases where seen.insert(testCase.fullPattern + "/" + testCase.flags).inserted {
            guard let regex = try? ECMARegex(testCase.fullPattern, flags: testCase.flags, mode: testCase.matchMode) else { continue }
            let before = regex.compiled.estimatedBytes
            #expect(before > testCase.fullPattern.utf8.count)
            #if PCRE2_BACKEND
                guard let pcre2 = regex.compiled.pcre2 else { continue }
                let estimated = pcre2.estimatedBytes
                for _ in 0..<3 { _ = try? regex.test("") }
                guard regex.isJITCompiled else { continue }
                #expect(pcre2.estimatedBytes <= estimated, "/\(testCase.label)/: JIT tier larger than estimated")
                checked += 1
            #endif
        }
        #if PCRE2_BACKEND
            #expect(checked >= 10)
        #endif
    }
}
