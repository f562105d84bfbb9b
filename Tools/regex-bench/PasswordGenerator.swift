/// Deterministic password-like strings: mostly ASCII letters, digits and symbols, with some spaces,
/// accented letters, a non-breaking space and emoji, as people type them.
struct PasswordGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// splitmix64.
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }

    private static let lower = Array("abcdefghijklmnopqrstuvwxyz")
    private static let upper = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    private static let digits = Array("0123456789")
    private static let symbols = Array("!@#$%^&*()-_=+[]{};:,.<>/?~")
    private static let rare: [Character] = ["é", "ü", "ß", "ñ", "€", " ", "\u{00A0}", "😀", "🔑", "Ж"]

    /// A password of `length` characters (grapheme clusters).
    mutating func password(length: Int) -> String {
        var text = ""
        for _ in 0..<length {
            switch next() % 100 {
            case 0..<40: text.append(pick(Self.lower))
            case 40..<60: text.append(pick(Self.upper))
            case 60..<80: text.append(pick(Self.digits))
            case 80..<96: text.append(pick(Self.symbols))
            default: text.append(pick(Self.rare))
            }
        }
        return text
    }
}
