/// JSON numbers as text (`JSONNumber.text`, JSONCore): integral values below 10^15 are written as
/// integers, which pass `Int.max` where `Int` has 32 bits; a server's error parameters reach it.
enum NumberCheck {
    /// A sentence per wrong text; empty when every value is written as expected.
    static func failures() -> [String] {
        let rows: [(Double, String)] = [
            (2_147_483_647, "2147483647"), (2_147_483_648, "2147483648"), (4_294_967_296, "4294967296"),
            (-3_000_000_000, "-3000000000"), (999_999_999_999_999, "999999999999999"), (30, "30"), (-1, "-1"),
        ]
        return rows.compactMap { value, expected in
            let text = JSONNumber.text(value)
            return text == expected ? nil : "JSONNumber.text wrote \(expected) as \(text)"
        }
    }
}
