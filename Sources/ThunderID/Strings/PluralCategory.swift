/// A CLDR plural category, as the `.stringsdict` files name them: which variant of a counted phrase
/// a number takes. The package selects variants with these rules on every platform.
package enum PluralCategory: String, CaseIterable, Sendable, Hashable {
    /// Arabic 0.
    case zero
    /// The singular: English 1, French 0 and 1, Hindi 0 and 1.
    case one
    /// Arabic 2.
    case two
    /// Arabic 3–10 (modulo 100).
    case few
    /// Arabic 11–99 (modulo 100); French and Spanish whole millions.
    case many
    /// Everything else, and every number in Japanese.
    case other

    /// The category of `count` in `language` by the CLDR 44 integer rules of the shipped languages; any
    /// other language uses English's (`one` for 1).
    package static func category(of count: Int, language: String) -> PluralCategory {
        let n = count.magnitude
        switch language {
        case "ja":
            return .other
        case "fr":
            if n <= 1 { return .one }
            return n % 1_000_000 == 0 ? .many : .other
        case "es":
            if n == 1 { return .one }
            return n != 0 && n % 1_000_000 == 0 ? .many : .other
        case "hi":
            return n <= 1 ? .one : .other
        case "ar":
            switch (n, n % 100) {
            case (0, _): return .zero
            case (1, _): return .one
            case (2, _): return .two
            case (_, 3...10): return .few
            case (_, 11...99): return .many
            default: return .other
            }
        default:
            // en, de, ta, te and any other language: one for exactly 1.
            return n == 1 ? .one : .other
        }
    }
}
