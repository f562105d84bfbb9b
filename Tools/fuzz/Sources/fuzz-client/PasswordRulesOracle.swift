import ECMARegex
import FuzzSupport
@testable import ThunderID

/// The password rules derived from a fuzzed schema's regex must be sound: a password built to meet
/// them (each required class once, then the allowed characters in turn up to the shortest length,
/// and the longest one where it is short) must match the regex.
func checkPasswordRules(of policy: CredentialPolicy) {
    guard let regex = policy.regex, let rules = policy.passwordRules,
          let compiled = try? ECMARegex(regex)
    else { return }
    let alphabet = rules.alphabet.members
    var lengths = [max(rules.minimumLength, rules.required.count, 1)]
    if let longest = rules.maximumLength, longest <= 256, longest > lengths[0] { lengths.append(longest) }
    for length in lengths where length <= 4_096 {
        var password = rules.required.compactMap(\.members.first)
        var next = 0
        while password.count < length {
            var candidate = alphabet[next % alphabet.count]
            next += 1
            // A character other than the last one keeps every run at one (the rules allow at least two
            // characters whenever they limit runs and the length passes the limit).
            if candidate == password.last, alphabet.count > 1 {
                candidate = alphabet[next % alphabet.count]
                next += 1
            }
            password.append(candidate)
        }
        let text = String(decoding: password, as: UTF8.self)
        // A limit the engine reports (no answer) is not a verdict; a refusal is a finding.
        if (try? compiled.test(text)) == false {
            fuzzFailure("the rules \(rules.rules) allow \(text.utf8.count) characters that \(regex) refuses")
        }
    }
}
