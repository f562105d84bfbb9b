@testable import ECMARegex
import Testing

@Suite("Hostile patterns")
struct LimitsTests {
    private func verdict(_ regex: ECMARegex, _ input: String) -> Result<Bool, ECMARegexError> {
        Result { () throws(ECMARegexError) -> Bool in try regex.test(input) }
    }

    @Test("^(a+)+$ on 28 a's and ! answers false (via the DFA fallback) or limit, and returns")
    func catastrophicBacktracking() throws {
        let regex = try ECMARegex("^(a+)+$")
        switch verdict(regex, String(repeating: "a", count: 28) + "!") {
        case .success(let matched): #expect(!matched)
        case .failure(let error): #expect(error.kind == .limit)
        }
        #expect(try regex.test(String(repeating: "a", count: 28)))
    }

    @Test("The DFA fallback gives the exact answer when backtracking runs out")
    func dfaFallbackIsExact() throws {
        let regex = try ECMARegex("(x+x+)+y", flags: "u")
        #expect(try !regex.test(String(repeating: "x", count: 40)))
        #expect(try regex.test(String(repeating: "x", count: 40) + "y"))
    }

    @Test("With a back-reference (no DFA), exhausting the budget is a limit error, not a guess")
    func limitWithBackreference() throws {
        let regex = try ECMARegex("^(x)(?:x+x+)+\\1y$")
        switch verdict(regex, String(repeating: "x", count: 40)) {
        case .success(let matched): #expect(!matched)
        case .failure(let error): #expect(error.kind == .limit)
        }
    }

    @Test("A huge pattern is refused with limit")
    func hugePattern() {
        do {
            _ = try ECMARegex(String(repeating: "ab", count: ECMARegex.patternLengthCap / 2 + 1))
            Issue.record("huge pattern accepted")
        } catch {
            #expect(error.kind == .limit)
        }
    }

    @Test("A bounded repeat too large for PCRE2 runs on the portable matcher")
    func hugeRepeat() throws {
        let regex = try ECMARegex("^(?:ab){0,70000}$", flags: "u")
        #expect(regex.backend == .portable)
        #expect(try regex.test(String(repeating: "ab", count: 20_000)))
        #expect(try !regex.test(String(repeating: "ab", count: 20_000) + "a"))
        #expect(try !regex.test("aba"))
    }

    @Test("Long subjects are matched (transcoded off the stack in 16-bit mode)")
    func longSubject() throws {
        let value = String(repeating: "é😀", count: 5_000) + "z"
        #expect(try ECMARegex("z$").test(value))
        #expect(try ECMARegex("z$", flags: "u").test(value))
        #expect(try ECMARegex("^(?:..)+z$").test(value))
    }
}

#if PCRE2_BACKEND
@Suite("Tiered JIT")
struct TieredJITTests {
    @Test("The first match interprets, later matches run JIT code, and the answers agree")
    func tiersUp() throws {
        for flags in ["", "u", "i"] {
            let regex = try ECMARegex("^(?=.*\\d)[a-z\\d]{4,}$", flags: flags)
            #expect(!regex.isJITCompiled)
            let first = try regex.test("abc1")
            #expect(try regex.test("abc1") == first)
            #expect(regex.isJITCompiled, "flags \(flags)")
            #expect(first)
            #expect(try !regex.test("abcd"))
        }
    }

    @Test("An interpreter limit with a back-reference is retried on JIT code, not reported")
    func interpreterLimitRetriesOnJIT() throws {
        let regex = try ECMARegex("^(?!.*(.)\\1\\1).+$")
        let value = String(repeating: "ab", count: 300)
        #expect(try regex.test(value))
    }
}
#endif
