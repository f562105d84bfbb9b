@testable import ECMARegex
import Testing

@Suite("Unicode tables (node-measured Unicode 17 data)")
struct UnicodeTablesTests {
    private func set(_ kind: UnicodeProperty.Kind, _ name: String) -> CodePointSet {
        UnicodeTables.codePoints(of: UnicodeProperty(kind: kind, name: name))
    }

    @Test("The tables record Unicode 17.0.0")
    func version() {
        #expect(UnicodeTables.unicodeVersion == "17.0.0")
    }

    @Test("Every property name the parser accepts has a non-empty set")
    func everyPropertyDecodes() {
        var empty: [String] = []
        for name in Set(PropertyNameTable.generalCategories.values) where set(.generalCategory, name).isEmpty {
            empty.append("gc:" + name)
        }
        for name in Set(PropertyNameTable.scripts.values) {
            if set(.script, name).isEmpty && name != "Katakana_Or_Hiragana" { empty.append("sc:" + name) }
            if set(.scriptExtensions, name).isEmpty && name != "Katakana_Or_Hiragana" { empty.append("scx:" + name) }
        }
        for name in Set(PropertyNameTable.binaryProperties.values) where set(.binary, name).isEmpty {
            empty.append("binary:" + name)
        }
        #expect(empty == [])
        #expect(Set(PropertyNameTable.scripts.values).count == 175)
        #expect(Set(PropertyNameTable.binaryProperties.values).count == 53)
    }

    @Test("The property-name tables decode to every name of property-names.json, each to its canonical name")
    func propertyNameTablesDecode() {
        #expect(PropertyNameTable.generalCategories.count == 80)
        #expect(PropertyNameTable.scripts.count == 344)
        #expect(PropertyNameTable.binaryProperties.count == 99)
        #expect(PropertyNameTable.generalCategories["Other"] == "C")
        #expect(PropertyNameTable.generalCategories["cntrl"] == "Cc")
        #expect(PropertyNameTable.scripts["Latn"] == "Latin")
        #expect(PropertyNameTable.scripts["Latin"] == "Latin")
        #expect(PropertyNameTable.binaryProperties["AHex"] == "ASCII_Hex_Digit")
        #expect(PropertyNameTable.binaryProperties["WSpace"] == "White_Space")
        #expect(PropertyNameTable.scripts["latin"] == nil)
        #expect(PropertyNameTable.decode("A A a\nB b c\n") == ["A": "A", "a": "A", "b": "B", "c": "B"])
    }

    @Test("Code points assigned after Unicode 14 have their Unicode 17 properties")
    func newerCodePoints() {
        #expect(set(.generalCategory, "L").contains(0x1B132))
        #expect(set(.generalCategory, "Lo").contains(0x1E4D0))
        #expect(set(.script, "Nag_Mundari").contains(0x1E4D0))
        #expect(set(.script, "Kawi").contains(0x11F00))
        #expect(set(.script, "Garay").contains(0x10D50))
        #expect(set(.generalCategory, "Lu").contains(0xA7CB))
        #expect(!set(.generalCategory, "Cn").contains(0x1B132))
        #expect(set(.binary, "Assigned").contains(0x1E4D0))
        #expect(!set(.binary, "Assigned").contains(0x0378))
    }

    @Test("General_Category groups are the unions of their values and partition the code space")
    func generalCategories() {
        let letters = UnicodeTables.union(["Lu", "Ll", "Lt", "Lm", "Lo"].map { set(.generalCategory, $0) })
        #expect(letters.ranges == set(.generalCategory, "L").ranges)
        let all = UnicodeTables.union(["C", "L", "M", "N", "P", "S", "Z"].map { set(.generalCategory, $0) })
        #expect(all.ranges == [0...0x10FFFF])
        #expect(set(.generalCategory, "Cs").ranges == [0xD800...0xDFFF])
        #expect(set(.binary, "Any").ranges == [0...0x10FFFF])
        #expect(set(.binary, "ASCII").ranges == [0...0x7F])
        #expect(set(.binary, "Assigned").ranges == set(.generalCategory, "Cn").complement(maximum: 0x10FFFF).ranges)
    }

    @Test("Script_Extensions=Common and =Inherited are not Script=Common and =Inherited")
    func scriptExtensionsOfCommon() {
        // U+3003 DITTO MARK: Script=Common, Script_Extensions={Bopo Hang Hani Hira Kana Yiii}.
        #expect(set(.script, "Common").contains(0x3003))
        #expect(!set(.scriptExtensions, "Common").contains(0x3003))
        #expect(set(.scriptExtensions, "Han").contains(0x3003))
        // U+0951 DEVANAGARI STRESS SIGN UDATTA: Script=Inherited, extensions are Indic scripts.
        #expect(set(.script, "Inherited").contains(0x0951))
        #expect(!set(.scriptExtensions, "Inherited").contains(0x0951))
        #expect(set(.scriptExtensions, "Devanagari").contains(0x0951))
        #expect(set(.scriptExtensions, "Common").contains(0x41) == false)
        #expect(set(.scriptExtensions, "Latin").contains(0x41))
    }

