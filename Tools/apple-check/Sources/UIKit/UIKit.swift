// Stand-in for the UIKit types that SwiftUI's iOS text-input modifiers take, and the text field
// the views host for password rules. Only what the ThunderID views use; each declaration names the
// Apple documentation symbol it models.
import Foundation

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

extension UITextContentType {
    // Apple: /documentation/UIKit/UITextContentType/password (iOS 11)
    public static let password = UITextContentType(rawValue: "password")
}

// The UIKit text field the new-password field uses where password rules apply. UIKit's classes
// derive from NSObject (Foundation's here); the hierarchy is the documented one, reduced to the
// members the views use.

// Apple: /documentation/UIKit/UIResponder — @MainActor class UIResponder : NSObject
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, watchOS 2.0, *)
@MainActor open class UIResponder: NSObject {
    override public init() { super.init() }
    // Apple: /documentation/UIKit/UIResponder/isFirstResponder — var isFirstResponder: Bool { get }
    open var isFirstResponder: Bool { false }
    // Apple: /documentation/UIKit/UIResponder/becomeFirstResponder() — func becomeFirstResponder() -> Bool
    @discardableResult open func becomeFirstResponder() -> Bool { true }
    // Apple: /documentation/UIKit/UIResponder/resignFirstResponder() — func resignFirstResponder() -> Bool
    @discardableResult open func resignFirstResponder() -> Bool { true }
}

// Apple: /documentation/UIKit/UIView — @MainActor class UIView : UIResponder (unavailable on watchOS)
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor open class UIView: UIResponder {
    // Apple: /documentation/ObjectiveC/NSObject-swift.class/accessibilityLabel (UIAccessibility) — var accessibilityLabel: String?
    open var accessibilityLabel: String?
    // Apple: /documentation/UIKit/UIAccessibilityIdentification/accessibilityIdentifier — var accessibilityIdentifier: String?
    open var accessibilityIdentifier: String?
}

// Apple: /documentation/UIKit/UIControl/Event — struct Event : OptionSet
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
public struct UIControlEvent: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // Apple: /documentation/UIKit/UIControl/Event/editingChanged
    public static let editingChanged = UIControlEvent(rawValue: 1 << 17)
}

