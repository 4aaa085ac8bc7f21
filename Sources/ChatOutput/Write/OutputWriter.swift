import CPlatform
import Foundation
import ChatModel

/// What every output shares: the marker that lets a later run replace it, the staging folders'
/// name, and writing with `writev`. The writers are ``StagingFolder`` (a folder output, one
/// atomic swap), ``SingleFileWriter`` and, for tests, TestSupport's `MemoryOutput`; stages see them as
/// ``OutputSink``.
package enum OutputWriter {
    /// The file written inside every output folder; only folders carrying it (or empty ones) are
    /// ever replaced, so a mistyped `--out ~/Documents` cannot wipe someone's files.
    package static let marker = ".chatrender"
    package static let stagingInfix = ".chatrender-staging-"

    /// Writes `bytes` as the file at `path`, replacing one there; 0 or an `errno`. Not flushed to
    /// disk by itself: for an asset written beside the ones libvips writes by path, which are not
    /// either (Foundation's `createFile` flushed each, a wait on the disk for every photo).
    package static func writeFile(_ bytes: [UInt8], to path: String) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { return errno }
        let failure = writeAll([bytes], to: fd)
        if close(fd) != 0, failure == 0 { return errno }
        return failure
    }

    /// Removes `path` and everything under it (see `cplatform_remove_tree`); where that stops at
    /// an entry, Foundation's removal tries the rest.
    package static func removeTree(_ path: String) {
        if cplatform_remove_tree(path) != 0 { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Writes every chunk to `fd` with `writev`, resuming after short writes; 0 or an `errno`.
    static func writeAll(_ chunks: [[UInt8]], to fd: Int32) -> Int32 {
        writeAll(chunks) { iovecs in writev(fd, iovecs.baseAddress, Int32(iovecs.count)) }
    }

    /// ``writeAll(_:to:)`` with the system call passed in (tests pass one that writes a little at a time).
    static func writeAll(_ chunks: [[UInt8]], using writeVector: (UnsafeBufferPointer<iovec>) -> Int) -> Int32 {
        var index = 0, offset = 0
        while index < chunks.count {
            // At most IOV_MAX (1024 on Linux and macOS) buffers per call.
            let batch = min(chunks.count - index, 1024)
            let written = withIOVecs(chunks[index..<(index + batch)], skipping: offset, writeVector)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            // Nothing written though bytes were offered: never for a file; do not spin on it.
            if written == 0, chunks[index...].contains(where: { !$0.isEmpty }) { return EIO }
            // Advance past what was written, whole chunks first.
            var left = written + offset
            offset = 0
            while index < chunks.count, left >= chunks[index].count {
                left -= chunks[index].count
                index += 1
            }
            offset = left
        }
        return 0
    }

    /// Calls `body` with iovecs pointing into `chunks` (the first one from `skipping` bytes in),
    /// valid only during the call.
    private static func withIOVecs<R>(_ chunks: ArraySlice<[UInt8]>, skipping: Int, _ body: (UnsafeBufferPointer<iovec>) -> R) -> R {
        func build(_ rest: ArraySlice<[UInt8]>, _ iovecs: inout [iovec], _ skip: Int) -> R {
            guard let first = rest.first else { return iovecs.withUnsafeBufferPointer(body) }
            return first.withUnsafeBytes { raw in
                if let base = raw.baseAddress, raw.count > skip {
                    iovecs.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: base + skip), iov_len: raw.count - skip))
                }
                return build(rest.dropFirst(), &iovecs, 0)
            }
        }
        var iovecs: [iovec] = []
        iovecs.reserveCapacity(chunks.count)
        return build(chunks, &iovecs, skipping)
    }

    package static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = path
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        return trimmed
    }

    package static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return ns.localizedDescription
    }
}

/// A file in the staging folder written in order, piece by piece, while its content is still
/// being made (a page's turns as their chunks are rendered: ``ByteSink``). The first failure is
/// kept and later pieces are dropped; ``finish()`` flushes, closes and reports it.
package final class OutputFile: @unchecked Sendable {
    // Calls to `write` never overlap (a ByteSink's contract); `finish` comes after the last one.
    private var fd: Int32
    private var failure: Int32 = 0
    private let relative: String
    private let destination: String
    /// Bytes written so far.
    private(set) var size = 0
    /// Flushed to disk before it counts as written: an output must survive a crash right after
    /// the render; a scratch file, removed at the end of the run, need not.
    private let durable: Bool

    init(fd: Int32, relative: String, destination: String, durable: Bool = true) {
        self.fd = fd
        self.relative = relative
        self.destination = destination
        self.durable = durable
    }

    deinit { if fd >= 0 { close(fd) } }

    func write(_ chunks: [[UInt8]]) {
        guard failure == 0, fd >= 0 else { return }
        failure = OutputWriter.writeAll(chunks, to: fd)
        guard failure == 0 else { return }
        let written = chunks.reduce(0) { $0 + $1.count }
        // The page's pieces arrive while later turns are still being rendered: their writeback
        // overlaps that work, and `finish`'s fsync waits only for the tail.
        if durable { cplatform_start_writeback(fd, Int64(size), Int64(written)) }
        size += written
    }

    package var sink: ByteSink { { [self] bytes in if !bytes.isEmpty { write([bytes]) } } }

    /// Flushes the file to disk (when durable) and closes it; its size, or the first error of any write.
    package func finish() throws(DiagnosticError) -> Int {
        guard fd >= 0 else { return size }
        if durable, failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        fd = -1
        guard failure == 0 else {
            throw DiagnosticError(Diagnostic(file: destination, message: "cannot write \(relative): \(String(cString: strerror(failure)))"), kind: .cannotWrite)
        }
        return size
    }
}