    @Test("Properties that changed after Unicode 14 have the Unicode 17 answer")
    func changedProperties() {
        // Extended_Pictographic lost the unassigned U+1FAxx reservations that were assigned as non-emoji.
        #expect(set(.binary, "Extended_Pictographic").contains(0x1F600))
        #expect(set(.binary, "Changes_When_NFKC_Casefolded").contains(0x41))
        #expect(!set(.binary, "Changes_When_NFKC_Casefolded").contains(0x61))
        #expect(set(.binary, "Bidi_Mirrored").contains(0x28))
        #expect(!set(.binary, "Bidi_Mirrored").contains(0x41))
    }

    @Test("Simple case folding joins the Unicode 15.1 pairs and the newer case pairs")
    func simpleCaseFolding() {
        #expect(UnicodeTables.simpleCaseFolding(0x41) == 0x61)
        #expect(UnicodeTables.simpleCaseFolding(0x61) == 0x61)
        #expect(UnicodeTables.simpleCaseFolding(0x212A) == 0x6B)
        #expect(UnicodeTables.simpleCaseFolding(0x17F) == 0x73)
        #expect(UnicodeTables.simpleCaseFolding(0x1E9E) == 0xDF)
        #expect(UnicodeTables.simpleCaseFolding(0x1FD3) == 0x390)
        #expect(UnicodeTables.simpleCaseFolding(0x1FE3) == 0x3B0)
        #expect(UnicodeTables.simpleCaseFolding(0xFB05) == 0xFB06)
        #expect(UnicodeTables.simpleCaseFolding(0xA7CB) == 0x264)
        #expect(UnicodeTables.simpleCaseFolding(0x10400) == 0x10428)
        #expect(UnicodeTables.simpleCaseFolding(0x13A0) == 0x13A0)
        #expect(UnicodeTables.simpleCaseFolding(0xAB70) == 0x13A0)
        #expect(UnicodeTables.simpleCaseFolding(0x130) == 0x130)
        #expect(UnicodeTables.simpleCaseFoldingClass(of: 0x3C2) == [0x3A3, 0x3C2, 0x3C3])
        #expect(UnicodeTables.simpleCaseFoldingClass(of: 0x6B) == [0x4B, 0x6B, 0x212A])
        #expect(UnicodeTables.simpleCaseFoldingClass(of: 0x1F600) == [0x1F600])
    }

    @Test("Folding is idempotent and every class agrees with its members' foldings")
    func foldingIsConsistent() {
        var bad: [UInt32] = []
        for c in UInt32(0)...0x1FFFF {
            let folded = UnicodeTables.simpleCaseFolding(c)
            if UnicodeTables.simpleCaseFolding(folded) != folded { bad.append(c) }
            if !UnicodeTables.simpleCaseFoldingClass(of: c).contains(c) { bad.append(c) }
        }
        #expect(bad == [])
        #expect(UnicodeTableData.counts.foldings == 1512)
    }

    @Test("Canonicalize without u uses toUpperCase but never maps non-ASCII to ASCII or to two units")
    func canonicalizeWithoutUnicode() {
        #expect(UnicodeTables.canonicalizeWithoutUnicode(0x61) == 0x41)
        #expect(UnicodeTables.canonicalizeWithoutUnicode(0x17F) == 0x17F)
        #expect(UnicodeTables.canonicalizeWithoutUnicode(0x212A) == 0x212A)
        #expect(UnicodeTables.canonicalizeWithoutUnicode(0xDF) == 0xDF)
        #expect(UnicodeTables.canonicalizeWithoutUnicode(0xB5) == 0x39C)
        #expect(UnicodeTables.canonicalizeWithoutUnicode(0x3C2) == 0x3A3)
        #expect(UnicodeTables.canonicalizeWithoutUnicode(0x264) == 0xA7CB)
        #expect(UnicodeTables.canonicalizeWithoutUnicode(0x1FD3) == 0x1FD3)
        #expect(UnicodeTables.canonicalizeWithoutUnicode(0x10428) == 0x10428)
        #expect(UnicodeTables.canonicalizeWithoutUnicodeClass(of: 0x3B8) == [0x398, 0x3B8, 0x3D1])
        var notIdempotent: [UInt32] = []
        for unit in UInt32(0)...0xFFFF {
            let mapped = UnicodeTables.canonicalizeWithoutUnicode(unit)
            if UnicodeTables.canonicalizeWithoutUnicode(mapped) != mapped { notIdempotent.append(unit) }
        }
        #expect(notIdempotent == [])
    }

