import FuzzSupport
import ThunderID
@testable import ThunderIDSpec

// Input: a spec file's Markdown. It is read into transition tables, scenarios and policy tables
// (problems are reported, never a crash), and each phrase reader gets the table cells directly.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let text = FuzzInput.text(input.bytes[...])
    let file = SpecFile(path: "fuzz.md", text: text)
    _ = file.problems.map(\.description)
    // The vocabulary on every cell-sized piece of the text.
    for line in text.split(separator: "\n").prefix(64) {
        for cell in line.split(separator: "|").prefix(16) {
            let phrase = String(cell)
            if let error = ErrorPhrase.parse(phrase) {
                let written = ErrorPhrase.format(error)
                if ErrorPhrase.parse(written) == nil {
                    fuzzFailure("error phrase \(phrase.debugDescription) writes as \(written.debugDescription), which does not read back")
                }
            }
            _ = EventPhrase.parse(phrase)
            _ = EffectPhrase.parseList(phrase)
            _ = QuotedText.parse(phrase)
        }
    }
    return 0
}
