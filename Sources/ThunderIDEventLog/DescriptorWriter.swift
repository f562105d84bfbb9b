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
/// swift-corelibs-foundation's `FileHandle.write(_:)` is a `try!` around `write(2)`, so on Linux a
/// log written through it traps (exit 132) when standard error is `/dev/full` (`ENOSPC`), a closed
/// descriptor (`EBADF`) or a pipe whose reader left (`EPIPE`), and a pipe whose reader left raises
/// `SIGPIPE` first, which kills a process that has not ignored it (exit 141). Every log line of
/// the package that goes to a descriptor it does not own (standard error) goes through here.
///
/// - `EINTR` is retried, a short write goes on with the rest, and `EAGAIN` (a non-blocking
///   descriptor whose pipe is full) waits up to ``blockedWriteTimeoutMilliseconds`` for room;
///   any other error ends the write and is returned.
/// - `SIGPIPE` on Darwin: the descriptor gets `F_SETNOSIGPIPE` before each write, so the write
///   fails with `EPIPE` and no signal is raised (the flag belongs to the open file, which other
///   processes sharing it see too; it only turns a signal into an error).
/// - `SIGPIPE` on Linux, which has no such flag for pipes: the signal is blocked for the calling
///   thread around the write (`pthread_sigmask`, which is per thread, unlike ignoring it, which
///   would change the whole process). A write that fails with `EPIPE` leaves `SIGPIPE` pending for
///   this thread; it is taken off with a zero-timeout `sigtimedwait` before the old mask comes
///   back, unless a `SIGPIPE` was already pending before the write (then it is not ours, and stays).
///   When the process ignores `SIGPIPE` the kernel raises none and there is nothing to take off.
package enum DescriptorWriter {
    /// How long a write waits for room on a non-blocking descriptor that is full, in milliseconds.
    package static let blockedWriteTimeoutMilliseconds: Int32 = 1000

    /// Why a write stopped: the `errno` of the failed `write(2)`.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        /// The `errno` value (`EPIPE`, `ENOSPC`, `EBADF`, `EAGAIN` after the wait, …).
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

    /// Writes every byte of `bytes` to `descriptor`, in as many `write(2)`s as it takes; nil when
    /// all went out.
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
    /// Runs `body` with `SIGPIPE` blocked for this thread, and takes off a `SIGPIPE` that `body`
    /// raised (see the type's comment).
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
