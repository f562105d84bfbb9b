// Toolbars: the `toolbar(content:)` modifier, ToolbarItem and its builder.

// Apple: /documentation/SwiftUI/ToolbarContent — @MainActor @preconcurrency protocol ToolbarContent
//   associatedtype Body : ToolbarContent; @ToolbarContentBuilder var body: Self.Body { get }
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency public protocol ToolbarContent {
    associatedtype Body: ToolbarContent
    @ToolbarContentBuilder var body: Self.Body { get }
}

extension Never: ToolbarContent {}

// Apple: /documentation/SwiftUI/ToolbarItemPlacement — struct ToolbarItemPlacement
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
public struct ToolbarItemPlacement: Sendable {
    private let id: Int
    // Apple: /documentation/SwiftUI/ToolbarItemPlacement/automatic — static let automatic: ToolbarItemPlacement
    public static let automatic = ToolbarItemPlacement(id: 0)
    // Apple: /documentation/SwiftUI/ToolbarItemPlacement/confirmationAction — static let confirmationAction: ToolbarItemPlacement
    public static let confirmationAction = ToolbarItemPlacement(id: 1)
    // Apple: /documentation/SwiftUI/ToolbarItemPlacement/cancellationAction — static let cancellationAction: ToolbarItemPlacement
    public static let cancellationAction = ToolbarItemPlacement(id: 2)
}

// Apple: /documentation/SwiftUI/ToolbarItem — nonisolated struct ToolbarItem<ID, Content> where Content : View
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
nonisolated public struct ToolbarItem<ID, Content>: ToolbarContent where Content: View {
    public var body: Never { return fatalError("stand-in") }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension ToolbarItem where ID == () {
    // Apple: /documentation/SwiftUI/ToolbarItem/init(placement:content:)
    //   nonisolated init(placement: ToolbarItemPlacement = .automatic, @ContentBuilder content: () -> Content)
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}

// Apple: /documentation/SwiftUI/TupleToolbarContent — struct TupleToolbarContent<T> : ToolbarContent
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
nonisolated public struct TupleToolbarContent<T>: ToolbarContent {
    public var body: Never { return fatalError("stand-in") }
}

// Apple: /documentation/SwiftUI/ToolbarContentBuilder — @resultBuilder struct ToolbarContentBuilder
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@resultBuilder public struct ToolbarContentBuilder {
    // Apple: /documentation/SwiftUI/ToolbarContentBuilder/buildExpression(_:) — static func buildExpression<Content>(_ content: Content) -> Content where Content : ToolbarContent
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: ToolbarContent { content }
    // Apple: /documentation/SwiftUI/ToolbarContentBuilder/buildBlock(_:)-(ToolbarContent) — static func buildBlock<Content>(_ content: Content) -> some ToolbarContent where Content : ToolbarContent
    public static func buildBlock<Content>(_ content: Content) -> some ToolbarContent where Content: ToolbarContent { content }
    // Apple: /documentation/SwiftUI/ToolbarContentBuilder/buildBlock(_:_:)
    //   static func buildBlock<C0, C1>(_ c0: C0, _ c1: C1) -> some ToolbarContent where C0 : ToolbarContent, C1 : ToolbarContent
    public static func buildBlock<C0, C1>(_ c0: C0, _ c1: C1) -> some ToolbarContent where C0: ToolbarContent, C1: ToolbarContent {
        TupleToolbarContent<(C0, C1)>()
    }
}

extension View {
    // Apple: /documentation/SwiftUI/View/toolbar(content:)-(ToolbarContent)
    //   nonisolated func toolbar<Content>(@ToolbarContentBuilder content: () -> Content) -> some View where Content : ToolbarContent
    @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
    nonisolated public func toolbar<Content>(@ToolbarContentBuilder content: () -> Content) -> some View where Content: ToolbarContent { self }
}
