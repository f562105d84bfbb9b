// The baseline of `Tools/app-size`: a Foundation-only program that does what the app does around the
// flow (reads its arguments, builds a URL, prints), so the difference is what ThunderID adds.

import Foundation

@MainActor
func run() async -> Bool {
    let arguments = CommandLine.arguments
    let baseUrl = arguments.count > 1 ? arguments[1] : "https://id.example.com"
    guard let url = URL(string: baseUrl) else { return false }
    let newPin = arguments.count > 2 ? arguments[2] : "1234"
    try? await Task.sleep(nanoseconds: 1)
    print(url.absoluteString, newPin.count)
    return !newPin.isEmpty
}

exit(await run() ? 0 : 1)
