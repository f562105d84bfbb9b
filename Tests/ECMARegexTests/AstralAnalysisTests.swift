import Testing

@testable import ECMARegex

/// The compile-time decision whether a pattern without `u`/`v` must scan its subjects for astral
/// characters, and the proof that skipping the scan never changes a verdict.
@Suite("Astral analysis")
struct AstralAnalysisTests {
    private func needsScan(_ pattern: String, _ flags: String = "") throws -> Bool {
        AstralAnalysis.needsAstralScan(try ParsedPattern(pattern, flags: flags))
    }

    /// Patterns none of whose items can consume a surrogate code unit.
    static let blind = [
        #"^\d{4,6}$"#, "[A-Z]", "[a-z]", #"\d"#, "^[a-z]{3,}$", "z$", #"\bfoo\b"#, #"\Bx"#, "^(?:ab|cd)+$",
        #"[\uE000-\uFFFF]"#, #"(a)\1"#, #"(?<=a)b"#, #"(?<!\d)x"#, "(?=a)b", "(?!a)b", "a(?!b)", #"\Bb"#, #"a\B"#,
        "^[A-Za-z0-9!@#$%^&*]{8,24}$", "^(?=a)a",
        #"\s"#, #"\w+"#, #"[\u00E9\u20AC]"#, "^(a+)+$", #"[\uD7FF]"#, #"\uE000"#, "x*?y",
    ]

    /// Patterns with an item that can consume a surrogate code unit, or `.`.
    static let telling = [
        ".", "^.$", "^..$", #"[^a]"#, #"\S"#, #"\W"#, #"\D"#, #"[\s\S]"#, #"\uD83D"#, #"\uDE00"#,
        #"[\uD800-\uDBFF]"#, "(?=.)", "(?<=.)a", "a|[^b]", #"[\u0000-\uFFFF]"#, #"(?!.*(.)\1\1)"#, "[^]",
        #"[\uD7FF-\uE000]"#, #"(?<=[^x])"#, "^(?:a|.)+$",
        // Patterns that can match the empty string: an empty match can sit between the two halves.
        "", "^$", "(?=a)", "(?!a)", #"\B"#, #"(?!^)\B"#, #"(?!^)( \s*(?=\s{0,2}\n*σ))??\1\B"#, "a?", #"(a)?\1"#,
    ]

    @Test("A pattern whose items cannot consume a surrogate code unit needs no scan")
    func blindPatterns() throws {
        for pattern in Self.blind {
            #expect(try !needsScan(pattern), "/\(pattern)/")
            #expect(try !needsScan(pattern, "m"), "/\(pattern)/m")
            #expect(try !needsScan(pattern, "s"), "/\(pattern)/s")
        }
    }

    @Test("Dot, negated classes and surrogate ranges need the scan, and so does every pattern under i")
    func tellingPatterns() throws {
        for pattern in Self.telling {
            #expect(try needsScan(pattern), "/\(pattern)/")
        }
        #expect(try needsScan(".", "s"))
        #expect(try needsScan("[^a]", "i"))
        #expect(try needsScan(#"\uD83D"#, "i"))
    }

    @Test("Under i, case closure never adds a surrogate, so the same items decide")
    func caseInsensitivePatterns() throws {
        for pattern in Self.blind {
            #expect(try !needsScan(pattern, "i"), "/\(pattern)/i")
        }
        for pattern in Self.telling {
            #expect(try needsScan(pattern, "i"), "/\(pattern)/i")
        }
    }

    @Test("Patterns with u or v read code points and never scan")
    func unicodePatterns() throws {
        for pattern in ["^.$", #"\S"#, "[^a]", #"\d"#] {
            #expect(try !needsScan(pattern, "u"))
            #expect(try !needsScan(pattern, "v"))
        }
    }

