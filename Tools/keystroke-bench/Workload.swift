import ThunderID

/// The schema the bench's states resolve: a password with a four-lookahead regex and a hint.
struct BenchSchema: UserSchemaProviding {
    /// Read alike by ECMAScript and by NSRegularExpression (ICU) on every password the bench types:
    /// `[0-9]`, not `\d`, which ICU takes as any Unicode decimal digit. They still differ around line
    /// terminators (ICU's `.` also excludes U+000B, U+000C and U+0085, and its `$` also matches before a
    /// final one) and on characters outside the BMP (one character for ICU, two code units for
    /// ECMAScript without `u`); no password the bench types has either.
    static let regex = #"^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[^A-Za-z0-9]).{8,}$"#
    static let policy = CredentialPolicy(attribute: "password", isCredential: true, regex: regex,
                                         hint: "At least 8 characters with a lower-case letter, a capital, a digit and a symbol.",
                                         displayName: "Password")

    func credentialPolicy(for attribute: String) async throws(ThunderIDError) -> CredentialPolicy { Self.policy }
}

/// Never posts anything: the bench only types.
struct NoUpdates: CredentialUpdating {
    func updateUserCredentials(attribute: String, newValue: String) async throws(ThunderIDError) {}
}

/// One 24-character password as the user types it: every prefix, one character longer each time.
struct TypedPassword {
    var prefixes: [String]
    var full: String { prefixes[prefixes.count - 1] }

    /// What one keystroke leaves in the fields: 24 keystrokes into the new value, then 24 into
    /// the confirmation (the regex rule checks the new value on every one of them).
    var newValueAtKeystroke: [String] { prefixes + Array(repeating: full, count: prefixes.count) }
}

/// Deterministic passwords of 24 ASCII characters from letters, digits and symbols (splitmix64).
struct PasswordScript {
    static let length = 24
    static let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^&*-_.")

    static func passwords(count: Int, seed: UInt64) -> [TypedPassword] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return (0..<count).map { _ in
            var text = ""
            var prefixes: [String] = []
            for _ in 0..<length {
                text.append(alphabet[Int(next() % UInt64(alphabet.count))])
                // A fresh copy, as a text field hands over a new string per keystroke.
                prefixes.append(String(decoding: Array(text.utf8), as: UTF8.self))
            }
            return TypedPassword(prefixes: prefixes)
        }
    }
}
