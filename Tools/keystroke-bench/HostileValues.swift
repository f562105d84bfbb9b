import Foundation
import ThunderID

// The worst an edit, a paste or a schema can cost on the main actor.
//
// - a 10 MiB paste into the new value (refused by the maximum length before any rule runs);
// - an edit at the maximum length (4,096 characters, ASCII and not), with the bench's schema
//   regex, and the edit that goes one past it;
// - a schema whose `displayName` is 5 MiB: from the policy's arrival to the form being ready;
// - the scrubber on a server error's texts (five of 1,024 scalars) and on a 64 KiB text.

/// A schema provider answering with a policy built once (a huge display name and hint).
struct HugeNameSchema: UserSchemaProviding {
    let policy: CredentialPolicy

    func credentialPolicy(for attribute: String) async throws(ThunderIDError) -> CredentialPolicy { policy }
}

struct HostileValueFigures {
    var pasteMilliseconds: Double
    var editAtMaximumMilliseconds: Double
    var nonASCIIEditAtMaximumMilliseconds: Double
    var editPastMaximumMilliseconds: Double
    var hugeNameReadyMilliseconds: Double
    var hugeNameDecodeMilliseconds: Double
    var scrubErrorMilliseconds: Double
    var scrubErrorWithTokenMilliseconds: Double
    var scrubLongTextMilliseconds: Double
}

/// The median of `rounds` runs of `body`, in milliseconds of this thread's CPU time; `reset` runs
/// between them, untimed.
@MainActor
func medianMilliseconds(rounds: Int = 9, _ body: () -> Void, reset: () -> Void = {}) -> Double {
    var samples: [Double] = []
    for _ in 0..<rounds {
        let start = cpuNanoseconds()
        body()
        samples.append(Double(cpuNanoseconds() - start) / 1e6)
        reset()
    }
    return median(samples)
}

@MainActor
func measureHostileValues() async -> HostileValueFigures {
    let state = await openedState(eventLog: [])
    // The strings exist before the timed edits, as a text field's do.
    let tenMiB = String(repeating: "Ab1!", count: (10 << 20) / 4)
    let paste = medianMilliseconds({ state.newValue = tenMiB }, reset: { state.newValue = "" })

    let maximum = CredentialInput.maximumLength
    let belowASCII = String(repeating: "Ab1!", count: maximum / 4 - 1) + "Ab1"
    let atASCII = belowASCII + "!"
    let pastASCII = atASCII + "x"
    state.newValue = belowASCII
    let editAtMaximum = medianMilliseconds({ state.newValue = atASCII }, reset: { state.newValue = belowASCII })
    state.newValue = atASCII
    let editPastMaximum = medianMilliseconds({ state.newValue = pastASCII }, reset: { state.newValue = atASCII })
    let belowAccented = String(repeating: "Éb1!", count: maximum / 4 - 1) + "Éb1"
    let atAccented = belowAccented + "!"
    state.newValue = belowAccented
    let nonASCIIEdit = medianMilliseconds({ state.newValue = atAccented }, reset: { state.newValue = belowAccented })
    state.newValue = ""

    // A 5 MiB display name: from the policy's arrival (the provider answers at once) to the form.
    let hugeName = String(repeating: "Pass", count: (5 << 20) / 4)
    let hugePolicy = CredentialPolicy(attribute: "password", isCredential: true, regex: BenchSchema.regex,
                                      hint: String(repeating: "h", count: 5 << 20), displayName: hugeName)
    var readySamples: [Double] = []
    for _ in 0..<9 {
        let huge = ChangeCredentialState(schemaProvider: HugeNameSchema(policy: hugePolicy), updater: NoUpdates())
        let start = DispatchTime.now().uptimeNanoseconds
        huge.open()
        await huge.settle()
        readySamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        guard huge.phase == .editing, huge.credentialDisplayName.count <= SchemaAttribute.maximumDisplayNameLength else {
            print("setup failed: the huge-name state is \(huge.phase), its name \(huge.credentialDisplayName.count) characters")
            exit(1)
        }
    }
    let body = try! JSONSerialization.data(withJSONObject: ["schema": ["password": [
        "type": "string", "credential": true, "regex": BenchSchema.regex, "displayName": hugeName,
    ]]])
    let decode = medianMilliseconds(rounds: 5, { _ = try? UserSchema.decode(body) })

    // The scrubber: a typed value at the maximum length, five error texts of 1,024 scalars with
    // distinct non-ASCII scalars, and one text at the scrubber's own bound.
    let secret = String((0..<maximum).map { Character(Unicode.Scalar(0x4E00 + UInt32($0 % 2_000))!) })
    let scrubber = SecretScrubber(secrets: [secret, secret])
    let texts = (0..<5).map { offset in
        String((0..<ServerError.maximumTextLength).map { Character(Unicode.Scalar(0x4E00 + UInt32(3_000 + offset * 1_024 + $0))!) })
    }
    let error = ThunderIDError.server(ServerError(status: 400, code: texts[0], message: texts[1], detail: texts[2],
                                                  messageKey: texts[3], detailKey: texts[4]))
    var scrubbed = 0
    let scrubError = medianMilliseconds({
        let scrubber = SecretScrubber(secrets: [secret, secret])
        if case .server(let server) = scrubber.scrub(error) { scrubbed &+= server.message?.utf8.count ?? 0 }
    })
    // The client's scrubber on an error: the value and a bearer token at the client's cap.
    let token = String((0..<ThunderIDClient.maximumAccessTokenBytes).map { index -> Character in
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return alphabet[(index &* 2_654_435_761) % alphabet.count]
    })
    let scrubErrorWithToken = medianMilliseconds({
        let scrubber = SecretScrubber(secrets: [token, secret])
        if case .server(let server) = scrubber.scrub(error) { scrubbed &+= server.message?.utf8.count ?? 0 }
    })
    let longText = String(repeating: "Voilà: percent%20text, ZWSP\u{200B} and ｆｕｌｌ-width. ", count: SecretScrubber.maximumTextLength / 64)
    let scrubLong = medianMilliseconds({ scrubbed &+= scrubber.scrub(longText).utf8.count })
    if scrubbed == 42 { print("") }

    return HostileValueFigures(
        pasteMilliseconds: paste, editAtMaximumMilliseconds: editAtMaximum, nonASCIIEditAtMaximumMilliseconds: nonASCIIEdit,
        editPastMaximumMilliseconds: editPastMaximum, hugeNameReadyMilliseconds: median(readySamples),
        hugeNameDecodeMilliseconds: decode, scrubErrorMilliseconds: scrubError,
        scrubErrorWithTokenMilliseconds: scrubErrorWithToken, scrubLongTextMilliseconds: scrubLong)
}

