// Property wrappers and bindings: State, Binding, Bindable, ObservedObject, Environment,
// FocusState. Storage is a trivial box; nothing here renders or tracks dependencies.

/// Stand-in storage shared by the wrappers below.
@usableFromInline final class StandInBox<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

// Apple: /documentation/SwiftUI/State — @frozen @propertyWrapper struct State<Value>
//   extension State : DynamicProperty; extension State : Sendable where Value : Sendable
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper public struct State<Value>: DynamicProperty {
    private let box: StandInBox<Value>
    // Apple: /documentation/SwiftUI/State/init(wrappedValue:) — init(wrappedValue value: Value)
    public init(wrappedValue value: Value) { box = StandInBox(value) }
    // Apple: /documentation/SwiftUI/State/init(initialValue:) — init(initialValue value: Value)
    public init(initialValue value: Value) { box = StandInBox(value) }
    // Apple: /documentation/SwiftUI/State/wrappedValue — var wrappedValue: Value { get nonmutating set }
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
    // Apple: /documentation/SwiftUI/State/projectedValue — var projectedValue: Binding<Value> { get }
    public var projectedValue: Binding<Value> { Binding(standIn: ()) }
}

extension State: @unchecked Sendable where Value: Sendable {}

// Apple: /documentation/SwiftUI/Binding — @frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>
//   "A binding conforms to Sendable only if its wrapped value type also conforms to Sendable."
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    init(standIn: Void) {}
    // Apple: /documentation/SwiftUI/Binding/init(get:set:)-7ufcp
    //   @preconcurrency init(get: @escaping @isolated(any) @Sendable () -> Value,
    //                        set: @escaping @isolated(any) @Sendable (Value) -> Void)
    @preconcurrency public init(get: @escaping @isolated(any) @Sendable () -> Value,
                                set: @escaping @isolated(any) @Sendable (Value) -> Void) {}
    // Apple: /documentation/SwiftUI/Binding/init(projectedValue:) — init(projectedValue: Binding<Value>)
    public init(projectedValue: Binding<Value>) {}
    // Apple: /documentation/SwiftUI/Binding/wrappedValue — var wrappedValue: Value { get nonmutating set }
    public var wrappedValue: Value {
        get { fatalError("stand-in") }
        nonmutating set {}
    }
    // Apple: /documentation/SwiftUI/Binding/projectedValue — var projectedValue: Binding<Value> { get }
    public var projectedValue: Binding<Value> { self }
    // Apple: /documentation/SwiftUI/Binding/subscript(dynamicMember:)
    //   subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { get }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { Binding<Subject>(standIn: ()) }
}

extension Binding: @unchecked Sendable where Value: Sendable {}

// Apple: /documentation/SwiftUI/Bindable — @dynamicMemberLookup @propertyWrapper struct Bindable<Value> (iOS 17, macOS 14)
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@dynamicMemberLookup @propertyWrapper public struct Bindable<Value> {
    private var value: Value
    // Apple: /documentation/SwiftUI/Bindable/wrappedValue — var wrappedValue: Value
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }
    // Apple: /documentation/SwiftUI/Bindable/projectedValue — var projectedValue: Bindable<Value> { get }
    public var projectedValue: Bindable<Value> { self }
    // Apple: /documentation/SwiftUI/Bindable/subscript(dynamicMember:)
    //   subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> where Value : AnyObject { get }
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject>
    where Value: AnyObject { Binding<Subject>(standIn: ()) }

    // The initializers carry `where Value : AnyObject, Value : Observable` (Apple's documented
    // constraint). They are declared in the type itself: that is what lets a view's memberwise
    // initializer take the object (`Row(state: state)` for `@Bindable var state`), as apps do.
    // Apple: /documentation/SwiftUI/Bindable/init(wrappedValue:) — init(wrappedValue: Value)
    public init(wrappedValue: Value) where Value: AnyObject, Value: Observable { value = wrappedValue }
    // Apple: /documentation/SwiftUI/Bindable/init(_:) — init(_ wrappedValue: Value)
    public init(_ wrappedValue: Value) where Value: AnyObject, Value: Observable { value = wrappedValue }
    // Apple: /documentation/SwiftUI/Bindable/init(projectedValue:) — init(projectedValue: Bindable<Value>)
    public init(projectedValue: Bindable<Value>) where Value: AnyObject, Value: Observable { self = projectedValue }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable: DynamicProperty {}

