// Stand-in for Apple's Combine: only the declarations ThunderID and the check's tests use, with
// the signatures of Apple's current SDK. Each declaration names the Apple documentation symbol
// it models (https://developer.apple.com/documentation/combine/...). Bodies are trivial; the
// publisher delivers synchronously so the announcement tests can observe it.
import Foundation

// Apple: /documentation/Combine/Publisher
//   protocol Publisher<Output, Failure>
//   associatedtype Output; associatedtype Failure : Error
//   func receive<S>(subscriber: S) where S : Subscriber, Self.Failure == S.Failure, Self.Output == S.Input
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
    func receive<S>(subscriber: S) where S: Subscriber, Self.Failure == S.Failure, Self.Output == S.Input
}

// Apple: /documentation/Combine/Subscriber
//   protocol Subscriber<Input, Failure> : CustomCombineIdentifierConvertible
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error
    func receive(subscription: any Subscription)
    func receive(_ input: Self.Input) -> Subscribers.Demand
    func receive(completion: Subscribers.Completion<Self.Failure>)
}

// Apple: /documentation/Combine/CustomCombineIdentifierConvertible
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol CustomCombineIdentifierConvertible {
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    // Apple: /documentation/Combine/CustomCombineIdentifierConvertible/combineIdentifier-(Self:AnyObject)
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}

// Apple: /documentation/Combine/CombineIdentifier — struct CombineIdentifier : Hashable
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct CombineIdentifier: Hashable {
    private let id: ObjectIdentifier?
    private let serial: UUID
    // Apple: /documentation/Combine/CombineIdentifier/init()
    public init() { id = nil; serial = UUID() }
    // Apple: /documentation/Combine/CombineIdentifier/init(_:)
    public init(_ obj: AnyObject) { id = ObjectIdentifier(obj); serial = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
}

// Apple: /documentation/Combine/Cancellable — protocol Cancellable { func cancel() }
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol Cancellable {
    func cancel()
}

// Apple: /documentation/Combine/Subscription — protocol Subscription : Cancellable, CustomCombineIdentifierConvertible
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    func request(_ demand: Subscribers.Demand)
}

// Apple: /documentation/Combine/Subscribers
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public enum Subscribers {
    // Apple: /documentation/Combine/Subscribers/Demand — @frozen struct Demand
    @frozen public struct Demand: Equatable, Hashable, Sendable {
        private let count: Int?
        // Apple: /documentation/Combine/Subscribers/Demand/unlimited
        public static let unlimited = Demand(count: nil)
        // Apple: /documentation/Combine/Subscribers/Demand/none
        public static let none = Demand(count: 0)
        // Apple: /documentation/Combine/Subscribers/Demand/max(_:)
        public static func max(_ value: Int) -> Demand { Demand(count: value) }
    }

    // Apple: /documentation/Combine/Subscribers/Completion — @frozen enum Completion<Failure> where Failure : Error
    @frozen public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }

    // Apple: /documentation/Combine/Subscribers/Sink — final class Sink<Input, Failure> where Failure : Error
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable {
        // Apple: /documentation/Combine/Subscribers/Sink/receiveValue
        public let receiveValue: (Input) -> Void
        // Apple: /documentation/Combine/Subscribers/Sink/receiveCompletion
        public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
        private var subscription: (any Subscription)?

        // Apple: /documentation/Combine/Subscribers/Sink/init(receiveCompletion:receiveValue:)
        public init(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                    receiveValue: @escaping (Input) -> Void) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        public func receive(subscription: any Subscription) {
            self.subscription = subscription
            subscription.request(.unlimited)
        }

        public func receive(_ value: Input) -> Subscribers.Demand {
            receiveValue(value)
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            receiveCompletion(completion)
        }

        public func cancel() {
            subscription?.cancel()
            subscription = nil
        }
    }
}

// Apple: /documentation/Combine/AnyCancellable — final class AnyCancellable
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public final class AnyCancellable: Cancellable, Hashable {
    private var onCancel: (() -> Void)?

    // Apple: /documentation/Combine/AnyCancellable/init(_:)-6c2z5 — init(_ cancel: @escaping () -> Void)
    public init(_ cancel: @escaping () -> Void) { onCancel = cancel }

    // Apple: /documentation/Combine/AnyCancellable/cancel()
    public func cancel() {
        onCancel?()
        onCancel = nil
    }

    deinit { onCancel?() }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension Publisher where Self.Failure == Never {
    // Apple: /documentation/Combine/Publisher/sink(receiveValue:)
    //   func sink(receiveValue: @escaping ((Self.Output) -> Void)) -> AnyCancellable
    public func sink(receiveValue: @escaping ((Self.Output) -> Void)) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: { _ in }, receiveValue: receiveValue)
        receive(subscriber: sink)
        return AnyCancellable { sink.cancel() }
    }
}

// Apple: /documentation/Combine/ObservableObject
//   protocol ObservableObject : AnyObject
//   associatedtype ObjectWillChangePublisher : Publisher = ObservableObjectPublisher
//       where Self.ObjectWillChangePublisher.Failure == Never
//   var objectWillChange: Self.ObjectWillChangePublisher { get }
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
        where Self.ObjectWillChangePublisher.Failure == Never
    var objectWillChange: Self.ObjectWillChangePublisher { get }
}

extension ObservableObject where Self.ObjectWillChangePublisher == ObservableObjectPublisher {
    // Apple: /documentation/Combine/ObservableObject/objectWillChange-5gopl
    //   var objectWillChange: ObservableObjectPublisher { get }
    // Synthesized and stable per instance (Combine keeps it with the object); here a side table.
    public var objectWillChange: ObservableObjectPublisher { PublisherTable.publisher(for: self) }
}

/// Stand-in storage for the synthesized `objectWillChange` of each object.
private enum PublisherTable {
    private final class Entry {
        weak var object: AnyObject?
        let publisher = ObservableObjectPublisher()
        init(_ object: AnyObject) { self.object = object }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var entries: [ObjectIdentifier: Entry] = [:]

    static func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        lock.lock()
        defer { lock.unlock() }
        let id = ObjectIdentifier(object)
        if let entry = entries[id], entry.object === object { return entry.publisher }
        let entry = Entry(object)
        entries[id] = entry
        return entry.publisher
    }
}

// Apple: /documentation/Combine/ObservableObjectPublisher — final class ObservableObjectPublisher
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public final class ObservableObjectPublisher: Publisher {
    // Apple: /documentation/Combine/ObservableObjectPublisher/Output — typealias Output = Void
    public typealias Output = Void
    // Apple: /documentation/Combine/ObservableObjectPublisher/Failure — typealias Failure = Never
    public typealias Failure = Never

    private final class Link: Subscription {
        let deliver: () -> Void
        weak var owner: ObservableObjectPublisher?
        init(owner: ObservableObjectPublisher, deliver: @escaping () -> Void) {
            self.owner = owner
            self.deliver = deliver
        }
        func request(_ demand: Subscribers.Demand) {}
        func cancel() { owner?.links.removeAll { $0 === self } }
    }

    private var links: [Link] = []

    // Apple: /documentation/Combine/ObservableObjectPublisher/init()
    public init() {}

    // Apple: /documentation/Combine/ObservableObjectPublisher/receive(subscriber:)
    public func receive<S>(subscriber: S) where S: Subscriber, S.Failure == Never, S.Input == Void {
        let link = Link(owner: self) { _ = subscriber.receive(()) }
        links.append(link)
        subscriber.receive(subscription: link)
    }

    // Apple: /documentation/Combine/ObservableObjectPublisher/send()
    public func send() {
        for link in links { link.deliver() }
    }
}
