#if canImport(UIKit) && !os(watchOS)
import UIKit

/// Password rules behind the condition the ThunderID views use: compiled only where UIKit has them.
@MainActor public func requireEightCharacters(of field: UITextField) {
    field.passwordRules = UITextInputPasswordRules(descriptor: "minlength: 8;")
}
#endif