// Apple: /documentation/SwiftUI/ObservedObject
//   @MainActor @propertyWrapper @preconcurrency @frozen struct ObservedObject<ObjectType> where ObjectType : ObservableObject
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @propertyWrapper @preconcurrency @frozen
public struct ObservedObject<ObjectType>: DynamicProperty where ObjectType: ObservableObject {
    // Apple: /documentation/SwiftUI/ObservedObject/Wrapper — @MainActor @dynamicMemberLookup @preconcurrency @frozen struct Wrapper (Sendable)
    @MainActor @dynamicMemberLookup @preconcurrency @frozen public struct Wrapper: Sendable {
        // Apple: /documentation/SwiftUI/ObservedObject/Wrapper/subscript(dynamicMember:)
        //   @MainActor @preconcurrency subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> { get }
        @MainActor @preconcurrency
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            Binding<Subject>(standIn: ())
        }
    }

    private let object: ObjectType
    // Apple: /documentation/SwiftUI/ObservedObject/init(wrappedValue:) — @MainActor @preconcurrency init(wrappedValue: ObjectType)
    @MainActor @preconcurrency public init(wrappedValue: ObjectType) { object = wrappedValue }
    // Apple: /documentation/SwiftUI/ObservedObject/init(initialValue:) — @MainActor @preconcurrency init(initialValue: ObjectType)
    @MainActor @preconcurrency public init(initialValue: ObjectType) { object = initialValue }
    // Apple: /documentation/SwiftUI/ObservedObject/wrappedValue — @MainActor @preconcurrency var wrappedValue: ObjectType
    @MainActor @preconcurrency public var wrappedValue: ObjectType { object }
    // Apple: /documentation/SwiftUI/ObservedObject/projectedValue — @MainActor @preconcurrency var projectedValue: ObservedObject<ObjectType>.Wrapper { get }
    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper { Wrapper() }
}

// Apple: /documentation/SwiftUI/Environment — @frozen @propertyWrapper struct Environment<Value>; DynamicProperty
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper public struct Environment<Value>: DynamicProperty {
    // Apple: /documentation/SwiftUI/Environment/init(_:) — init(_ keyPath: KeyPath<EnvironmentValues, Value>)
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    // Apple: /documentation/SwiftUI/Environment/wrappedValue — var wrappedValue: Value { get }
    public var wrappedValue: Value { fatalError("stand-in") }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Environment where Value: AnyObject, Value: Observable {
    // Apple: /documentation/SwiftUI/Environment/init(_:)-(Value.Type)
    //   init(_ objectType: Value.Type) where Value : AnyObject, Value : Observable
    public init(_ objectType: Value.Type) {}
}

// Apple: /documentation/SwiftUI/FocusState — @frozen @propertyWrapper struct FocusState<Value> where Value : Hashable (iOS 15, macOS 12)
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
@frozen @propertyWrapper public struct FocusState<Value>: DynamicProperty where Value: Hashable {
    // Apple: /documentation/SwiftUI/FocusState/Binding — @frozen @propertyWrapper struct Binding
    @frozen @propertyWrapper public struct Binding {
        init(standIn: Void) {}
        // Apple: /documentation/SwiftUI/FocusState/Binding/wrappedValue — var wrappedValue: Value { get nonmutating set }
        public var wrappedValue: Value {
            get { fatalError("stand-in") }
            nonmutating set {}
        }
        // Apple: /documentation/SwiftUI/FocusState/Binding/projectedValue — var projectedValue: FocusState<Value>.Binding { get }
        public var projectedValue: FocusState<Value>.Binding { self }
    }

    private let box: StandInBox<Value>
    // Apple: /documentation/SwiftUI/FocusState/wrappedValue — var wrappedValue: Value { get nonmutating set }
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }
    // Apple: /documentation/SwiftUI/FocusState/projectedValue — var projectedValue: FocusState<Value>.Binding { get }
    public var projectedValue: FocusState<Value>.Binding { Binding(standIn: ()) }

    // Declared in the type itself, so that `@FocusState private var focus: Field?` needs no
    // initial value (Apple's documented usage).
    // Apple: /documentation/SwiftUI/FocusState/init()-(Value==Bool) — init() where Value == Bool
    public init() where Value == Bool { box = StandInBox(false) }
    // Apple: /documentation/SwiftUI/FocusState/init()-(Value==T?) — init<T>() where Value == T?, T : Hashable
    public init<T>() where Value == T?, T: Hashable { box = StandInBox(nil) }
}

// Apple: /documentation/SwiftUI/EnvironmentValues — struct EnvironmentValues
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct EnvironmentValues {
    // Apple: /documentation/SwiftUI/EnvironmentValues/init()
    public init() {}
    // Apple: /documentation/SwiftUI/EnvironmentValues/subscript(_:)
    //   subscript<K>(key: K.Type) -> K.Value where K : EnvironmentKey { get set }
    public subscript<K>(key: K.Type) -> K.Value where K: EnvironmentKey {
        get { K.defaultValue }
        set {}
    }
    // Apple: /documentation/SwiftUI/EnvironmentValues/locale — var locale: Locale { get set }
    public var locale: Locale {
        get { Locale(identifier: "en_US") }
        set {}
    }
}

// Apple: /documentation/SwiftUI/EnvironmentKey — protocol EnvironmentKey
//   associatedtype Value; static var defaultValue: Self.Value { get }
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Self.Value { get }
}

extension View {
    // Apple: /documentation/SwiftUI/View/environment(_:_:)
    //   nonisolated func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View { self }

    // Apple: /documentation/SwiftUI/View/environment(_:) (iOS 17, macOS 14)
    //   nonisolated func environment<T>(_ object: T?) -> some View where T : AnyObject, T : Observable
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    nonisolated public func environment<T>(_ object: T?) -> some View where T: AnyObject, T: Observable { self }
}
