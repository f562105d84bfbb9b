import UIKit

/// Password rules set on a text field with no platform condition: UIKit's password rules exist from
/// iOS 12, tvOS 12 and visionOS 1 and not at all on macOS or watchOS, so a package that also runs
/// there must keep them behind `#if canImport(UIKit) && !os(watchOS)`.
@MainActor public func requireEightCharacters(of field: UITextField) {
    field.passwordRules = UITextInputPasswordRules(descriptor: "minlength: 8;")
}
