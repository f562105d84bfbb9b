@testable import ThunderID

/// Generates passwords that satisfy a ``PasswordRulesDescriptor``, spread over what it allows: every
/// length from the minimum up to a cap, every allowed character, and each required class placed at the
/// start, in the middle and at the end in turn.
struct PasswordRulesSampler {
    /// The longest length sampled past the minimum (rules without a maximum, or with a far one).
    static let lengthSpan = 48

    let descriptor: PasswordRulesDescriptor
    private var random: SplitMix64

    init(_ descriptor: PasswordRulesDescriptor, seed: UInt64) {
        self.descriptor = descriptor
        self.random = SplitMix64(seed: seed)
    }

    /// The lengths sampled: every one from the shortest a password can have up to the cap, and the
    /// longest the rules allow (256 when they set no maximum).
    var lengths: [Int] {
        let shortest = max(descriptor.minimumLength, descriptor.required.count, 1)
        let longest = min(descriptor.maximumLength ?? 256, CredentialInput.maximumLength)
        var lengths = Array(shortest...max(shortest, min(longest, shortest + Self.lengthSpan)))
        if longest > lengths.last! { lengths.append(longest) }
        return lengths
    }

    /// `count` passwords (at least one per length when `count` allows), each checked against the
    /// descriptor before it is returned.
    mutating func samples(count: Int) -> [String] {
        let alphabet = descriptor.alphabet.members
        let lengths = self.lengths
        var results: [String] = []
        var cursor = 0
        var index = 0
        var attempts = 0
        while results.count < count, attempts < count * 20 {
            attempts += 1
            let length = lengths[index % lengths.count]
            var password: [UInt8] = []
            for _ in 0..<length {
                // Cycling through the alphabet from a moving cursor reaches every character.
                password.append(pick(from: alphabet, avoiding: password, cursor: &cursor))
            }
            place(requiredIn: &password, rotation: index)
            let text = String(decoding: password, as: UTF8.self)
            // A draw that broke the run limit is drawn again; the others are the samples.
            if Self.satisfies(text, descriptor) {
                results.append(text)
                index += 1
            }
        }
        return results
    }

    /// Gives each required class a position of its own: at the start, at the end or in the middle,
    /// turn by turn.
    private mutating func place(requiredIn password: inout [UInt8], rotation: Int) {
        var used = Set<Int>()
        let count = password.count
        for (offset, required) in descriptor.required.enumerated() {
            var position: Int
            switch (rotation + offset) % 3 {
            case 0: position = offset
            case 1: position = count - 1 - offset
            default: position = count / 2 + offset
            }
            position = min(max(position, 0), count - 1)
            while used.contains(position) { position = (position + 1) % count }
            used.insert(position)
            let members = required.members
            password[position] = members[Int(random.next() % UInt64(members.count))]
        }
    }

    private mutating func pick(from alphabet: [UInt8], avoiding password: [UInt8], cursor: inout Int) -> UInt8 {
        let step = Int(random.next() % 3)
        cursor = (cursor + 1 + step) % alphabet.count
        var candidate = alphabet[cursor]
        if let limit = descriptor.maximumConsecutive, password.count >= limit,
           password.suffix(limit).allSatisfy({ $0 == candidate }), alphabet.count > 1
        {
            candidate = alphabet[(cursor + 1) % alphabet.count]
        }
        return candidate
    }

    static func longestRun(_ bytes: [UInt8]) -> Int {
        var longest = 0
        var current = 0
        var previous: UInt8?
        for byte in bytes {
            current = byte == previous ? current + 1 : 1
            previous = byte
            longest = max(longest, current)
        }
        return longest
    }

    /// Whether `password` is one the descriptor allows: the check the samples must pass before the regex.
    static func satisfies(_ password: String, _ descriptor: PasswordRulesDescriptor) -> Bool {
        let bytes = Array(password.utf8)
        guard bytes.count >= descriptor.minimumLength, bytes.count <= (descriptor.maximumLength ?? Int.max) else { return false }
        guard bytes.allSatisfy(descriptor.alphabet.contains) else { return false }
        guard descriptor.required.allSatisfy({ required in bytes.contains(where: required.contains) }) else { return false }
        if let limit = descriptor.maximumConsecutive, longestRun(bytes) > limit { return false }
        return true
    }
}

/// A small deterministic generator (SplitMix64), so every run samples the same passwords.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
