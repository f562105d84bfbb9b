// Stand-in for the Accessibility framework's announcement, as the ThunderID views use it.

// Apple: /documentation/Accessibility/AccessibilityNotification (iOS 17, macOS 14)
public enum AccessibilityNotification {
    // Apple: /documentation/Accessibility/AccessibilityNotification/Announcement
    public struct Announcement {
        private let text: String
        // Apple: /documentation/Accessibility/AccessibilityNotification/Announcement/init(_:) — init(_ announcement: String)
        public init(_ announcement: String) { text = announcement }
        // Apple: /documentation/Accessibility/AccessibilityNotification/Announcement/post()
        public func post() {}
    }
}
