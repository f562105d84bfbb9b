import CPCRE2
import FuzzSupport
@testable import ECMARegex

// Input: one flags byte (bit 0 i, 1 m, 2 s, 3 u, 4 v, 5 whole-value mode), then the pattern, a NUL
// byte and the subject. The pattern is parsed, translated and compiled; when it compiles, the
// subject is matched on every backend and tier (`Verdicts.all`) and every exact answer must agree.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegex(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let (header, rest) = input.header
    let (patternBytes, subjectBytes) = FuzzInput.split(rest)
    var flags = ""
    for (bit, letter) in ["i", "m", "s", "u", "v"].enumerated() where header & (1 << bit) != 0 { flags += letter }
    let mode: ECMARegex.MatchMode = header & 0x20 != 0 ? .whole : .search
    let pattern = FuzzInput.text(patternBytes)
    let subject = FuzzInput.text(subjectBytes)
    Verdicts.check(pattern: pattern, flags: flags, mode: mode, subject: subject)
    return 0
}
