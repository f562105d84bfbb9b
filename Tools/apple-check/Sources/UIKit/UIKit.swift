// Stand-in for the UIKit types that SwiftUI's iOS text-input modifiers take. Only what the
// ThunderID views use; each declaration names the Apple documentation symbol it models.

// Apple: /documentation/UIKit/UIKeyboardType — enum UIKeyboardType (Int)
public enum UIKeyboardType: Int, Sendable {
    // Apple: /documentation/UIKit/UIKeyboardType/default
    case `default` = 0
    // Apple: /documentation/UIKit/UIKeyboardType/numberPad
    case numberPad = 4
}

// Apple: /documentation/UIKit/UITextContentType — struct UITextContentType (extensible string enum)
public struct UITextContentType: Hashable, Equatable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    // Apple: /documentation/UIKit/UITextContentType/newPassword (iOS 12)
    public static let newPassword = UITextContentType(rawValue: "new-password")
}
