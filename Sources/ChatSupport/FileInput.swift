import ChatModel
import CPlatform
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
        let (fd, size) = try open(path: path, displayPath: displayPath, limit: limit, what: what)
        defer { close(fd) }
        return try read(fd, size: size, displayPath: displayPath, what: what)
    }

    /// The regular file at `path`, mapped (see ``Mapped``), or read where it cannot be mapped.
    /// Errors as ``read(path:displayPath:limit:what:)``.
    package static func map(path: String, displayPath: String, limit: Int, what: String) throws(DiagnosticError) -> Mapped {
        let (fd, size) = try open(path: path, displayPath: displayPath, limit: limit, what: what)
        defer { close(fd) }
        if let mapping = cplatform_map_file(fd, size) {
            return Mapped(mapping: mapping, count: size)
        }
        return Mapped(bytes: try read(fd, size: size, displayPath: displayPath, what: what))
    }

    /// A file's bytes where the kernel keeps them, rather than copied into fresh memory (for a
    /// session log of megabytes, a page fault per 4 KiB before its parse could start). Another
    /// program that cuts the file short while it is read does not stop the process: the pages it
    /// lost read as zeros, and ``wasCut`` says so, for the reader to report instead of what it
    /// made of them. Unmapped when released.
    package final class Mapped: @unchecked Sendable {
        private let mapping: UnsafeRawPointer?
        package let count: Int
        private let array: [UInt8]

        fileprivate init(mapping: UnsafeRawPointer, count: Int) {
            self.mapping = mapping
            self.count = count
            array = []
        }

        /// Bytes already in memory (a file that could not be mapped; tests).
        package init(bytes: [UInt8]) {
            mapping = nil
            count = bytes.count
            array = bytes
        }

        /// Calls `body` with the file's bytes.
        package func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
            if let mapping { return try body(UnsafeBufferPointer(start: mapping.assumingMemoryBound(to: UInt8.self), count: count)) }
            return try array.withUnsafeBufferPointer(body)
        }

        /// Gives back the memory of `bytes` (offsets in the file) once they are read: the kernel
        /// drops those pages of the mapping (they would be read from the file again if touched),
        /// so a log of hundreds of megabytes read once from start to end is never resident whole.
        /// Nothing for bytes already in memory.
        package func doneWith(_ bytes: Range<Int>) {
            guard let mapping else { return }
            let page = Int(sysconf(Int32(_SC_PAGESIZE)))
            let start = (bytes.lowerBound + page - 1) / page * page
            let end = min(count, bytes.upperBound) / page * page
            guard end > start else { return }
            _ = madvise(UnsafeMutableRawPointer(mutating: mapping + start), end - start, MADV_DONTNEED)
        }

        /// Whether another program cut the file short while it was mapped.
        package var wasCut: Bool { mapping.map { cplatform_mapping_was_cut($0) != 0 } ?? false }

        deinit { if let mapping { cplatform_unmap_file(mapping, count) } }
    }

    /// The first `count` bytes of the regular file at `path`, and whether they are all of it; nil
    /// for anything that is not a readable regular file (a FIFO is never waited on). For looking at
    /// an input before choosing how to read it.
    package static func head(path: String, count: Int) -> (bytes: [UInt8], whole: Bool)? {
        guard let (fd, size) = try? open(path: path, displayPath: path, limit: Int.max, what: "input") else { return nil }
        defer { close(fd) }
        guard let bytes = try? read(fd, size: min(size, count), displayPath: path, what: "input") else { return nil }
        return (bytes, size <= count && bytes.count == size)
    }

    /// Copies the regular file at `path` to `destination`, a new file (it must not exist) in a
    /// folder of chatrender's own: a database another program may be writing is read from the
    /// copy, so nothing is ever created, locked or checkpointed beside the original. Errors as
    /// ``read(path:displayPath:limit:what:)``; a FIFO is refused without waiting.
    package static func copy(path: String, displayPath: String, to destination: String, limit: Int, what: String) throws(DiagnosticError) {
        let (fd, size) = try open(path: path, displayPath: displayPath, limit: limit, what: what)
        defer { close(fd) }
        let out = Glibc.open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard out >= 0 else {
            throw fail(destination, "cannot make a private copy of \(displayPath): \(String(cString: strerror(errno)))", .cannotWrite)
        }
        defer { close(out) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var copied = 0
        while copied < size {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, min($0.count, size - copied)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw fail(displayPath, "cannot read the \(what) file: \(String(cString: strerror(errno)))", .missingInput)
            }
            if n == 0 { break }  // cut short while read: the copy is what was there
            var written = 0
            while written < n {
                let w = buffer.withUnsafeBytes { Glibc.write(out, $0.baseAddress! + written, n - written) }
                if w < 0 {
                    if errno == EINTR { continue }
                    throw fail(destination, "cannot make a private copy of \(displayPath): \(String(cString: strerror(errno)))", .cannotWrite)
                }
                written += w
            }
            copied += n
        }
    }

    /// Whether `path` is a regular file, looked at without opening it for reading (so a FIFO is
    /// never waited on); a symbolic link is followed, as opening it would be.
    package static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    private static func fail(_ displayPath: String, _ message: String, _ kind: DiagnosticError.Kind) -> DiagnosticError {
        DiagnosticError(Diagnostic(file: displayPath, message: message), kind: kind)
    }

    /// The regular file at `path`, open for reading (the caller closes it), and its size; errors
    /// as ``read(path:displayPath:limit:what:)``.
    private static func open(path: String, displayPath: String, limit: Int, what: String) throws(DiagnosticError) -> (Int32, Int) {
        // O_NONBLOCK: opening a FIFO for reading must not wait for a writer.
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: throw fail(displayPath, "no such file; expected the \(what) file", .missingInput)
            case EACCES, EPERM: throw fail(displayPath, "permission denied reading the \(what) file", .missingInput)
            default: throw fail(displayPath, "cannot open the \(what) file: \(String(cString: strerror(code)))", .missingInput)
            }
        }
        var info = stat()
        do throws(DiagnosticError) {
            guard fstat(fd, &info) == 0 else { throw fail(displayPath, "cannot read the \(what) file: \(String(cString: strerror(errno)))", .missingInput) }
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR { throw fail(displayPath, "is a directory; expected the \(what) file", .badData) }
            guard type == S_IFREG else { throw fail(displayPath, "is not a regular file (a device, FIFO or socket); expected the \(what) file", .badData) }
            let size = Int(info.st_size)
            if size > limit {
                throw fail(
                    displayPath, "is \(ByteCountFormat.string(Int64(size))), over the \(ByteCountFormat.string(Int64(limit))) limit for a \(what) file",
                    .badData)
            }
            return (fd, size)
        } catch {
            close(fd)
            throw error
        }
    }

    /// The `size` bytes of the file open as `fd`.
    private static func read(_ fd: Int32, size: Int, displayPath: String, what: String) throws(DiagnosticError) -> [UInt8] {
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
        if failure != 0 { throw fail(displayPath, "cannot read the \(what) file: \(String(cString: strerror(failure)))", .missingInput) }
        return bytes
    }
}
