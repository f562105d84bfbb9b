/// Duration (macOS 13, iOS 16, tvOS 16, watchOS 9) under floors of macOS 12 and iOS 15.
public func requestTimeout() -> Duration {
    Duration.seconds(30)
}
