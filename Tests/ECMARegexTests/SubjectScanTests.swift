#if PCRE2_BACKEND
import Testing

@testable import ECMARegex

/// The astral scan that routes subjects of patterns without `u` between the 8-bit and 16-bit programs,
/// and the JIT fast path that relies on it.
@Suite("Astral subject scan")
struct SubjectScanTests {
    /// A byte-by-byte reference for ``PCRE2Program/containsAstral(_:)``.
    private func hasLeadByte(_ bytes: [UInt8]) -> Bool {
        bytes.contains { $0 >= 0xF0 }
    }

    private func scan(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer { PCRE2Program.containsAstral($0) }
    }

    @Test("The word-at-a-time scan agrees with a byte scan for every length and position")
    func agreesWithByteScan() {
        // Fillers include two- and three-byte sequences, whose bytes have high bits set but are below 0xF0.
        let fillers: [String] = ["a", "é", "\u{FFFF}", "€"]
        var checked = 0
        for filler in fillers {
            for length in 0...40 {
                let plain = String(repeating: filler, count: length)
                #expect(!scan(plain), "no astral in \(length) × U+\(filler.unicodeScalars.first!.value)")
                for position in 0...length {
                    var scalars = Array(plain)
                    scalars.insert("😀", at: position)
                    let text = String(scalars)
                    let bytes = Array(text.utf8)
                    #expect(scan(text) == hasLeadByte(bytes))
                    #expect(scan(text))
                    checked += 1
                }
            }
        }
        #expect(checked > 3000)
    }

    @Test("Every lead byte from 0xF0 to 0xFF is found at every offset of a short buffer")
    func findsEveryLeadByte() {
        for length in 1...24 {
            for offset in 0..<length {
                for lead in UInt8(0xF0)...UInt8(0xFF) {
                    var bytes = [UInt8](repeating: 0xEF, count: length)
                    bytes[offset] = lead
                    let found = bytes.withUnsafeBufferPointer { PCRE2Program.containsAstral($0) }
                    #expect(found, "lead \(lead) at \(offset) of \(length)")
                }
                let none = [UInt8](repeating: 0xEF, count: length)
                #expect(!none.withUnsafeBufferPointer { PCRE2Program.containsAstral($0) })
            }
        }
        #expect(!PCRE2Program.containsAstral(UnsafeBufferPointer(start: nil, count: 0)))
    }

    @Test("Without u, an astral subject is two code units even after the pattern is JIT-compiled")
    func astralSubjectsAfterTierUp() throws {
        let single = try ECMARegex("^.$")
        let pair = try ECMARegex("^..$")
        let unicode = try ECMARegex("^.$", flags: "u")
        // Repeat past the interpreter runs so the JIT fast path answers the later rounds.
        for _ in 0..<6 {
            for padding in ["", "abc", "abcdefg", "abcdefghijklmnop"] {
                #expect(try !single.test(padding + "😀" + padding))
                #expect(try single.test("x") == true)
                #expect(try pair.test("ab") == true)
                #expect(try single.test("😀") == false)
                #expect(try pair.test("😀") == true)
                #expect(try unicode.test("😀") == true)
                #expect(try pair.test(padding + "😀") == padding.isEmpty)
            }
        }
        #expect(single.isJITCompiled)
        #expect(pair.isJITCompiled)
        #expect(unicode.isJITCompiled)
    }

    @Test("Without u, BMP subjects after tier-up match like before, and \\uD83D finds half of an astral")
    func basicPlaneAfterTierUp() throws {
        let surrogate = try ECMARegex("\\uD83D")
        let letters = try ECMARegex("^[a-z]{3,}$")
        for _ in 0..<6 {
            #expect(try surrogate.test("ab😀cd"))
            #expect(try !surrogate.test("abcd"))
            #expect(try !surrogate.test("ab\u{FFFF}cd"))
            #expect(try letters.test("abcdefghijklmnopqrstuvwxyz"))
            #expect(try !letters.test("abcdefghijklmnopqrstuvwxyz😀"))
            #expect(try !letters.test("ab"))
        }
        #expect(surrogate.isJITCompiled)
        #expect(letters.isJITCompiled)
    }

    @Test("Without u, astral subjects after both programs tier up count UTF-16 code units exactly")
    func transcodedAstralSubjects() throws {
        // Subjects mixing one-, two-, three- and four-byte UTF-8 sequences, with their UTF-16 lengths.
        let subjects = ["😀", "a😀", "é😀€", "😀🔑", "Ж\u{FFFF}😀x", "abcdefghijklmnop😀", "€€€😀ééé"]
        let exact = try subjects.map { subject in
            (subject, try ECMARegex("^[\\s\\S]{\(subject.utf16.count)}$"))
        }
        let highSurrogate = try ECMARegex("\\uD83D\\uDE00|\\uD83D\\uDD11")
        let euro = try ECMARegex("\\u20AC.\\uD83D")
        for round in 0..<6 {
            for (subject, regex) in exact {
                #expect(try regex.test(subject), "round \(round): \(subject.utf16.count) code units")
                #expect(try !regex.test(subject + "z"))
                // A BMP subject of the same unit count also matches, through the 8-bit program.
                #expect(try regex.test(String(repeating: "q", count: subject.utf16.count)))
            }
            #expect(try highSurrogate.test("x😀"))
            #expect(try highSurrogate.test("é🔑"))
            #expect(try !highSurrogate.test("Ж\u{FFFF}"))
            #expect(try euro.test("€é😀"))
            #expect(try !euro.test("€😀"))
            #expect(try euro.test("€\u{FFFF}🔑"))
        }
    }

    @Test("After tier-up, a search that hits the backtracking limit is still answered by the DFA fallback")
    func limitAfterTierUp() throws {
        let subject = String(repeating: "a", count: 28) + "!"
        for flags in ["", "u"] {
            // Forced: the selection runs these exponential patterns on the portable matcher.
            let nested = try ECMARegex("^(a+)+$", flags: flags, forcing: .pcre2)
            let astralNested = try ECMARegex("😀(a+)+$", flags: flags, forcing: .pcre2)
            for _ in 0..<4 {
                #expect(try !nested.test(subject))
                #expect(try nested.test(String(repeating: "a", count: 28)))
                #expect(try !astralNested.test("😀" + subject))
                #expect(try astralNested.test("😀aaa"))
            }
            #expect(nested.isJITCompiled)
        }
    }
}
#endif
