/// What a pattern's single-character atoms match among the printable ASCII characters, for analyses
/// that reason about the pattern's language over that alphabet (the password-rules derivation).
extension ClassSet {
    /// The printable ASCII characters (U+0020 to U+007E) this class matches as one character under
    /// `flags`, as bit `c - 0x20` of the result; with `i`, after the same case closure the matcher uses.
    ///
    /// - Returns: nil when the class also matches strings (`\q{ab}`, a property of strings), whose
    ///   multi-character members a single-character reading cannot describe.
    package func printableASCIIMembers(flags: RegexFlags) -> (low: UInt64, high: UInt64)? {
        let compiled = PortableClassCompiler(flags: flags).compile(self)
        guard compiled.strings.isEmpty else { return nil }
        return PrintableASCIIBits.bits(of: compiled.characters)
    }
}

extension RegexNode {
    /// The printable ASCII characters a `.` matches under `flags`: all of them (only line terminators,
    /// none of which is printable ASCII, are ever outside `.`).
    package static func dotPrintableASCIIMembers(flags: RegexFlags) -> (low: UInt64, high: UInt64) {
        PrintableASCIIBits.bits(of: [0x20...0x7E])
    }

    /// The printable ASCII characters a literal `character` matches under `flags` (itself, and with
    /// `i` its other cases).
    package static func characterPrintableASCIIMembers(
        _ character: UInt32, flags: RegexFlags
    ) -> (low: UInt64, high: UInt64) {
        PrintableASCIIBits.bits(of: PortableClassCompiler(flags: flags).compile(.character(character)).characters)
    }
}

extension RegexFlags {
    /// These flags as a pattern modifier group `(?ims-ims:…)` sets them for its body.
    package func applyingModifiers(_ modifiers: RegexModifiers) -> RegexFlags {
        applying(modifiers)
    }
}

/// Printable ASCII as a 95-bit set in two words (bit `c - 0x20`).
private enum PrintableASCIIBits {
    static func bits(of ranges: [ClosedRange<UInt32>]) -> (low: UInt64, high: UInt64) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for range in ranges {
            let first = max(range.lowerBound, 0x20)
            let last = min(range.upperBound, 0x7E)
            guard first <= last else { continue }
            for character in first...last {
                let bit = character - 0x20
                if bit < 64 { low |= 1 << UInt64(bit) } else { high |= 1 << UInt64(bit - 64) }
            }
        }
        return (low, high)
    }
}

extension ParsedPattern {
    /// The deepest nesting of groups, lookarounds and classes, for a walk of the tree that must
    /// know how deep it may recurse on the caller's stack.
    package var nestingDepth: Int { nesting }

    /// The nesting up to which a walk that recurses once per level may run on any thread's stack
    /// (what the engine itself runs on the caller's thread).
    package static var callerStackNesting: Int { DeepStack.callerThreadNesting }
}
