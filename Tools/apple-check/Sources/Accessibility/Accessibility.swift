// Stand-in for the Accessibility framework's announcement, as the ThunderID views use it.

// Apple: /documentation/Accessibility/AccessibilityNotification (iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1)
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public enum AccessibilityNotification {
    // Apple: /documentation/Accessibility/AccessibilityNotification/Announcement (the same releases)
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    public struct Announcement {
        private let text: String
        // Apple: /documentation/Accessibility/AccessibilityNotification/Announcement/init(_:) — init(_ announcement: String)
        public init(_ announcement: String) { text = announcement }
        // Apple: /documentation/Accessibility/AccessibilityNotification/Announcement/post()
        public func post() {}
    }
}
