#if canImport(CCurl)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Starts the detached threads `CurlTransport`'s transfers run on, and says when one could not start.
///
/// Foundation's `Thread.start()` returns nothing when `pthread_create` fails (a process or user at its
/// thread limit, no memory for a stack): the thread's work silently never runs. Here the caller gets
/// the error and can end the request with it.
enum WorkerThread {
    /// Runs `body` once on a new detached thread. Returns 0, or the error number `pthread_create`
    /// returned (`EAGAIN` at a thread limit), in which case `body` never runs.
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
