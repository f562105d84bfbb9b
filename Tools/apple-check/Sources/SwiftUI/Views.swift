// Built-in views used by the ThunderID views and the seed's snippets. Apple declares these view
// types `nonisolated` with `nonisolated` initializers; their body type is `Never`.
#if canImport(UIKit)
import UIKit
#endif

// Apple: /documentation/SwiftUI/LocalizedStringKey — @frozen struct LocalizedStringKey : ExpressibleByStringInterpolation
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, Sendable {
    private let key: String
    // Apple: /documentation/SwiftUI/LocalizedStringKey/init(_:) — init(_ value: String)
    public init(_ value: String) { key = value }
    // Apple: /documentation/SwiftUI/LocalizedStringKey/init(stringLiteral:) — init(stringLiteral value: String)
    public init(stringLiteral value: String) { key = value }
    // Apple: /documentation/SwiftUI/LocalizedStringKey/init(stringInterpolation:)
    public init(stringInterpolation: LocalizedStringKey.StringInterpolation) { key = stringInterpolation.text }

    // Apple: /documentation/SwiftUI/LocalizedStringKey/StringInterpolation — struct StringInterpolation : StringInterpolationProtocol
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        // Apple: /documentation/SwiftUI/LocalizedStringKey/StringInterpolation/init(literalCapacity:interpolationCount:)
        public init(literalCapacity: Int, interpolationCount: Int) {}
        // Apple: /documentation/SwiftUI/LocalizedStringKey/StringInterpolation/appendLiteral(_:)
        public mutating func appendLiteral(_ literal: String) { text += literal }
        // Apple: /documentation/SwiftUI/LocalizedStringKey/StringInterpolation/appendInterpolation(_:)-(String)
        //   mutating func appendInterpolation(_ string: String)
        public mutating func appendInterpolation(_ string: String) { text += "%@" }
    }
}

// Apple: /documentation/SwiftUI/Text — @frozen struct Text (nonisolated)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen nonisolated public struct Text: View, Equatable {
    // Apple: /documentation/SwiftUI/Text/init(_:tableName:bundle:comment:)
    //   init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil)
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {}
    // Apple: /documentation/SwiftUI/Text/init(_:)-(StringProtocol) — init<S>(_ content: S) where S : StringProtocol
    @_disfavoredOverload public init<S>(_ content: S) where S: StringProtocol {}
    public var body: Never { fatalError("stand-in") }
}

// Apple: /documentation/SwiftUI/Image — @frozen struct Image (nonisolated)
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen nonisolated public struct Image: View, Equatable {
    // Apple: /documentation/SwiftUI/Image/init(systemName:) — init(systemName: String)
    public init(systemName: String) {}
    public var body: Never { fatalError("stand-in") }
}

// Apple: /documentation/SwiftUI/HorizontalAlignment — @frozen struct HorizontalAlignment
@frozen public struct HorizontalAlignment: Equatable, Sendable {
    private let id: Int
    // Apple: /documentation/SwiftUI/HorizontalAlignment/leading
    public static let leading = HorizontalAlignment(id: 0)
    // Apple: /documentation/SwiftUI/HorizontalAlignment/center
    public static let center = HorizontalAlignment(id: 1)
}

// Apple: /documentation/SwiftUI/VerticalAlignment — @frozen struct VerticalAlignment
@frozen public struct VerticalAlignment: Equatable, Sendable {
    private let id: Int
    // Apple: /documentation/SwiftUI/VerticalAlignment/center
    public static let center = VerticalAlignment(id: 1)
}

// Apple: /documentation/SwiftUI/Alignment — @frozen struct Alignment
@frozen public struct Alignment: Equatable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    // Apple: /documentation/SwiftUI/Alignment/center
    public static let center = Alignment(horizontal: .center, vertical: .center)
}

// Apple: /documentation/SwiftUI/VStack — @frozen struct VStack<Content> where Content : View
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen nonisolated public struct VStack<Content>: View where Content: View {
    // Apple: /documentation/SwiftUI/VStack/init(alignment:spacing:content:)
    //   nonisolated init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ContentBuilder content: () -> Content)
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError("stand-in") }
}

// Apple: /documentation/SwiftUI/HStack — @frozen struct HStack<Content> where Content : View
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen nonisolated public struct HStack<Content>: View where Content: View {
    // Apple: /documentation/SwiftUI/HStack/init(alignment:spacing:content:)
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError("stand-in") }
}

// Apple: /documentation/SwiftUI/ZStack — @frozen struct ZStack<Content> where Content : View
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen nonisolated public struct ZStack<Content>: View where Content: View {
    // Apple: /documentation/SwiftUI/ZStack/init(alignment:content:)
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError("stand-in") }
}

// Apple: /documentation/SwiftUI/Spacer — @frozen struct Spacer
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen nonisolated public struct Spacer: View {
    // Apple: /documentation/SwiftUI/Spacer/init(minLength:) — init(minLength: CGFloat? = nil)
    public init(minLength: CGFloat? = nil) {}
    public var body: Never { fatalError("stand-in") }
}