/// Prints the hostile figures, one line each.
func printHostileFigures(_ hostile: HostileValueFigures) {
    func milliseconds(_ value: Double) -> String { format(value, digits: 3) }
    func verdict(_ ok: Bool) -> String { ok ? "met" : "MISSED" }
    print("  a 10 MiB paste into the new value (refused before any rule): \(milliseconds(hostile.pasteMilliseconds)) ms (≤ the 10 ms worst case: \(verdict(hostile.pasteMilliseconds <= 10)))")
    print("  an edit to the maximum length (\(CredentialInput.maximumLength) characters) with the schema regex: ASCII \(milliseconds(hostile.editAtMaximumMilliseconds)) ms, accented \(milliseconds(hostile.nonASCIIEditAtMaximumMilliseconds)) ms; one past it \(milliseconds(hostile.editPastMaximumMilliseconds)) ms (≤ 10 ms: \(verdict(max(hostile.editAtMaximumMilliseconds, hostile.nonASCIIEditAtMaximumMilliseconds, hostile.editPastMaximumMilliseconds) <= 10)))")
    print("  a 5 MiB display name: form ready \(milliseconds(hostile.hugeNameReadyMilliseconds)) ms after the schema's arrival (≤ 10 ms: \(verdict(hostile.hugeNameReadyMilliseconds <= 10))); decoding its 5 MiB body \(milliseconds(hostile.hugeNameDecodeMilliseconds)) ms")
    let worstScrub = max(hostile.scrubErrorMilliseconds, hostile.scrubErrorWithTokenMilliseconds)
    print("  the scrubber on a server error's five 1,024-scalar texts: against a \(CredentialInput.maximumLength)-character value \(milliseconds(hostile.scrubErrorMilliseconds)) ms, with a \(ThunderIDClient.maximumAccessTokenBytes)-byte token too \(milliseconds(hostile.scrubErrorWithTokenMilliseconds)) ms (≤ 10 ms: \(verdict(worstScrub <= 10))); a \(SecretScrubber.maximumTextLength)-scalar text \(milliseconds(hostile.scrubLongTextMilliseconds)) ms")
}
