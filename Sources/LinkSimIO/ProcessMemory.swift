#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A process's peak resident memory as Linux reports it (`VmHWM` in `/proc/PID/status`).
package enum ProcessMemory {
    /// The peak in KB of `process` (a pid, or `self`); nil once it has exited, or where there is no /proc.
    package static func peakKB(of process: String = "self") -> Int? {
        guard let file = fopen("/proc/\(process)/status", "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 256)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard line.hasPrefix("VmHWM:") else { continue }
            return Int(String(line.dropFirst(6).filter(\.isNumber)))
        }
        return nil
    }
}
