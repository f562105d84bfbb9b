// UIViewRepresentable: a UIKit view in a SwiftUI hierarchy (the new-password field with password
// rules, which SwiftUI's own text fields do not take).
#if canImport(UIKit)
import UIKit

// Apple: /documentation/SwiftUI/UIViewRepresentable
//   @MainActor @preconcurrency protocol UIViewRepresentable : View where Self.Body == Never (iOS 13, tvOS 13, visionOS 1)
@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
@MainActor @preconcurrency public protocol UIViewRepresentable: View where Self.Body == Never {
    associatedtype UIViewType: UIView
    associatedtype Coordinator = Void
    // Apple: /documentation/SwiftUI/UIViewRepresentable/Context — typealias Context = UIViewRepresentableContext<Self>
    typealias Context = UIViewRepresentableContext<Self>
    // Apple: /documentation/SwiftUI/UIViewRepresentable/makeUIView(context:)
    @MainActor @preconcurrency func makeUIView(context: Self.Context) -> Self.UIViewType
    // Apple: /documentation/SwiftUI/UIViewRepresentable/updateUIView(_:context:)
    @MainActor @preconcurrency func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)
    // Apple: /documentation/SwiftUI/UIViewRepresentable/makeCoordinator()
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
}

@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
extension UIViewRepresentable where Self.Coordinator == Void {
    // Apple: /documentation/SwiftUI/UIViewRepresentable/makeCoordinator() (the default when Coordinator is Void)
    public func makeCoordinator() -> Self.Coordinator { () }
}

@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
extension UIViewRepresentable {
    public var body: Never { fatalError("stand-in") }
}

// Apple: /documentation/SwiftUI/UIViewRepresentableContext
//   @MainActor @preconcurrency struct UIViewRepresentableContext<Representable> where Representable : UIViewRepresentable
@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
@MainActor @preconcurrency public struct UIViewRepresentableContext<Representable> where Representable: UIViewRepresentable {
    // Apple: /documentation/SwiftUI/UIViewRepresentableContext/coordinator — let coordinator: Representable.Coordinator
    public let coordinator: Representable.Coordinator
    // Apple: /documentation/SwiftUI/UIViewRepresentableContext/environment — var environment: EnvironmentValues { get }
    public var environment: EnvironmentValues { EnvironmentValues() }
}
#endif

extension EnvironmentValues {
    // Apple: /documentation/SwiftUI/EnvironmentValues/isEnabled — var isEnabled: Bool { get set }
    public var isEnabled: Bool {
        get { true }
        set {}
    }
}
