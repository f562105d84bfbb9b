extension UserSchema {
    /// An attribute name as capitalised words, the fallback display name: `recovery_code` → "Recovery
    /// Code", `backupPin` → "Backup Pin", `HTTPToken` → "HTTP Token". Words split at non-alphanumerics
    /// and at lower-to-upper changes; the rest of each word keeps its case.
    package static func titleCase(_ name: String) -> String {
        var words: [String] = []
        var word: [Character] = []
        let characters = Array(name)
        func flush() {
            if !word.isEmpty { words.append(String(word)) }
            word = []
        }
        for (offset, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                flush()
                continue
            }
            if let previous = word.last, character.isUppercase {
                let next = offset + 1 < characters.count ? characters[offset + 1] : nil
                if previous.isLowercase || previous.isNumber {
                    flush()
                } else if previous.isUppercase, let next, next.isLowercase {
                    flush()
                }
            }
            word.append(character)
        }
        flush()
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}
