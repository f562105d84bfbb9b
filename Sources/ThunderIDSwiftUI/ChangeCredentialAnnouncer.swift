#if canImport(SwiftUI)
import Accessibility
import SwiftUI
import ThunderID

/// Announces an error (or the success message) to assistive technologies when it appears; what
/// is announced is decided by ``ChangeCredentialAnnouncement``.
struct ChangeCredentialAnnouncer: ViewModifier {
    let state: ChangeCredentialState

    func body(content: Content) -> some View {
        content.onChange(of: state.announcement) { previous, current in
            if let text = ChangeCredentialAnnouncement.text(from: previous, to: current) {
                AccessibilityNotification.Announcement(text).post()
            }
        }
    }
}
#endif
