#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed write to standard output or standard error (closed, full, a reader that went away).
public struct OutputWriteError: Error, CustomStringConvertible {
    public let stream: String
    public let reason: String
    public var description: String { "cannot write to \(stream): \(reason)" }
}

/// Writes bytes to a file descriptor with write(2), retrying short writes and EINTR, and reports
/// failure as an error instead of trapping (FileHandle.write traps on EBADF/ENOSPC/EPIPE).
public enum StandardOutput {
    /// Call once at start-up: a reader that goes away (`linksim run … | head`) then gives EPIPE,
    /// which ends linksim with a message and exit 74, instead of killing it with SIGPIPE.
    public static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }

    public static func write(_ text: String, to descriptor: Int32 = STDOUT_FILENO) throws(OutputWriteError) {
        var bytes = Array(text.utf8)
        try write(bytes: &bytes, to: descriptor)
    }

    public static func write(bytes: inout [UInt8], to descriptor: Int32) throws(OutputWriteError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + written, bytes.count - written)
            }
            if result < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw OutputWriteError(
                    stream: descriptor == STDERR_FILENO ? "standard error" : "standard output",
                    reason: errorText(errno))
            }
            written += result
        }
    }
}
