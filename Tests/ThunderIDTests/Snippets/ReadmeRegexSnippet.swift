// The README's regex engine example, verbatim inside a function (DocumentationSnippetTests checks
// it against README.md line for line); the function returns what the comments claim.

import ECMARegex

func readmeRegexExample() throws -> (password1: Bool, password1Newline: Bool, whole: ECMARegex) {
    let rule = try ECMARegex.cached(#"^(?=.*\d)(?=.*[a-z]).{8,}$"#)   // no flags, as the web SDKs
    print(try rule.test("password1"))      // true
    print(try rule.test("password1\n"))    // false: `.` and `$` follow JavaScript, not PCRE2
    let whole = try ECMARegex(#"\d{4}"#, flags: "v", mode: .whole)  // HTML `pattern` semantics
    return (try rule.test("password1"), try rule.test("password1\n"), whole)
}
