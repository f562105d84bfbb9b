import Foundation
@testable import ThunderID
import Testing

@Suite("Retry-After in words")
struct RetryAfterWordingTests {
    static func message(_ seconds: Double, language: String) -> String {
        let error = ThunderIDError.server(ServerError(status: 429, retryAfter: seconds))
        return DefaultErrorMessageMapping().message(for: error, strings: ChangeCredentialStrings.localized(for: Locale(identifier: language)),
                                                    credential: "PIN")
    }

    /// What a user reads for a `Retry-After` of 0, 30, 3,600 and 86,400 seconds, per language.
    static let expected: [(String, [String])] = [
        ("en", ["Too many attempts. Wait a moment and try again.", "Too many attempts. Try again in 30 seconds.",
                "Too many attempts. Try again in 1 hour.", "Too many attempts. Try again in 24 hours."]),
        ("de", ["Zu viele Versuche. Warte einen Moment und versuche es dann erneut.",
                "Zu viele Versuche. Versuche es in 30 Sekunden erneut.", "Zu viele Versuche. Versuche es in 1 Stunde erneut.",
                "Zu viele Versuche. Versuche es in 24 Stunden erneut."]),
        ("fr", ["Trop de tentatives. Patientez un instant, puis réessayez.", "Trop de tentatives. Réessayez dans 30 secondes.",
                "Trop de tentatives. Réessayez dans 1\u{A0}heure.", "Trop de tentatives. Réessayez dans 24\u{A0}heures."]),
        ("es", ["Demasiados intentos. Espera un momento y vuelve a intentarlo.",
                "Demasiados intentos. Vuelve a intentarlo en 30 segundos.", "Demasiados intentos. Vuelve a intentarlo en 1 hora.",
                "Demasiados intentos. Vuelve a intentarlo en 24 horas."]),
        ("ja", ["試行回数が多すぎます。しばらく待ってから、もう一度お試しください。", "試行回数が多すぎます。30秒後にもう一度お試しください。",
                "試行回数が多すぎます。1時間後にもう一度お試しください。", "試行回数が多すぎます。24時間後にもう一度お試しください。"]),
        ("hi", ["बहुत ज़्यादा कोशिशें की गईं। थोड़ी देर रुकें और फिर से कोशिश करें।",
                "बहुत ज़्यादा कोशिशें की गईं। 30 सेकंड बाद फिर से कोशिश करें।",
                "बहुत ज़्यादा कोशिशें की गईं। 1 घंटा इंतज़ार करके फिर से कोशिश करें।",
                "बहुत ज़्यादा कोशिशें की गईं। 24 घंटे इंतज़ार करके फिर से कोशिश करें।"]),
        ("ta", ["பலமுறை முயன்றுவிட்டீர்கள். சிறிது நேரம் காத்திருந்து மீண்டும் முயலவும்.",
                "பலமுறை முயன்றுவிட்டீர்கள். 30 வினாடிகளுக்குப் பிறகு மீண்டும் முயலவும்.",
                "பலமுறை முயன்றுவிட்டீர்கள். 1 மணிநேரம் கழித்து மீண்டும் முயலவும்.",
                "பலமுறை முயன்றுவிட்டீர்கள். 24 மணிநேரம் கழித்து மீண்டும் முயலவும்."]),
        ("te", ["చాలా ఎక్కువ సార్లు ప్రయత్నించారు. కొంతసేపు ఆగి మళ్లీ ప్రయత్నించండి.", "చాలా ఎక్కువ సార్లు ప్రయత్నించారు. 30 సెకన్ల తర్వాత మళ్లీ ప్రయత్నించండి.",
                "చాలా ఎక్కువ సార్లు ప్రయత్నించారు. 1 గంట ఆగి మళ్లీ ప్రయత్నించండి.", "చాలా ఎక్కువ సార్లు ప్రయత్నించారు. 24 గంటలు ఆగి మళ్లీ ప్రయత్నించండి."]),
        ("ar", ["محاولات كثيرة جدًا. انتظر قليلًا ثم حاول مرة أخرى.", "محاولات كثيرة جدًا. حاول مرة أخرى بعد 30 ثانية.",
                "محاولات كثيرة جدًا. حاول مرة أخرى بعد أن تمضي ساعة.", "محاولات كثيرة جدًا. حاول مرة أخرى بعد أن تمضي 24 ساعة."]),
    ]

    @Test("A Retry-After of 0, 30, 3,600 and 86,400 seconds reads right in every language", arguments: expected)
    func waits(language: String, texts: [String]) {
        #expect(LocalizationTests.languages.contains(language))
        for (seconds, text) in zip([0.0, 30, 3600, 86_400], texts) {
            #expect(Self.message(seconds, language: language) == text, "\(language) \(seconds)")
        }
    }

    @Test("Every shipped language is in the table above")
    func everyLanguage() {
        #expect(Self.expected.map(\.0).sorted() == LocalizationTests.languages)
    }

    @Test("A Retry-After date already past says the plain too-many-attempts text, as 0 does")
    func pastDate() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let response = HTTPResponse(status: 429, headers: ["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"], body: Data())
        let error = ThunderIDError.server(ServerError(response: response, now: now))
        #expect(DefaultErrorMessageMapping().messageKey(for: error) == .errorTooManyAttempts)
        #expect(DefaultErrorMessageMapping().message(for: error, strings: .english, credential: "PIN")
                == "Too many attempts. Wait a moment and try again.")
    }

    @Test("Waits up to 90 seconds are in seconds; longer ones in minutes and hours, rounded up to the minute", arguments: [
        (1.0, "Too many attempts. Try again in 1 second."), (90, "Too many attempts. Try again in 90 seconds."),
        (91, "Too many attempts. Try again in 2 minutes."), (120, "Too many attempts. Try again in 2 minutes."),
        (3601, "Too many attempts. Try again in 1 hour, 1 minute."), (5400, "Too many attempts. Try again in 1 hour, 30 minutes."),
        (86_399, "Too many attempts. Try again in 24 hours."), (0.2, "Too many attempts. Try again in 1 second."),
    ])
    func thresholds(seconds: Double, text: String) {
        #expect(Self.message(seconds, language: "en") == text)
    }

    @Test("Durations use the locale's digits and the language's plural forms", arguments: [
        ("ar_EG", 7200.0, "محاولات كثيرة جدًا. حاول مرة أخرى بعد أن تمضي ساعتان."),
        ("ar_EG", 10_800, "محاولات كثيرة جدًا. حاول مرة أخرى بعد أن تمضي ٣ ساعات."),
        ("de", 5400, "Zu viele Versuche. Versuche es in 1 Stunde und 30 Minuten erneut."),
        ("fr", 120, "Trop de tentatives. Réessayez dans 2 minutes."),
    ])
    func localizedDurations(identifier: String, seconds: Double, text: String) {
        #expect(Self.message(seconds, language: identifier) == text)
    }
}
