import Foundation
@testable import ThunderID
import Testing

/// The scrubber's definition of what it removes, case by case.
@Suite("What the scrubber removes, and what it keeps")
struct ScrubberDefinitionTests {
    @Test("A run of four characters of the value is removed; three are kept")
    func nonTrivialParts() {
        let scrubber = SecretScrubber(secrets: ["hunter22"])
        #expect(scrubber.scrub("got hunt") == "got •••")
        #expect(scrubber.scrub("got ter2!") == "got •••!")
        #expect(scrubber.scrub("the hun is here") == "the hun is here")
        #expect(SecretScrubber.minimumPartLength == 4)
    }

    @Test("A value shorter than four characters is removed only whole")
    func shortValue() {
        let scrubber = SecretScrubber(secrets: ["pIn"])
        #expect(scrubber.scrub("PIN pi in") == "••• pi in")
        #expect(SecretScrubber(secrets: ["1234"]).scrub("123 and 1234") == "123 and •••")
    }

    @Test("Form encoding: a plus reads as a space")
    func plusAsSpace() {
        let scrubber = SecretScrubber(secrets: ["correct horse"])
        #expect(scrubber.scrub("value=correct+horse") == "value=•••")
    }

    @Test("Invalid percent escapes stay as written, and the value around them is still found")
    func invalidEscapes() {
        let scrubber = SecretScrubber(secrets: ["abcdefgh"])
        #expect(scrubber.scrub("%ZZ%C3 abcdefgh %") == "%ZZ%C3 ••• %")
        #expect(scrubber.scrub("100%") == "100%")
    }

    @Test("Canonically equivalent orders of combining marks are the same value")
    func combiningOrder() {
        // q + dot below (220) + dot above (230), typed in the other order.
        let scrubber = SecretScrubber(secrets: ["aq\u{323}\u{307}bcd"])
        #expect(scrubber.scrub("x aq\u{307}\u{323}bcd y") == "x ••• y")
    }

    @Test("Case folding beyond ASCII: ß and SS, final sigma")
    func folding() {
        #expect(SecretScrubber(secrets: ["straße1"]).scrub("STRASSE1!") == "•••!")
        #expect(SecretScrubber(secrets: ["ΟΔΟΣ99"]).scrub("οδος99") == "•••")
    }

    @Test("A text over the scrubber's bound, or any text while a value is over its bound, is replaced whole")
    func cannotBeMadeSafe() {
        let scrubber = SecretScrubber(secrets: ["hunter22"])
        let long = String(repeating: "a", count: SecretScrubber.maximumTextLength + 1)
        #expect(scrubber.scrub(long) == "•••")
        let huge = SecretScrubber(secrets: [String(repeating: "x", count: SecretScrubber.maximumSecretBytes + 1)])
        #expect(huge.scrub("anything") == "•••")
        let error = huge.scrub(.server(ServerError(status: 400, code: "USR-1099", message: "m", retryAfter: 3)))
        #expect(error.serverError?.code == "•••" && error.serverError?.message == "•••")
        // A code of ThunderID's own vocabulary is kept: it says nothing about the value.
        #expect(huge.scrub(.server(ServerError(status: 400, code: "USR-1024"))).serverError?.code == "USR-1024")
        #expect(error.serverError?.status == 400 && error.serverError?.retryAfter == 3)
        // The UI then shows the status's own message.
        #expect(DefaultErrorMessageMapping().messageKey(for: error) == .errorCredentialNotAccepted)
    }

    @Test("Scrubbing twice changes nothing, and no run of four characters of a value survives",
          arguments: [UInt64(1), 2, 3, 4, 5])
    func idempotent(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let alphabet = Array("abAB12%+\u{200B}\u{301}éE\u{FF41}ß ")
        for _ in 0..<200 {
            let secret = String((0..<Int.random(in: 1...10, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let text = String((0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let scrubber = SecretScrubber(secrets: [secret])
            let once = scrubber.scrub(text)
            #expect(scrubber.scrub(once) == once, "secret \(secret.debugDescription), text \(text.debugDescription)")
            #expect(!once.contains(secret) || secret.isEmpty, "secret \(secret.debugDescription), text \(text.debugDescription)")
        }
    }
}

/// A small deterministic generator (SplitMix64) for the property test.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