    @Test("Properties of strings hold the RGI emoji sequences, RGI_Emoji being all of them")
    func propertiesOfStrings() {
        let keycaps = UnicodeTables.strings(ofProperty: "Emoji_Keycap_Sequence")
        #expect(keycaps.count == 12)
        #expect(keycaps.contains([0x23, 0xFE0F, 0x20E3]))
        let flags = UnicodeTables.strings(ofProperty: "RGI_Emoji_Flag_Sequence")
        #expect(flags.contains([0x1F1FA, 0x1F1F8]))
        #expect(flags.allSatisfy { $0.count == 2 })
        #expect(UnicodeTables.strings(ofProperty: "Basic_Emoji").contains([0x1F600]))
        #expect(UnicodeTables.strings(ofProperty: "RGI_Emoji_Tag_Sequence").count == 3)
        let all = UnicodeTables.strings(ofProperty: "RGI_Emoji")
        #expect(all.count == 3953)
        #expect(Set(all.map { $0.map(String.init).joined(separator: ",") }).count == all.count)
        let zwj = UnicodeTables.strings(ofProperty: "RGI_Emoji_ZWJ_Sequence")
        #expect(zwj.allSatisfy { $0.contains(0x200D) })
        #expect(UnicodeTables.strings(ofProperty: "Emoji").isEmpty)
    }

    @Test("Packed tables: text is copied, ~distance length repeats what is already unpacked, overlapping too")
    func unpack() {
        #expect(UnicodeTables.unpack("abcd~EA") == "abcdabcd")
        #expect(UnicodeTables.unpack("ab~CC") == "abababab")
        #expect(UnicodeTables.unpack("x:Ab/\ny ~IB z") == "x:Ab/\ny x:Ab/ z")
        #expect(UnicodeTables.unpack("plain text, no repeats") == "plain text, no repeats")
        // The shipped tables are packed and unpack to one line per stored property and per property of strings.
        #expect(UnicodeTableData.properties.contains("~"))
        let lines = UnicodeTables.unpack(UnicodeTableData.properties).split(separator: "\n")
        // Script_Extensions lines equal to their Script ("=") are not stored sets.
        #expect(lines.filter { !$0.hasSuffix(" =") }.count == UnicodeTableData.counts.properties)
        #expect(lines.allSatisfy { $0.contains(":") && $0.contains(" ") })
        #expect(UnicodeTables.unpack(UnicodeTableData.propertiesOfStrings).split(separator: "\n").count == 6)
    }

    @Test("Set union, intersection, subtraction and complement agree with a member-by-member check")
    func setOperations() {
        var seed: UInt32 = 12_345
        func next() -> UInt32 {
            seed = seed &* 1_103_515_245 &+ 12_345
            return (seed >> 8) % 200
        }
        for _ in 0..<200 {
            var left = CodePointSet()
            var right = CodePointSet()
            for _ in 0..<6 {
                let a = next(), b = next()
                left.insert(min(a, b)...max(a, b))
                let c = next(), d = next()
                right.insert(min(c, d)...max(c, d))
            }
            var union = left
            union.formUnion(right)
            let both = left.intersection(right, maximum: 150)
            let only = left.subtracting(right, maximum: 150)
            let outside = left.complement(maximum: 150)
            for value in UInt32(0)...210 {
                #expect(union.contains(value) == (left.contains(value) || right.contains(value)))
                #expect(both.contains(value) == (value <= 150 && left.contains(value) && right.contains(value)))
                #expect(only.contains(value) == (value <= 150 && left.contains(value) && !right.contains(value)))
                #expect(outside.contains(value) == (value <= 150 && !left.contains(value)))
            }
            for set in [union, both, only, outside] {
                for (a, b) in zip(set.ranges, set.ranges.dropFirst()) { #expect(a.upperBound + 1 < b.lowerBound) }
            }
        }
    }

    #if PCRE2_BACKEND
    @Test("PCRE2's built-in property sets corrected by the measured differences give the tables' sets")
    func pcre2PropertyBase() {
        for (kind, name) in [(UnicodeProperty.Kind.generalCategory, "L"), (.generalCategory, "Lu"), (.scriptExtensions, "Common"),
                             (.binary, "Bidi_Mirrored"), (.binary, "Extended_Pictographic"), (.script, "Greek")] {
            let property = UnicodeProperty(kind: kind, name: name)
            #expect(PCRE2PropertyBase.spelling(of: property, negated: false) != nil)
            #expect(PCRE2PropertyBase.builtInSet(of: property) != nil)
        }
        let kawi = UnicodeProperty(kind: .script, name: "Kawi")
        #expect(PCRE2PropertyBase.spelling(of: kawi, negated: false) == nil)
        #expect(PCRE2PropertyBase.builtInSet(of: UnicodeProperty(kind: .binary, name: "Changes_When_NFKC_Casefolded")) == nil)
        // PCRE2 10.42 (Unicode 14) has no U+1B132 among letters; the tables do.
        let letters = UnicodeProperty(kind: .generalCategory, name: "L")
        #expect(PCRE2PropertyBase.builtInSet(of: letters)?.contains(0x1B132) == false)
        #expect(UnicodeTables.codePoints(of: letters).contains(0x1B132))
        #expect(PCRE2PropertyBase.builtInSet(of: letters)?.contains(0x41) == true)
    }
    #endif
}
