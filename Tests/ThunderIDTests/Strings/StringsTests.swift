@testable import ThunderID
import Testing

@Suite("Strings table")
struct StringsTests {
    @Test("Every key has English text with only known placeholders")
    func everyKeyHasText() {
        let known: Set<String> = ["credential", "credentialLower", "seconds", "count", "duration", "reason"]
        for key in ChangeCredentialStrings.Key.allCases {
            let template = ChangeCredentialStrings.english[key]
            #expect(!template.isEmpty && template != key.rawValue, "\(key)")
            var rest = template[...]
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                let name = String(rest[rest.index(after: open)..<close])
                #expect(known.contains(name), "\(key) uses unknown placeholder {\(name)}")
                rest = rest[rest.index(after: close)...]
            }
        }
    }

    @Test("The spec's strings, with the display name filled in", arguments: [
        (ChangeCredentialStrings.Key.title, "Change PIN"), (.newValueLabel, "New PIN"),
        (.confirmationLabel, "Confirm New PIN"), (.mismatch, "The confirmation does not match the new PIN."),
        (.submit, "Change"), (.cancel, "Cancel"), (.submitting, "Changing…"),
        (.unavailableTitle, "PIN Changes Unavailable"),
        (.unavailableMessage, "The PIN for this account cannot be changed. Contact your administrator."),
        (.emptyValue, "Enter a new PIN."), (.success, "Your PIN has been updated."),
        (.errorGeneric, "An error occurred while updating your PIN. Please try again."),
    ])
    func english(key: ChangeCredentialStrings.Key, expected: String) {
        #expect(ChangeCredentialStrings.english.text(key, credential: "PIN") == expected)
    }

    @Test("Extra placeholders are filled from values; unknown ones stay as written")
    func values() {
        let strings = ChangeCredentialStrings.english
        #expect(strings.text(.tooShort, credential: "Password", values: ["count": "12"]) == "Must be at least 12 characters.")
        #expect(strings.text(.errorTooManyAttemptsRetryAfter, credential: "Password", values: ["seconds": "30"])
                == "Too many attempts. Try again in 30 seconds.")
        #expect(ChangeCredentialStrings([.title: "{nope} {credential}"]).text(.title, credential: "Pin") == "{nope} Pin")
        #expect(ChangeCredentialStrings([.title: "open { brace"]).text(.title, credential: "Pin") == "open { brace")
    }

    @Test("Substitution is a single pass: inserted text is never re-read")
    func singlePass() {
        #expect(ChangeCredentialStrings.english.text(.title, credential: "{credentialLower}") == "Change {credentialLower}")
    }

    @Test("Keys can be replaced one by one or as a whole table")
    func replacing() {
        var strings = ChangeCredentialStrings.english
        strings[.submit] = "Update"
        #expect(strings.text(.submit, credential: "Password") == "Update")
        #expect(strings.text(.cancel, credential: "Password") == "Cancel")
        let copy = ChangeCredentialStrings.english.replacing(.title, with: "{credentialLower} ändern")
        #expect(copy.text(.title, credential: "Passwort") == "passwort ändern")
        #expect(ChangeCredentialStrings.english.text(.title, credential: "Passwort") == "Change Passwort")
        let german = ChangeCredentialStrings([.title: "{credential} ändern", .submit: "Speichern"])
        #expect(german.text(.title, credential: "PIN") == "PIN ändern")
        #expect(german.text(.submit, credential: "PIN") == "Speichern")
        #expect(german.text(.cancel, credential: "PIN") == "Cancel", "keys not overridden keep English")
        #expect(german != .english)
    }
}

@Suite("Display names inside sentences")
struct InSentenceTests {
    @Test("{credentialLower} lowers only words capitalized like a sentence start; acronyms and inner capitals stay", arguments: [
        ("Password", "password"), ("PIN", "PIN"), ("Sign-in Password", "sign-in password"),
        ("OTP Code", "OTP code"), ("iCloud Key", "iCloud key"), ("Recovery Code 2", "recovery code 2"),
        ("Passcode", "passcode"), ("", ""), ("Mot de passe", "mot de passe"), ("Ünlü PIN", "ünlü PIN"),
    ])
    func inSentence(displayName: String, expected: String) {
        #expect(ChangeCredentialStrings.inSentence(displayName) == expected)
    }

    @Test("No template of the English table builds a plural by appending s to {credential}")
    func noNaivePlural() {
        for key in ChangeCredentialStrings.Key.allCases {
            let template = ChangeCredentialStrings.english[key]
            #expect(!template.contains("{credential}s") && !template.contains("{credentialLower}s"), "\(key)")
        }
    }
}
