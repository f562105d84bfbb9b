/// INTERIM stand-in for the `UnicodeTables` API agreed with the Unicode 17 tables work (team interface 2),
/// answered from the Swift standard library's Unicode data until that branch is merged; the merge deletes
/// this file. Scripts and most binary properties have no standard-library source and answer empty sets.
enum UnicodeTables {
    static let unicodeVersion = "interim"

    static func codePoints(of property: UnicodeProperty) -> CodePointSet {
        var set = CodePointSet()
        var start: UInt32?
        var value: UInt32 = 0
        while value <= 0x110000 {
            let member = value < 0x110000 && Self.contains(property, value)
            if member, start == nil { start = value }
            if !member, let first = start {
                set.insert(first...(value - 1))
                start = nil
            }
            value += 1
        }
        return set
    }

    private static func contains(_ property: UnicodeProperty, _ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value) else {
            return property.kind == .generalCategory && ["Cs", "C"].contains(property.name)
        }
        let properties = scalar.properties
        switch property.kind {
        case .generalCategory:
            let short = shortName(properties.generalCategory)
            return short == property.name || (property.name.count == 1 && short.hasPrefix(property.name))
                || (property.name == "LC" && ["Lu", "Ll", "Lt"].contains(short))
        case .binary:
            switch property.name {
            case "Alphabetic": return properties.isAlphabetic
            case "Uppercase": return properties.isUppercase
            case "Lowercase": return properties.isLowercase
            case "White_Space": return properties.isWhitespace
            case "Emoji": return properties.isEmoji
            default: return false
            }
        case .script, .scriptExtensions:
            return false
        }
    }

    private static func shortName(_ category: Unicode.GeneralCategory) -> String {
        switch category {
        case .uppercaseLetter: "Lu"
        case .lowercaseLetter: "Ll"
        case .titlecaseLetter: "Lt"
        case .modifierLetter: "Lm"
        case .otherLetter: "Lo"
        case .nonspacingMark: "Mn"
        case .spacingMark: "Mc"
        case .enclosingMark: "Me"
        case .decimalNumber: "Nd"
        case .letterNumber: "Nl"
        case .otherNumber: "No"
        case .connectorPunctuation: "Pc"
        case .dashPunctuation: "Pd"
        case .openPunctuation: "Ps"
        case .closePunctuation: "Pe"
        case .initialPunctuation: "Pi"
        case .finalPunctuation: "Pf"
        case .otherPunctuation: "Po"
        case .mathSymbol: "Sm"
        case .currencySymbol: "Sc"
        case .modifierSymbol: "Sk"
        case .otherSymbol: "So"
        case .spaceSeparator: "Zs"
        case .lineSeparator: "Zl"
        case .paragraphSeparator: "Zp"
        case .control: "Cc"
        case .format: "Cf"
        case .surrogate: "Cs"
        case .privateUse: "Co"
        case .unassigned: "Cn"
        @unknown default: "Cn"
        }
    }

    static func simpleCaseFolding(_ c: UInt32) -> UInt32 {
        guard let scalar = Unicode.Scalar(c) else { return c }
        let lower = Array(scalar.properties.lowercaseMapping.unicodeScalars)
        if lower.count == 1, lower[0].value != c { return lower[0].value }
        let upper = Array(scalar.properties.uppercaseMapping.unicodeScalars)
        if c != 0x131, upper.count == 1, upper[0].value != c {
            let back = Array(upper[0].properties.lowercaseMapping.unicodeScalars)
            if back.count == 1 { return back[0].value }
        }
        return c
    }

    static func canonicalizeWithoutUnicode(_ c: UInt32) -> UInt32 {
        guard let scalar = Unicode.Scalar(c) else { return c }
        let upper = Array(scalar.properties.uppercaseMapping.utf16)
        guard upper.count == 1 else { return c }
        let result = UInt32(upper[0])
        if c >= 128 && result < 128 { return c }
        return result
    }

    static func strings(ofProperty name: String) -> [[UInt32]] { [] }
}
