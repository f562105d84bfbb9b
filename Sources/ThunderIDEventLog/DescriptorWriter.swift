#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes bytes to a file descriptor with `write(2)`: never traps, is never killed by `SIGPIPE`,
/// and says why it stopped instead.
///
/// swift-corelibs-foundation's `FileHandle.write(_:)` traps on a failed write (`ENOSPC`, `EBADF`,
/// `EPIPE`), and a pipe whose reader left raises `SIGPIPE`, which kills the process. Every log
/// line the package writes to standard error goes through here.
///
/// - `EINTR` is retried, a short write goes on with the rest, and `EAGAIN` waits up to
///   ``blockedWriteTimeoutMilliseconds`` for room; any other error ends the write and is returned.
/// - Darwin: `F_SETNOSIGPIPE` on the descriptor turns the signal into an `EPIPE` error.
/// - Linux: `SIGPIPE` is blocked for the calling thread around the write; one the write raised is
///   taken off with `sigtimedwait` before the old mask comes back (one pending before it stays).
package enum DescriptorWriter {
    /// How long a write waits for room on a non-blocking descriptor that is full, in milliseconds.
    package static let blockedWriteTimeoutMilliseconds: Int32 = 1000

    /// Why a write stopped: the `errno` of the failed `write(2)`.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        /// The `errno` value.
        package var code: Int32
        /// The bytes written before the failure.
        package var written: Int

        package init(code: Int32, written: Int) {
            self.code = code
            self.written = written
        }

        /// The system's sentence for the error, such as "Broken pipe".
        package var description: String { String(cString: strerror(code)) }
    }

    /// Writes every byte of `bytes` to `descriptor`; nil when all went out.
    package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Failure? {
        guard bytes.count > 0, let start = bytes.baseAddress else { return nil }
        #if canImport(Darwin)
        _ = fcntl(descriptor, F_SETNOSIGPIPE, 1)
        return writeAll(start, count: bytes.count, to: descriptor)
        #else
        return withSIGPIPEBlocked { writeAll(start, count: bytes.count, to: descriptor) }
        #endif
    }

    /// Writes `text`'s UTF-8 to `descriptor`; nil when all went out.
    package static func write(_ text: String, to descriptor: Int32) -> Failure? {
        var text = text
        return text.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    private static func writeAll(_ start: UnsafeRawPointer, count: Int, to descriptor: Int32) -> Failure? {
        var written = 0
        while written < count {
            #if canImport(Glibc)
            let result = Glibc.write(descriptor, start + written, count - written)
            #elseif canImport(Musl)
            let result = Musl.write(descriptor, start + written, count - written)
            #else
            let result = Darwin.write(descriptor, start + written, count - written)
            #endif
            if result > 0 {
                written += result
                continue
            }
            let code = result < 0 ? errno : EIO
            switch code {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                var ready: Int32
                repeat {
                    ready = poll(&waiting, 1, blockedWriteTimeoutMilliseconds)
                } while ready < 0 && errno == EINTR
                if ready > 0 { continue }
                return Failure(code: EAGAIN, written: written)
            default:
                return Failure(code: code, written: written)
            }
        }
        return nil
    }

    #if !canImport(Darwin)
    /// Runs `body` with `SIGPIPE` blocked for this thread, taking off one that `body` raised.
    private static func withSIGPIPEBlocked(_ body: () -> Failure?) -> Failure? {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var pending = sigset_t()
        sigemptyset(&pending)
        sigpending(&pending)
        let wasPending = sigismember(&pending, SIGPIPE) == 1
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        let failure = body()
        if failure?.code == EPIPE, !wasPending {
            var now = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&pipeSignal, nil, &now) < 0 && errno == EINTR {}
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        return failure
    }
    #endif
}
