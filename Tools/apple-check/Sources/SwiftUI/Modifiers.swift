// View modifiers used by the ThunderID views and the seed's snippets. In Apple's current SDK they
// are `nonisolated` methods in extensions of `View` returning `some View`.
#if canImport(UIKit)
import UIKit
#endif

// Apple: /documentation/SwiftUI/ShapeStyle — protocol ShapeStyle : Sendable
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol ShapeStyle: Sendable {}

// Apple: /documentation/SwiftUI/Color — @frozen struct Color : ShapeStyle, View
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen nonisolated public struct Color: ShapeStyle, View, Hashable {
    let name: String
    public var body: Never { fatalError("stand-in") }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ShapeStyle where Self == Color {
    // Apple: /documentation/SwiftUI/ShapeStyle/red — static var red: Color { get }
    public static var red: Color { Color(name: "red") }
}

// Apple: /documentation/SwiftUI/HierarchicalShapeStyle — @frozen struct HierarchicalShapeStyle : ShapeStyle
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@frozen public struct HierarchicalShapeStyle: ShapeStyle {
    let level: Int
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension ShapeStyle where Self == HierarchicalShapeStyle {
    // Apple: /documentation/SwiftUI/ShapeStyle/secondary — static var secondary: HierarchicalShapeStyle { get }
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle(level: 1) }
}

// Apple: /documentation/SwiftUI/PrimitiveButtonStyle — @MainActor @preconcurrency protocol PrimitiveButtonStyle
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public protocol PrimitiveButtonStyle {}

// Apple: /documentation/SwiftUI/PlainButtonStyle — struct PlainButtonStyle : PrimitiveButtonStyle
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct PlainButtonStyle: PrimitiveButtonStyle {
    // Apple: /documentation/SwiftUI/PlainButtonStyle/init()
    nonisolated public init() {}
}

// Apple: /documentation/SwiftUI/BorderlessButtonStyle — struct BorderlessButtonStyle : PrimitiveButtonStyle
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct BorderlessButtonStyle: PrimitiveButtonStyle {
    // Apple: /documentation/SwiftUI/BorderlessButtonStyle/init()
    nonisolated public init() {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    // Apple: /documentation/SwiftUI/PrimitiveButtonStyle/plain — @MainActor @preconcurrency static var plain: PlainButtonStyle { get }
    @MainActor @preconcurrency public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    // Apple: /documentation/SwiftUI/PrimitiveButtonStyle/borderless — @MainActor @preconcurrency static var borderless: BorderlessButtonStyle { get }
    @MainActor @preconcurrency public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

// Apple: /documentation/SwiftUI/TextFieldStyle — @MainActor @preconcurrency protocol TextFieldStyle
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public protocol TextFieldStyle {}

// Apple: /documentation/SwiftUI/RoundedBorderTextFieldStyle — struct RoundedBorderTextFieldStyle : TextFieldStyle
@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@available(watchOS, unavailable)
public struct RoundedBorderTextFieldStyle: TextFieldStyle {
    nonisolated public init() {}
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)
@available(watchOS, unavailable)
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    // Apple: /documentation/SwiftUI/TextFieldStyle/roundedBorder — @MainActor @preconcurrency static var roundedBorder: RoundedBorderTextFieldStyle { get }
    @MainActor @preconcurrency public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}

// Apple: /documentation/SwiftUI/SubmitLabel — struct SubmitLabel (iOS 15, macOS 12)
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct SubmitLabel: Sendable {
    private let id: Int
    // Apple: /documentation/SwiftUI/SubmitLabel/done — static var done: SubmitLabel { get }
    public static var done: SubmitLabel { SubmitLabel(id: 0) }
    // Apple: /documentation/SwiftUI/SubmitLabel/next — static var next: SubmitLabel { get }
    public static var next: SubmitLabel { SubmitLabel(id: 1) }
}

// Apple: /documentation/SwiftUI/SubmitTriggers — struct SubmitTriggers : OptionSet
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // Apple: /documentation/SwiftUI/SubmitTriggers/text — static let text: SubmitTriggers
    public static let text = SubmitTriggers(rawValue: 1)
}

// Apple: /documentation/SwiftUI/ToolbarTitleDisplayMode — struct ToolbarTitleDisplayMode (iOS 17, macOS 14)
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
public struct ToolbarTitleDisplayMode: Sendable {
    private let id: Int
    // Apple: /documentation/SwiftUI/ToolbarTitleDisplayMode/inline — static var inline: ToolbarTitleDisplayMode { get }
    public static var inline: ToolbarTitleDisplayMode { ToolbarTitleDisplayMode(id: 1) }
}

// Apple: /documentation/SwiftUI/PresentationDetent — struct PresentationDetent : Hashable (iOS 16, macOS 13)
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct PresentationDetent: Hashable, Sendable {
    private let id: Int
    // Apple: /documentation/SwiftUI/PresentationDetent/medium — static let medium: PresentationDetent
    public static let medium = PresentationDetent(id: 1)
    // Apple: /documentation/SwiftUI/PresentationDetent/large — static let large: PresentationDetent
    public static let large = PresentationDetent(id: 2)
}

#if canImport(UIKit)
// Apple: /documentation/SwiftUI/TextInputAutocapitalization — struct TextInputAutocapitalization (iOS 15; unavailable on macOS)
@available(iOS 15.0, tvOS 15.0, watchOS 8.0, *)
@available(macOS, unavailable)
public struct TextInputAutocapitalization: Sendable {
    private let id: Int
    // Apple: /documentation/SwiftUI/TextInputAutocapitalization/never — static var never: TextInputAutocapitalization { get }
    public static var never: TextInputAutocapitalization { TextInputAutocapitalization(id: 0) }
}
#endif

extension View {
    // Apple: /documentation/SwiftUI/View/foregroundStyle(_:) — nonisolated func foregroundStyle<S>(_ style: S) -> some View where S : ShapeStyle (iOS 15)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle { self }

    // Apple: /documentation/SwiftUI/View/textFieldStyle(_:) — nonisolated func textFieldStyle<S>(_ style: S) -> some View where S : TextFieldStyle
    nonisolated public func textFieldStyle<S>(_ style: S) -> some View where S: TextFieldStyle { self }

    // Apple: /documentation/SwiftUI/View/buttonStyle(_:)-(PrimitiveButtonStyle) — nonisolated func buttonStyle<S>(_ style: S) -> some View where S : PrimitiveButtonStyle
    nonisolated public func buttonStyle<S>(_ style: S) -> some View where S: PrimitiveButtonStyle { self }

    // Apple: /documentation/SwiftUI/View/disabled(_:) — nonisolated func disabled(_ disabled: Bool) -> some View
    nonisolated public func disabled(_ disabled: Bool) -> some View { self }

    // Apple: /documentation/SwiftUI/View/opacity(_:) — nonisolated func opacity(_ opacity: Double) -> some View
    nonisolated public func opacity(_ opacity: Double) -> some View { self }

    // Apple: /documentation/SwiftUI/View/allowsHitTesting(_:) — nonisolated func allowsHitTesting(_ enabled: Bool) -> some View
    nonisolated public func allowsHitTesting(_ enabled: Bool) -> some View { self }

    // Apple: /documentation/SwiftUI/View/contentShape(_:eoFill:) — nonisolated func contentShape<S>(_ shape: S, eoFill: Bool = false) -> some View where S : Shape
    nonisolated public func contentShape<S>(_ shape: S, eoFill: Bool = false) -> some View where S: Shape { self }

    // Apple: /documentation/SwiftUI/View/frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)
    nonisolated public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                                  minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                                  alignment: Alignment = .center) -> some View { self }

    // Apple: /documentation/SwiftUI/View/accessibilityLabel(_:)-(Text) — nonisolated func accessibilityLabel(_ label: Text) -> some View (iOS 14)
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    nonisolated public func accessibilityLabel(_ label: Text) -> some View { self }

    // Apple: /documentation/SwiftUI/View/accessibilityIdentifier(_:) — nonisolated func accessibilityIdentifier(_ identifier: String) -> ModifiedContent<Self, AccessibilityAttachmentModifier> (iOS 14)
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    nonisolated public func accessibilityIdentifier(_ identifier: String) -> some View { self }

    // Apple: /documentation/SwiftUI/View/accessibilityHidden(_:) — nonisolated func accessibilityHidden(_ hidden: Bool) -> some View (iOS 14)
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    nonisolated public func accessibilityHidden(_ hidden: Bool) -> some View { self }

    // Apple: /documentation/SwiftUI/View/autocorrectionDisabled(_:) — nonisolated func autocorrectionDisabled(_ disable: Bool = true) -> some View (iOS 13)
    nonisolated public func autocorrectionDisabled(_ disable: Bool = true) -> some View { self }

    // Apple: /documentation/SwiftUI/View/focused(_:equals:)
    //   nonisolated func focused<Value>(_ binding: FocusState<Value>.Binding, equals value: Value) -> some View where Value : Hashable
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func focused<Value>(_ binding: FocusState<Value>.Binding, equals value: Value) -> some View
    where Value: Hashable { self }

    // Apple: /documentation/SwiftUI/View/submitLabel(_:) — nonisolated func submitLabel(_ submitLabel: SubmitLabel) -> some View (iOS 15)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func submitLabel(_ submitLabel: SubmitLabel) -> some View { self }

    // Apple: /documentation/SwiftUI/View/onSubmit(of:_:)
    //   nonisolated func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View (iOS 15)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View { self }

    // Apple: /documentation/SwiftUI/View/onAppear(perform:) — nonisolated func onAppear(perform action: (() -> Void)? = nil) -> some View
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }

    // Apple: /documentation/SwiftUI/View/onChange(of:initial:_:) (iOS 17, macOS 14)
    //   nonisolated func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View where V : Equatable
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View
    where V: Equatable { self }

    // Apple: /documentation/SwiftUI/View/onChange(of:initial:_:)-4psgg (iOS 17, macOS 14)
    //   nonisolated func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View where V : Equatable
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View
    where V: Equatable { self }

    // Apple: /documentation/SwiftUI/View/navigationTitle(_:)-(StringProtocol) — nonisolated func navigationTitle<S>(_ title: S) -> some View where S : StringProtocol
    @_disfavoredOverload
    nonisolated public func navigationTitle<S>(_ title: S) -> some View where S: StringProtocol { self }

    // Apple: /documentation/SwiftUI/View/toolbarTitleDisplayMode(_:) — nonisolated func toolbarTitleDisplayMode(_ mode: ToolbarTitleDisplayMode) -> some View (iOS 17, macOS 14)
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    nonisolated public func toolbarTitleDisplayMode(_ mode: ToolbarTitleDisplayMode) -> some View { self }

    // Apple: /documentation/SwiftUI/View/sheet(isPresented:onDismiss:content:)
    //   nonisolated func sheet<Content>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ContentBuilder content: @escaping () -> Content) -> some View where Content : View
    nonisolated public func sheet<Content>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                           @ViewBuilder content: @escaping () -> Content) -> some View where Content: View { self }

    // Apple: /documentation/SwiftUI/View/presentationDetents(_:) — nonisolated func presentationDetents(_ detents: Set<PresentationDetent>) -> some View (iOS 16)
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    nonisolated public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View { self }

    // Apple: /documentation/SwiftUI/View/interactiveDismissDisabled(_:) — nonisolated func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View (iOS 15)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
    nonisolated public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { self }

    #if canImport(UIKit)
    // Apple: /documentation/SwiftUI/View/textInputAutocapitalization(_:)
    //   nonisolated func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View (iOS 15; unavailable on macOS)
    @available(iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    @available(macOS, unavailable)
    nonisolated public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View { self }

    // Apple: /documentation/SwiftUI/View/keyboardType(_:) — nonisolated func keyboardType(_ type: UIKeyboardType) -> some View (iOS 13; unavailable on macOS, watchOS)
    @available(iOS 13.0, tvOS 13.0, *)
    @available(macOS, unavailable)
    @available(watchOS, unavailable)
    nonisolated public func keyboardType(_ type: UIKeyboardType) -> some View { self }

    // Apple: /documentation/SwiftUI/View/textContentType(_:)-(UITextContentType?) — nonisolated func textContentType(_ textContentType: UITextContentType?) -> some View (iOS 13; unavailable on macOS)
    @available(iOS 13.0, tvOS 13.0, *)
    @available(macOS, unavailable)
    nonisolated public func textContentType(_ textContentType: UITextContentType?) -> some View { self }
    #endif
}
