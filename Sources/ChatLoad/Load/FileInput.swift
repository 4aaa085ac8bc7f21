import ChatModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole input files safely: only regular files, never blocking on a FIFO or device,
/// never more than a stated limit.
package enum FileInput {
    /// Reads the regular file at `path`. Missing or unreadable files throw `.missingInput`;
    /// a directory, device, FIFO or an over-limit file throws `.badData`.
    package static func read(path: String, displayPath: String, limit: Int, what: String) throws(DiagnosticError) -> [UInt8] {
        func fail(_ message: String, _ kind: DiagnosticError.Kind) -> DiagnosticError {
            DiagnosticError(Diagnostic(file: displayPath, message: message), kind: kind)
        }
        // O_NONBLOCK: opening a FIFO for reading must not wait for a writer.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw fail("no such file; expected the \(what) file", .missingInput)
            case EACCES, EPERM: throw fail("permission denied reading the \(what) file", .missingInput)
            default: throw fail("cannot open the \(what) file: \(String(cString: strerror(code)))", .missingInput)
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw fail("cannot read the \(what) file: \(String(cString: strerror(errno)))", .missingInput) }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { throw fail("is a directory; expected the \(what) file", .badData) }
        guard type == S_IFREG else { throw fail("is not a regular file (a device, FIFO or socket); expected the \(what) file", .badData) }
        let size = Int(info.st_size)
        if size > limit { throw fail("is \(ByteCountFormat.string(Int64(size))), over the \(ByteCountFormat.string(Int64(limit))) limit for a \(what) file", .badData) }
        // Read straight into the array's storage: zero-filling it first was a pass over every
        // byte of a large file for nothing.
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var total = 0
            while total < size {
                let n = Glibc.read(fd, buffer.baseAddress! + total, size - total)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if n == 0 { break }
                total += n
            }
            initialized = total
        }
        if failure != 0 { throw fail("cannot read the \(what) file: \(String(cString: strerror(failure)))", .missingInput) }
        return bytes
    }
}
