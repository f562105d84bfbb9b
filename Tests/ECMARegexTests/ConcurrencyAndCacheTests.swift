import Dispatch
import Synchronization
import Testing

@testable import ECMARegex

@Suite("Concurrency and cache")
struct ConcurrencyAndCacheTests {
    @Test("Many threads matching one regex all get the right answers")
    func manyThreads() throws {
        let regexes = [
            try ECMARegex("^(?=.*\\d)(?=.*[A-Z]).{8,}$"),
            try ECMARegex("^(?=.*\\d)(?=.*[A-Z]).{8,}$", flags: "u"),
            try ECMARegex("^(?=.*\\d)(?=.*[A-Z]).{8,}$", flags: "v"),
        ]
        let inputs = ["Password1", "password1", "Pass1", "Pässwörd1😀", "PASSWORD"]
        let expected = [true, false, false, true, false]
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 16) { worker in
            var local = 0
            for round in 0..<500 {
                let index = (worker + round) % inputs.count
                for regex in regexes where (try? regex.test(inputs[index])) != expected[index] {
                    local += 1
                }
            }
            mismatches.withLock { $0 += local }
        }
        #expect(mismatches.withLock { $0 } == 0)
    }

    @Test("cached returns the compiled regex for the same key and does not cache failures")
    func cacheHitsAndFailures() throws {
        let first = try ECMARegex.cached("^a+$", flags: "u")
        let second = try ECMARegex.cached("^a+$", flags: "u")
        #expect(first.translatedPattern == second.translatedPattern)
        #expect(try second.test("aaa"))
        let whole = try ECMARegex.cached("a", flags: "u", mode: .whole)
        #expect(whole.mode == .whole)
        #expect(throws: ECMARegexError.self) { try ECMARegex.cached("(", flags: "u") }
        #expect(throws: ECMARegexError.self) { try ECMARegex.cached("(", flags: "u") }
    }

    @Test("Cache keys compare patterns byte for byte at every length and every differing position")
    func keyComparison() {
        for length in 0...40 {
            let pattern = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x41 + $0 % 26))) })
            let same = RegexCache.Key(pattern: String(pattern.reversed().reversed()), flags: "u", mode: .search)
            #expect(RegexCache.Key(pattern: pattern, flags: "u", mode: .search) == same)
            #expect(RegexCache.Key(pattern: pattern, flags: "", mode: .search) != same)
            for position in 0..<length {
                var scalars = Array(pattern.unicodeScalars)
                scalars[position] = "z"
                let other = RegexCache.Key(pattern: String(String.UnicodeScalarView(scalars)), flags: "u", mode: .search)
                #expect(other != same, "length \(length), position \(position)")
            }
            #expect(RegexCache.Key(pattern: pattern + "z", flags: "u", mode: .search) != same)
        }
        // Canonically equivalent but different code points stay different keys.
        #expect(RegexCache.Key(pattern: "^\u{1FD3}$", flags: "", mode: .search)
            != RegexCache.Key(pattern: "^\u{390}$", flags: "", mode: .search))
    }

    @Test("A thread's last hit answers again for its key only, and survives the shared cache dropping it")
    func threadRecentHit() throws {
        let key = RegexCache.Key(pattern: "^recent-[0-9]+$", flags: "u", mode: .search)
        let first = try ECMARegex.cached(key.pattern, flags: key.flags)
        let remembered = try #require(RecentRegex.lookUp(key))
        #expect(remembered.compiled === first.compiled)
        #expect(RecentRegex.lookUp(RegexCache.Key(pattern: key.pattern, flags: "", mode: .search)) == nil)
        #expect(RecentRegex.lookUp(RegexCache.Key(pattern: key.pattern, flags: "u", mode: .whole)) == nil)
        #expect(RecentRegex.lookUp(RegexCache.Key(pattern: "^recent-[0-9]*$", flags: "u", mode: .search)) == nil)
        let again = try ECMARegex.cached(key.pattern, flags: key.flags)
        #expect(again.compiled === first.compiled)
        #expect(try again.test("recent-42"))
        #expect(try !again.test("recent-"))
        // Another key replaces the remembered entry.
        _ = try ECMARegex.cached("^other-recent$", flags: "u")
        #expect(RecentRegex.lookUp(key) == nil)
    }

    @Test("The cache is bounded and evicts the oldest entries first")
    func cacheIsBounded() throws {
        let cache = RegexCache(capacity: 4)
        for index in 0..<10 {
            _ = try cache.regex(for: RegexCache.Key(pattern: "a{\(index)}", flags: "", mode: .search))
        }
        #expect(cache.count == 4)
        cache.removeAll()
        #expect(cache.count == 0)
    }

    @Test("The cache is safe to fill from many threads")
    func cacheUnderContention() {
        let cache = RegexCache(capacity: 8)
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for index in 0..<50 {
                let key = RegexCache.Key(pattern: "x{\((worker + index) % 12)}", flags: "u", mode: .search)
                if (try? cache.regex(for: key).test(String(repeating: "x", count: (worker + index) % 12))) != true {
                    failures.withLock { $0 += 1 }
                }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        #expect(cache.count <= 8)
    }

    @Test("A portable-backend regex holds its program from the start, and every thread gets that program")
    func eagerPortableProgram() throws {
        let regex = try ECMARegex("^(?=.*\\d)(?=.*[A-Z]).{8,}$", forcing: .portable)
        let compiled = try #require(regex.compiled.portableProgramIfCompiled)
        let others = Mutex(0)
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<200 {
                if regex.compiled.portableProgram() !== compiled { others.withLock { $0 += 1 } }
                if (try? regex.test(round % 2 == 0 ? "Password1" : "password1")) != (round % 2 == 0) {
                    mismatches.withLock { $0 += 1 }
                }
            }
        }
        #expect(others.withLock { $0 } == 0)
        #expect(mismatches.withLock { $0 } == 0)
    }

    @Test("On PCRE2, a shallow pattern's portable program is compiled on first need, once for all threads")
    func lazyPortableProgram() throws {
        guard RegexEngine.hasPCRE2 else { return }
        let regex = try ECMARegex("^(?=.*\\d)(?=.*[A-Z]).{8,}$")
        #expect(regex.backend == .pcre2)
        #expect(regex.compiled.portableProgramIfCompiled == nil)
        // The programs themselves are kept, so a second compile cannot reuse the first one's address.
        let programs = Mutex<[PortableProgram]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let program = regex.compiled.portableProgram()
            programs.withLock { $0.append(program) }
        }
        let seen = programs.withLock { $0 }
        let first = try #require(seen.first)
        #expect(seen.count == 8)
        #expect(seen.allSatisfy { $0 === first })
        #expect(regex.compiled.portableProgramIfCompiled === first)
    }
}
