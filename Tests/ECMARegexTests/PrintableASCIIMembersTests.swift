@testable import ECMARegex
import Testing

@Suite("The printable ASCII members of a class, a literal and '.'")
struct PrintableASCIIMembersTests {
    /// The members as a string, in ASCII order.
    static func text(_ bits: (low: UInt64, high: UInt64)) -> String {
        String(decoding: (UInt8(0x20)...0x7E).filter { code in
            let bit = Int(code) - 0x20
            return bit < 64 ? bits.low & (1 << UInt64(bit)) != 0 : bits.high & (1 << UInt64(bit - 64)) != 0
        }, as: UTF8.self)
    }

    static func members(_ pattern: String, flags: String = "") throws -> String? {
        let parsed = try ParsedPattern(pattern, flags: flags)
        guard case .characterClass(let set) = parsed.root else { return "not a class" }
        return set.printableASCIIMembers(flags: parsed.flags).map(text)
    }

    @Test("Classes read as the matcher reads them, case closure included")
    func classes() throws {
        #expect(try Self.members("[a-f]") == "abcdef")
        #expect(try Self.members("[a-c]", flags: "i") == "ABCabc")
        #expect(try Self.members("[^a-c]", flags: "i")?.contains("A") == false)
        #expect(try Self.members("\\d") == "0123456789")
        #expect(try Self.members("\\S")?.contains(" ") == false)
        #expect(try Self.members("\\S")?.count == 94)
        #expect(try Self.members("\\p{Lu}", flags: "u") == "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        #expect(try Self.members("[\\w--\\d]", flags: "v") == "ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz")
    }

    @Test("A class of strings has no single-character reading")
    func strings() throws {
        #expect(try Self.members("[\\q{ab}x]", flags: "v") == nil)
        #expect(try Self.members("[\\q{a}x]", flags: "v") == "ax")
    }

    @Test("A literal with its other cases under i, and '.' with every printable character")
    func literalsAndDot() throws {
        let flags = try RegexFlags(parsing: "i")
        #expect(Self.text(RegexNode.characterPrintableASCIIMembers(0x6B, flags: flags)) == "Kk")
        #expect(Self.text(RegexNode.characterPrintableASCIIMembers(0x6B, flags: RegexFlags())) == "k")
        #expect(Self.text(RegexNode.characterPrintableASCIIMembers(0x212A, flags: RegexFlags())) == "")
        #expect(Self.text(RegexNode.dotPrintableASCIIMembers(flags: RegexFlags())).count == 95)
        #expect(RegexFlags().applyingModifiers(RegexModifiers(ignoreCase: true, multiline: false, dotAll: true)).ignoreCase)
    }
}