// Apple: /documentation/UIKit/UIAction — @MainActor class UIAction : UIMenuElement (iOS 13; tvOS 14)
@available(iOS 13.0, tvOS 14.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor open class UIAction: NSObject {
    // Apple: /documentation/UIKit/UIAction/init(title:subtitle:image:identifier:discoverabilityTitle:attributes:state:handler:)
    //   convenience init(…, handler: @escaping UIActionHandler)
    public init(handler: @escaping UIActionHandler) { super.init() }
}

// Apple: /documentation/UIKit/UIActionHandler — typealias UIActionHandler = (UIAction) -> Void
@available(iOS 13.0, tvOS 14.0, visionOS 1.0, *)
@available(watchOS, unavailable)
public typealias UIActionHandler = (UIAction) -> Void

// Apple: /documentation/UIKit/UIControl — @MainActor class UIControl : UIView
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor open class UIControl: UIView {
    // Apple: /documentation/UIKit/UIControl/Event
    public typealias Event = UIControlEvent
    // Apple: /documentation/UIKit/UIControl/isEnabled — var isEnabled: Bool
    open var isEnabled = true
    // Apple: /documentation/UIKit/UIControl/addAction(_:for:) — func addAction(_ action: UIAction, for controlEvents: UIControl.Event) (iOS 14)
    @available(iOS 14.0, tvOS 14.0, visionOS 1.0, *)
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
}

// Apple: /documentation/UIKit/UIReturnKeyType — enum UIReturnKeyType (Int)
public enum UIReturnKeyType: Int, Sendable {
    // Apple: /documentation/UIKit/UIReturnKeyType/next
    case next = 4
    // Apple: /documentation/UIKit/UIReturnKeyType/done
    case done = 9
}

// Apple: /documentation/UIKit/UITextAutocorrectionType — enum UITextAutocorrectionType (Int)
public enum UITextAutocorrectionType: Int, Sendable {
    // Apple: /documentation/UIKit/UITextAutocorrectionType/no
    case no = 1
}

// Apple: /documentation/UIKit/UITextAutocapitalizationType — enum UITextAutocapitalizationType (Int)
public enum UITextAutocapitalizationType: Int, Sendable {
    // Apple: /documentation/UIKit/UITextAutocapitalizationType/none
    case none = 0
}

// Apple: /documentation/UIKit/UITextInputPasswordRules — @MainActor class UITextInputPasswordRules
//   (iOS 12, tvOS 12, visionOS 1; not on macOS or watchOS)
@available(iOS 12.0, tvOS 12.0, visionOS 1.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
@MainActor open class UITextInputPasswordRules: NSObject {
    // Apple: /documentation/UIKit/UITextInputPasswordRules/passwordRulesDescriptor — var passwordRulesDescriptor: String { get }
    public let passwordRulesDescriptor: String
    // Apple: /documentation/UIKit/UITextInputPasswordRules/init(descriptor:) — convenience init(descriptor passwordRulesDescriptor: String)
    public init(descriptor passwordRulesDescriptor: String) {
        self.passwordRulesDescriptor = passwordRulesDescriptor
        super.init()
    }
}

// Apple: /documentation/UIKit/UITextFieldDelegate — @MainActor protocol UITextFieldDelegate : NSObjectProtocol
//   (every method optional; the defaults below stand for "not implemented")
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor public protocol UITextFieldDelegate: NSObjectProtocol {
    // Apple: /documentation/UIKit/UITextFieldDelegate/textFieldDidBeginEditing(_:)
    func textFieldDidBeginEditing(_ textField: UITextField)
    // Apple: /documentation/UIKit/UITextFieldDelegate/textFieldShouldReturn(_:)
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
extension UITextFieldDelegate {
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}

// Apple: /documentation/UIKit/UITextField — @MainActor class UITextField : UIControl (with UITextInputTraits)
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
@MainActor open class UITextField: UIControl {
    // Apple: /documentation/UIKit/UITextField/text — var text: String?
    open var text: String?
    // Apple: /documentation/UIKit/UITextField/placeholder — var placeholder: String?
    open var placeholder: String?
    // Apple: /documentation/UIKit/UITextField/delegate — weak var delegate: (any UITextFieldDelegate)?
    open weak var delegate: (any UITextFieldDelegate)?
    // Apple: /documentation/UIKit/UITextInputTraits/isSecureTextEntry — var isSecureTextEntry: Bool
    open var isSecureTextEntry = false
    // Apple: /documentation/UIKit/UITextInputTraits/textContentType — var textContentType: UITextContentType!
    open var textContentType: UITextContentType!
    // Apple: /documentation/UIKit/UITextInputTraits/passwordRules — var passwordRules: UITextInputPasswordRules? (iOS 12)
    @available(iOS 12.0, tvOS 12.0, visionOS 1.0, *)
    open var passwordRules: UITextInputPasswordRules? {
        get { nil }
        set {}
    }
    // Apple: /documentation/UIKit/UITextInputTraits/keyboardType — var keyboardType: UIKeyboardType
    open var keyboardType: UIKeyboardType = .default
    // Apple: /documentation/UIKit/UITextInputTraits/returnKeyType — var returnKeyType: UIReturnKeyType
    open var returnKeyType: UIReturnKeyType = .done
    // Apple: /documentation/UIKit/UITextInputTraits/autocorrectionType — var autocorrectionType: UITextAutocorrectionType
    open var autocorrectionType: UITextAutocorrectionType = .no
    // Apple: /documentation/UIKit/UITextInputTraits/autocapitalizationType — var autocapitalizationType: UITextAutocapitalizationType
    open var autocapitalizationType: UITextAutocapitalizationType = .none
}
