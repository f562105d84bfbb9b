/// A credential-policy regex as an administrator writes it (ECMAScript), with a hand-written PCRE2
/// pattern that means the same on the benchmark's passwords (JavaScript's `.` and `\s` sets spelled
/// out, `$` as `\z`), for the raw PCRE2 baseline.
struct BenchmarkPolicy {
    var name: String
    var pattern: String
    var flags: String
    var pcre2Pattern: String
    var pcre2Caseless = false

    /// JavaScript's `.` outside `s` mode.
    static let dot = #"[^\n\r\x{2028}\x{2029}]"#
    /// JavaScript's `\s`.
    static let space = #"[\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]"#
    /// JavaScript's `\S`.
    static let nonSpace = #"[^\t\n\x{0B}\f\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]"#

    static let all: [BenchmarkPolicy] = [
        BenchmarkPolicy(name: "classic four classes", pattern: #"^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$"#, flags: "u",
                        pcre2Pattern: #"\A(?=\#(dot)*[a-z])(?=\#(dot)*[A-Z])(?=\#(dot)*[0-9])(?=\#(dot)*[^A-Za-z0-9])\#(dot){8,}\z"#),
        BenchmarkPolicy(name: "no whitespace 8-64", pattern: #"^\S{8,64}$"#, flags: "u",
                        pcre2Pattern: #"\A\#(nonSpace){8,64}\z"#),
        BenchmarkPolicy(name: "has upper", pattern: "[A-Z]", flags: "", pcre2Pattern: "[A-Z]"),
        BenchmarkPolicy(name: "has lower", pattern: "[a-z]", flags: "", pcre2Pattern: "[a-z]"),
        BenchmarkPolicy(name: "has digit", pattern: #"\d"#, flags: "", pcre2Pattern: "[0-9]"),
        BenchmarkPolicy(name: "has symbol", pattern: "[^A-Za-z0-9]", flags: "u", pcre2Pattern: "[^A-Za-z0-9]"),
        BenchmarkPolicy(name: "has whitespace", pattern: #"\s"#, flags: "u", pcre2Pattern: space),
        BenchmarkPolicy(name: "length 12+", pattern: "^.{12,}$", flags: "u", pcre2Pattern: #"\A\#(dot){12,}\z"#),
        BenchmarkPolicy(name: "PIN 4-6", pattern: #"^\d{4,6}$"#, flags: "", pcre2Pattern: #"\A[0-9]{4,6}\z"#),
        BenchmarkPolicy(name: "ASCII set 8-24", pattern: "^[A-Za-z0-9!@#$%^&*]{8,24}$", flags: "",
                        pcre2Pattern: #"\A[A-Za-z0-9!@#$%^&*]{8,24}\z"#),
        BenchmarkPolicy(name: "no triple repeat", pattern: #"^(?!.*(.)\1\1).+$"#, flags: "u",
                        pcre2Pattern: #"\A(?!\#(dot)*(\#(dot))\1\1)\#(dot)+\z"#),
        BenchmarkPolicy(name: "blocklist (ui)", pattern: "^(?!.*(?:password|qwerty|123456)).*$", flags: "ui",
                        pcre2Pattern: #"\A(?!\#(dot)*(?:password|qwerty|123456))\#(dot)*\z"#, pcre2Caseless: true),
        BenchmarkPolicy(name: "two digits two upper", pattern: #"^(?=(?:.*\d){2})(?=(?:.*[A-Z]){2}).{10,}$"#, flags: "u",
                        pcre2Pattern: #"\A(?=(?:\#(dot)*[0-9]){2})(?=(?:\#(dot)*[A-Z]){2})\#(dot){10,}\z"#),
        BenchmarkPolicy(name: "letters digits symbols", pattern: #"^[\p{L}\p{N}!@#$%^&*._-]+$"#, flags: "u",
                        pcre2Pattern: #"\A[\p{L}\p{N}!@#$%^&*._\-]+\z"#),
    ]
}
