// Stand-in for Apple's SwiftUI: only the declarations that Sources/ThunderIDSwiftUI and the
// seed's snippets use, with the signatures, isolation, generic constraints and availability of
// Apple's current SDK. Each declaration names the Apple documentation symbol it models
// (https://developer.apple.com/documentation/swiftui/...). Bodies are trivial: the module exists
// so that `canImport(SwiftUI)` is true and the real views type-check on Linux.
@_exported import Combine
@_exported import Foundation
@_exported import Observation

// Apple: /documentation/SwiftUI/View — @MainActor @preconcurrency protocol View
//   associatedtype Body : View
//   @ContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

// Apple: /documentation/SwiftUI/ViewModifier — @MainActor @preconcurrency protocol ViewModifier
//   associatedtype Body : View
//   @ContentBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
//   typealias Content (= _ViewModifier_Content<Self>)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
    typealias Content = _ViewModifier_Content<Self>
}

// Apple: ViewModifier.Content (the proxy passed to body(content:)); a view.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { fatalError("stand-in") }
}

// Apple: /documentation/Swift/Never (SwiftUI: extension Never : View)
extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("stand-in") }
}

// Apple: /documentation/SwiftUI/ModifiedContent — @frozen struct ModifiedContent<Content, Modifier>
//   extension ModifiedContent : View where Content : View, Modifier : ViewModifier
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen nonisolated public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    // Apple: /documentation/SwiftUI/ModifiedContent/init(content:modifier:) — nonisolated init(content: Content, modifier: Modifier)
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: Never { fatalError("stand-in") }
}

extension View {
    // Apple: /documentation/SwiftUI/View/modifier(_:) — nonisolated func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T>
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

// Apple: /documentation/SwiftUI/ContentBuilder — typealias ContentBuilder = ViewBuilder
public typealias ContentBuilder = ViewBuilder

// Apple: /documentation/SwiftUI/ViewBuilder — @resultBuilder struct ViewBuilder
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@resultBuilder public struct ViewBuilder {
    // Apple: /documentation/SwiftUI/ViewBuilder/buildExpression(_:) — static func buildExpression<Content>(_ content: Content) -> Content where Content : View
    public static func buildExpression<Content>(_ content: Content) -> Content where Content: View { content }
    // Apple: /documentation/SwiftUI/ViewBuilder/buildBlock() — static func buildBlock() -> EmptyView
    public static func buildBlock() -> EmptyView { EmptyView() }
    // Apple: /documentation/SwiftUI/ViewBuilder/buildBlock(_:) — static func buildBlock<Content>(_ content: Content) -> Content where Content : View
    public static func buildBlock<Content>(_ content: Content) -> Content where Content: View { content }
    // Apple: /documentation/SwiftUI/ViewBuilder/buildBlock(_:)-(repeat each Content)
    //   static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)> where repeat each Content : View
    public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)>
    where repeat each Content: View {
        TupleView((repeat each content))
    }
    // Apple: /documentation/SwiftUI/ViewBuilder/buildIf(_:) — static func buildIf<Content>(_ content: Content?) -> Content? where Content : View
    public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View { content }
    // Apple: /documentation/SwiftUI/ViewBuilder/buildEither(first:)
    //   static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent : View, FalseContent : View
    public static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent>
    where TrueContent: View, FalseContent: View {
        _ConditionalContent(storage: .trueContent(first))
    }
    // Apple: /documentation/SwiftUI/ViewBuilder/buildEither(second:)
    public static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent>
    where TrueContent: View, FalseContent: View {
        _ConditionalContent(storage: .falseContent(second))
    }
}

// Apple: /documentation/SwiftUI/TupleView — @frozen struct TupleView<T>
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen nonisolated public struct TupleView<T>: View {
    public var value: T
    // Apple: /documentation/SwiftUI/TupleView/init(_:)
    public init(_ value: T) { self.value = value }
    public var body: Never { fatalError("stand-in") }
}

// Apple: /documentation/SwiftUI/_ConditionalContent — @frozen struct _ConditionalContent<TrueContent, FalseContent>
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen nonisolated public struct _ConditionalContent<TrueContent, FalseContent> {
    public enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    let storage: Storage
    init(storage: Storage) { self.storage = storage }
}

extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
    public var body: Never { fatalError("stand-in") }
}

// Apple: /documentation/Swift/Optional (SwiftUI: extension Optional : View where Wrapped : View)
extension Optional: View where Wrapped: View {
    public var body: Never { fatalError("stand-in") }
}

// Apple: /documentation/SwiftUI/EmptyView — @frozen struct EmptyView
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen nonisolated public struct EmptyView: View {
    // Apple: /documentation/SwiftUI/EmptyView/init()
    public init() {}
    public var body: Never { fatalError("stand-in") }
}

// Apple: /documentation/SwiftUI/DynamicProperty — protocol DynamicProperty
public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    // Apple: /documentation/SwiftUI/DynamicProperty/update()
    public mutating func update() {}
}
