import Foundation
@testable import ThunderID
import Testing
import ThunderIDTesting

/// Every decision the views take from the state, without its texts: what a language may not change.
struct LayoutDecisions: Equatable {
    var sheetHeights: [ChangeCredentialState.SheetHeight]
    var isForm: Bool
    var showsSubmitButton: Bool
    var isSubmitEnabled: Bool
    var acceptsInput: Bool
    var isSchemaLoading: Bool
    var entry: CredentialEntry
    var masked: [Bool]
    var hasHint: Bool
    var hasError: Bool

    @MainActor init(_ state: ChangeCredentialState) {
        let model = state.sheetModel
        sheetHeights = model.sheetHeights
        if case .form = model.content { isForm = true } else { isForm = false }
        showsSubmitButton = model.showsSubmitButton
        isSubmitEnabled = model.isSubmitEnabled
        acceptsInput = model.acceptsInput
        isSchemaLoading = model.isSchemaLoading
        entry = model.entry
        masked = [model.newValue.isMasked, model.confirmation.isMasked]
        hasHint = model.requirementHint != nil
        hasError = model.error != nil
    }
}

@MainActor
@Suite("Layout decisions do not depend on the language: pseudo-localized (accented, 40% longer) and Arabic (right-to-left)")
struct LocalizedLayoutTests {
    /// English with every letter accented and each text at least 40% longer, placeholders kept.
    static func pseudoLocalized() -> ChangeCredentialStrings {
        var strings = ChangeCredentialStrings.english
        for key in ChangeCredentialStrings.Key.allCases {
            strings[key] = pseudo(strings[key])
        }
        return strings
    }

    static func pseudo(_ template: String) -> String {
        let accents: [Character: Character] = ["a": "á", "e": "é", "i": "í", "o": "ö", "u": "ü", "c": "ç", "n": "ñ",
                                               "A": "Å", "E": "É", "I": "Î", "O": "Ø", "U": "Û", "C": "Ç", "N": "Ñ"]
        var output = ""
        var inPlaceholder = false
        for character in template {
            if character == "{" { inPlaceholder = true }
            output.append(inPlaceholder ? character : accents[character] ?? character)
            if character == "}" { inPlaceholder = false }
        }
        let target = Int((Double(template.count) * 1.4).rounded(.up))
        var padding = ""
        while output.count + padding.count + 2 < target { padding += "ŵ" }
        return "[" + output + padding + "]"
    }

    /// The same story told in a language: load, open, type, mask, submit, fail.
    static func decisions(strings: ChangeCredentialStrings, policy: CredentialPolicy) async -> [LayoutDecisions] {
        let state = ChangeCredentialState(attribute: policy.attribute, schemaProvider: InMemorySchemaProvider(policy: policy),
                                          updater: ScriptedCredentialUpdater([.failure(.server(ServerError(status: 429, retryAfter: 3)))]),
                                          configuration: ChangeCredentialConfiguration(strings: strings))
        var seen = [LayoutDecisions(state)]
        state.appear()
        seen.append(LayoutDecisions(state))
        await state.settle()
        seen.append(LayoutDecisions(state))
        state.open()
        seen.append(LayoutDecisions(state))
        state.newValue = "ab"
        seen.append(LayoutDecisions(state))
        state.newValue = "abcdefgh1"
        state.confirmValue = "abcdefgh1"
        seen.append(LayoutDecisions(state))
        state.toggleMasking(.newValue)
        seen.append(LayoutDecisions(state))
        state.submit()
        await state.settle()
        seen.append(LayoutDecisions(state))
        return seen
    }

    static let policies: [CredentialPolicy] = [
        .credential("password", regex: "^.{8,}$", hint: nil), .credential("pin", regex: "^[0-9]{4,8}$"),
        .notCredential("password"),
    ]

    @Test("Pseudo-localized texts are accented and at least 40% longer, with their placeholders intact")
    func pseudoTexts() {
        let pseudo = Self.pseudoLocalized()
        for key in ChangeCredentialStrings.Key.allCases {
            let english = ChangeCredentialStrings.english[key]
            #expect(Double(pseudo[key].count) >= Double(english.count) * 1.4, "\(key)")
            #expect(LocalizationTests.placeholders(in: pseudo[key]) == LocalizationTests.placeholders(in: english), "\(key)")
        }
    }

    @Test("Pseudo-localized, Arabic and Japanese sheets take every decision the English one takes", arguments: 0..<3)
    func sameDecisions(policyIndex: Int) async {
        let policy = Self.policies[policyIndex]
        let english = await Self.decisions(strings: .english, policy: policy)
        #expect(english.count == 8)
        for strings in [Self.pseudoLocalized(), .localized(for: Locale(identifier: "ar_EG")),
                        .localized(for: Locale(identifier: "ja_JP"))] {
            #expect(await Self.decisions(strings: strings, policy: policy) == english)
        }
    }

    @Test("In Arabic the texts are Arabic and the numbers Arabic-Indic; the value typed stays as typed")
    func arabicTexts() async {
        let state = ChangeCredentialState(attribute: "password", schemaProvider: InMemorySchemaProvider(policy: .credential("password")),
                                          updater: ScriptedCredentialUpdater([.failure(.server(ServerError(status: 429, retryAfter: 3)))]),
                                          configuration: ChangeCredentialConfiguration(
                                            strings: .localized(for: Locale(identifier: "ar_EG"))))
        state.appear()
        await state.settle()
        #expect(state.title == "تغيير كلمة السر")
        state.open()
        state.newValue = "Abc123"
        state.confirmValue = "Abc123"
        #expect(state.newValue == "Abc123")
        state.submit()
        await state.settle()
        #expect(state.error == "محاولات كثيرة جدًا. حاول مرة أخرى بعد ٣ ثوانٍ.")
    }
}
