#if canImport(CCurl)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Starts `CurlTransport`'s detached worker threads. Unlike `Thread.start()`, it reports a failed
/// `pthread_create`, so the request can end with the error rather than wait for work that never runs.
enum WorkerThread {
    /// Runs `body` once on a new detached thread; returns 0, or `pthread_create`'s error (then `body`
    /// never runs).
    static func start(_ body: @escaping @Sendable () -> Void) -> Int32 {
        let work = Unmanaged.passRetained(Work(body: body))
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        let result = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            let work = Unmanaged<Work>.fromOpaque(context).takeRetainedValue()
            work.body()
            return nil
        }, work.toOpaque())
        if result != 0 { work.release() }
        return result
    }

    /// What a thread runs, handed over as one retained reference.
    private final class Work {
        let body: @Sendable () -> Void

        init(body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }
}
#endif