// Apple: /documentation/SwiftUI/Button — struct Button<Label> where Label : View
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated public struct Button<Label>: View where Label: View {
    // Apple: /documentation/SwiftUI/Button/init(action:label:)
    //   @preconcurrency init(action: @escaping @MainActor () -> Void, @ContentBuilder label: () -> Label)
    @preconcurrency public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
    public var body: Never { fatalError("stand-in") }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Button where Label == Text {
    // Apple: /documentation/SwiftUI/Button/init(_:action:)-(LocalizedStringKey)
    //   @preconcurrency init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void)
    @preconcurrency public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
    // Apple: /documentation/SwiftUI/Button/init(_:action:)-(StringProtocol)
    //   @preconcurrency init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S : StringProtocol
    @_disfavoredOverload @preconcurrency
    public init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S: StringProtocol {}
}

// Apple: /documentation/SwiftUI/SecureField — struct SecureField<Label> where Label : View
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated public struct SecureField<Label>: View where Label: View {
    public var body: Never { fatalError("stand-in") }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension SecureField where Label == Text {
    // Apple: /documentation/SwiftUI/SecureField/init(_:text:)-(LocalizedStringKey)
    //   init(_ titleKey: LocalizedStringKey, text: Binding<String>)
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
    // Apple: /documentation/SwiftUI/SecureField/init(_:text:)-(StringProtocol)
    //   init<S>(_ title: S, text: Binding<String>) where S : StringProtocol
    @_disfavoredOverload public init<S>(_ title: S, text: Binding<String>) where S: StringProtocol {}
}

// Apple: /documentation/SwiftUI/TextField — struct TextField<Label> where Label : View
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated public struct TextField<Label>: View where Label: View {
    public var body: Never { fatalError("stand-in") }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension TextField where Label == Text {
    // Apple: /documentation/SwiftUI/TextField/init(_:text:)-(StringProtocol)
    //   init<S>(_ title: S, text: Binding<String>) where S : StringProtocol
    @_disfavoredOverload public init<S>(_ title: S, text: Binding<String>) where S: StringProtocol {}
}

// Apple: /documentation/SwiftUI/Label — struct Label<Title, Icon> where Title : View, Icon : View
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
nonisolated public struct Label<Title, Icon>: View where Title: View, Icon: View {
    public var body: Never { fatalError("stand-in") }
}

// Apple: /documentation/SwiftUI/ContentUnavailableView (iOS 17, macOS 14)
//   struct ContentUnavailableView<Label, Description, Actions> where Label : View, Description : View, Actions : View
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
nonisolated public struct ContentUnavailableView<Label, Description, Actions>: View
where Label: View, Description: View, Actions: View {
    public var body: Never { fatalError("stand-in") }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension ContentUnavailableView where Label == SwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    // Apple: /documentation/SwiftUI/ContentUnavailableView/init(_:systemImage:description:)-(StringProtocol)
    //   init<S>(_ title: S, systemImage name: String, description: Text? = nil) where S : StringProtocol
    @_disfavoredOverload public init<S>(_ title: S, systemImage name: String, description: Text? = nil) where S: StringProtocol {}
}

// Apple: /documentation/SwiftUI/ProgressView — struct ProgressView<Label, CurrentValueLabel> where Label : View, CurrentValueLabel : View
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
nonisolated public struct ProgressView<Label, CurrentValueLabel>: View where Label: View, CurrentValueLabel: View {
    public var body: Never { fatalError("stand-in") }
}

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
extension ProgressView where CurrentValueLabel == EmptyView {
    // Apple: /documentation/SwiftUI/ProgressView/init(_:)-(StringProtocol)
    //   init<S>(_ title: S) where Label == Text, S : StringProtocol
    @_disfavoredOverload public init<S>(_ title: S) where Label == Text, S: StringProtocol {}
}

// Apple: /documentation/SwiftUI/Form — struct Form<Content> where Content : View
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated public struct Form<Content>: View where Content: View {
    // Apple: /documentation/SwiftUI/Form/init(content:) — init(@ContentBuilder content: () -> Content)
    public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError("stand-in") }
}

// Apple: /documentation/SwiftUI/Section — struct Section<Parent, Content, Footer>
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
nonisolated public struct Section<Parent, Content, Footer> {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Section: View where Parent: View, Content: View, Footer: View {
    public var body: Never { fatalError("stand-in") }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Section where Parent == EmptyView, Content: View, Footer: View {
    // Apple: /documentation/SwiftUI/Section/init(content:footer:)
    //   init(@ContentBuilder content: () -> Content, @ContentBuilder footer: () -> Footer)
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {}
}

// Apple: /documentation/SwiftUI/NavigationPath — struct NavigationPath
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
public struct NavigationPath {}

// Apple: /documentation/SwiftUI/NavigationStack — struct NavigationStack<Data, Root> where Root : View (iOS 16, macOS 13)
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
nonisolated public struct NavigationStack<Data, Root>: View where Root: View {
    public var body: Never { fatalError("stand-in") }
}

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
extension NavigationStack where Data == NavigationPath {
    // Apple: /documentation/SwiftUI/NavigationStack/init(root:) — init(@ContentBuilder root: () -> Root) where Data == NavigationPath
    public init(@ViewBuilder root: () -> Root) {}
}

// Apple: /documentation/SwiftUI/Shape — protocol Shape : Sendable, Animatable, View
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol Shape: Sendable, View {}

// Apple: /documentation/SwiftUI/Rectangle — @frozen struct Rectangle : Shape
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen nonisolated public struct Rectangle: Shape {
    // Apple: /documentation/SwiftUI/Rectangle/init()
    public init() {}
    public var body: Never { fatalError("stand-in") }
}