    /// Blind patterns whose verdicts under `i` depend on JavaScript's `Canonicalize` without `u`
    /// (U+212A Kelvin and U+017F long s are not equivalent to k and s there; ß has no single-unit upper case).
    static let caseSensitiveExtras = [
        "^k$", "^s+$", "K", #"\u212A"#, #"\u017F"#, "^[a-z]+$", "ß", #"^(ab)\1$"#,
        #"[\u00E0-\u00FF]"#, "^stra[sß]e$",
    ]

    /// Subjects with astral characters at the edges, in the middle, alone and in runs.
    static let astralSubjects = [
        "😀", "😀😀", "a😀", "😀a", "1234😀", "😀1234", "ab😀cd", "abc😀", "foo😀bar", "😀foo 😀", "x😀y",
        "aa😀aa", "ab", "cdcd😀abab", "é😀€", "\u{E000}😀\u{FFFF}", "Secret1😀", "😀\n😀", "aaaa😀!", "",
        "12345", "123456789😀", "zz😀", "😀z", "K", "\u{212A}", "k😀", "\u{17F}", "S😀s", "ABAB", "abAB",
        "Straße", "STRASSE", "straſe", "ÀÉ😀", "ǅ", "ǆ😀",
        "AéB😀_", "😀😀_", "a😀b",
    ]

    @Test("Without the scan, verdicts on astral subjects are the portable matcher's, before and after tier-up")
    func blindVerdictsOnAstralSubjects() throws {
        for pattern in Self.blind + Self.caseSensitiveExtras {
            for flags in ["", "m", "i", "im"] {
                let regex = try ECMARegex(pattern, flags: flags)
                let reference = try ECMARegex(pattern, flags: flags, forcing: .portable)
                for round in 0..<3 {
                    for subject in Self.astralSubjects {
                        #expect(
                            try regex.test(subject) == reference.test(subject),
                            "/\(pattern)/\(flags) on \(subject.unicodeScalars.map(\.value)), round \(round)")
                        let units = Array(subject.utf16)
                        #expect(try regex.test(utf16: units) == reference.test(utf16: units))
                    }
                }
            }
        }
    }

    @Test("Telling patterns still agree with the portable matcher on astral subjects")
    func tellingVerdictsOnAstralSubjects() throws {
        for pattern in Self.telling {
            let regex = try ECMARegex(pattern)
            let reference = try ECMARegex(pattern, forcing: .portable)
            for _ in 0..<3 {
                for subject in Self.astralSubjects {
                    #expect(try regex.test(subject) == reference.test(subject), "/\(pattern)/ on \(subject)")
                }
            }
        }
    }
}

#if PCRE2_BACKEND
@Suite("Astral scan on the PCRE2 path")
struct AstralScanSelectionTests {
    @Test("A regex the analysis finds blind never scans its subjects; a telling one does")
    func scanFollowsAnalysis() throws {
        for pattern in AstralAnalysisTests.blind {
            let regex = try ECMARegex(pattern)
            #expect(regex.backend == .pcre2)
            #expect(!regex.scansForAstral, "/\(pattern)/")
        }
        for pattern in AstralAnalysisTests.telling where try ECMARegex(pattern).backend == .pcre2 {
            #expect(try ECMARegex(pattern).scansForAstral, "/\(pattern)/")
        }
        #expect(try !ECMARegex("^.$", flags: "u").scansForAstral)
        #expect(try !ECMARegex("^.$", flags: "i").scansForAstral)
    }

    @Test("A regex that has only seen astral subjects tiers its 16-bit program up to JIT code")
    func astralOnlyTierUp() throws {
        let regex = try ECMARegex("^..$")
        #expect(regex.scansForAstral)
        #expect(!regex.isAstralJITCompiled)
        for _ in 0..<4 {
            #expect(try regex.test("😀"))
            #expect(try !regex.test("😀😀"))
        }
        #expect(regex.isAstralJITCompiled)
        #expect(!regex.isJITCompiled)
        #expect(try regex.test("😀"))
        #expect(try regex.test("ab"))
        #expect(try !regex.test("abc"))
    }
}
#endif
