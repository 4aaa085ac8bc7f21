import CPlatform
import Foundation
import ChatModel

/// The only stage that touches `--out`. Everything is built in a staging folder beside the target
/// and swapped into place in one step at the end, so a failed or killed run leaves the previous
/// output as it was.
package struct OutputWriter {
    /// The folder the person asked for.
    package let destination: String
    /// The file written inside every output folder; only folders carrying it (or empty ones) are
    /// ever replaced, so a mistyped `--out ~/Documents` cannot wipe someone's files.
    package static let marker = ".chatrender"
    package static let stagingInfix = ".chatrender-staging-"

    package init(destination: String) {
        self.destination = OutputWriter.trimmingTrailingSlashes(destination)
    }

    /// A fresh staging folder beside the destination; stale ones from killed runs are removed first.
    package func makeStaging() throws(DiagnosticError) -> String {
        let parent = FilePath.directory(destination).isEmpty ? "." : FilePath.directory(destination)
        let base = FilePath.lastComponent(destination)
        let fm = FileManager.default
        do {
            try fm.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw cannotWrite(parent, "cannot create the output's parent folder: \(Self.reason(error))")
        }
        removeStaleStaging(parent: parent, base: base)
        try checkReplaceable()
        let template = FilePath.join(parent, ".\(base)\(OutputWriter.stagingInfix)XXXXXX")
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else {
            throw cannotWrite(parent, "cannot create a staging folder: \(String(cString: strerror(errno)))")
        }
        let staging = String(cString: made)
        chmod(staging, 0o755)
        return staging
    }

    /// The assets folder of the output about to be replaced, when it is a chatrender output:
    /// the asset stage reuses images from it instead of making them again.
    package var previousAssets: String? {
        guard FileManager.default.fileExists(atPath: FilePath.join(destination, OutputWriter.marker)) else { return nil }
        return FilePath.join(destination, "assets")
    }

    /// Writes one file inside the staging folder, flushed to disk before it returns.
    package func write(_ bytes: [UInt8], to relative: String, in staging: String) throws(DiagnosticError) {
        let file = try create(relative, in: staging)
        file.write([bytes])
        _ = try file.finish()
    }

    /// A new file inside the staging folder, to be written in pieces and then finished.
    package func create(_ relative: String, in staging: String) throws(DiagnosticError) -> OutputFile {
        let path = FilePath.join(staging, relative)
        do {
            try FileManager.default.createDirectory(atPath: FilePath.directory(path), withIntermediateDirectories: true)
        } catch {
            throw cannotWrite(destination, "cannot write \(relative): \(Self.reason(error))")
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw cannotWrite(destination, "cannot write \(relative): \(String(cString: strerror(errno)))") }
        return OutputFile(fd: fd, relative: relative, destination: destination)
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

    /// Puts the finished staging folder in place of the destination, atomically where the system
    /// allows (an exchange of the two names), then removes the previous output.
    package func commit(staging: String) throws(DiagnosticError) {
        try write(Array("chatrender output folder; replaced as a whole on each render\n".utf8), to: OutputWriter.marker, in: staging)
        var info = stat()
        if lstat(destination, &info) != 0 {
            guard rename(staging, destination) == 0 else {
                let reason = String(cString: strerror(errno))
                discard(staging: staging)
                throw cannotWrite(destination, "cannot move the output into place: \(reason)")
            }
            return
        }
        try checkReplaceable()
        if exchange(staging, destination) {
            // The old output now sits at the staging name.
            try? FileManager.default.removeItem(atPath: staging)
            return
        }
        // No atomic exchange on this file system: move the old one aside, then the new one in.
        let aside = staging + ".previous"
        guard rename(destination, aside) == 0 else {
            let reason = String(cString: strerror(errno))
            discard(staging: staging)
            throw cannotWrite(destination, "cannot replace the previous output: \(reason)")
        }
        guard rename(staging, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = rename(aside, destination)
            discard(staging: staging)
            throw cannotWrite(destination, "cannot move the output into place: \(reason)")
        }
        try? FileManager.default.removeItem(atPath: aside)
    }

    /// Removes a staging folder after a failure.
    package func discard(staging: String) {
        try? FileManager.default.removeItem(atPath: staging)
    }

    /// The destination may be replaced only if it is missing, an empty folder, or a chatrender output.
    func checkReplaceable() throws(DiagnosticError) {
        var info = stat()
        guard lstat(destination, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw cannotWrite(destination, "exists and is not a folder; expected a folder to write the page into")
        }
        let fm = FileManager.default
        let contents = (try? fm.contentsOfDirectory(atPath: destination)) ?? []
        if contents.isEmpty || contents.contains(OutputWriter.marker) { return }
        throw cannotWrite(destination, "exists, is not empty and was not made by chatrender; refusing to replace it (choose another --out or empty it)")
    }

    private func removeStaleStaging(parent: String, base: String) {
        let prefix = ".\(base)\(OutputWriter.stagingInfix)"
        for name in FilePath.names(in: parent, withPrefix: prefix) {
            try? FileManager.default.removeItem(atPath: FilePath.join(parent, name))
        }
    }

    private func exchange(_ a: String, _ b: String) -> Bool {
        // renameat2(RENAME_EXCHANGE): both names stay valid at every instant.
        cplatform_rename_exchange(a, b) == 0
    }

    private func cannotWrite(_ path: String, _ message: String) -> DiagnosticError {
        DiagnosticError(Diagnostic(file: path, message: message), kind: .cannotWrite)
    }

    static func trimmingTrailingSlashes(_ path: String) -> String {
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

    init(fd: Int32, relative: String, destination: String) {
        self.fd = fd
        self.relative = relative
        self.destination = destination
    }

    deinit { if fd >= 0 { close(fd) } }

    func write(_ chunks: [[UInt8]]) {
        guard failure == 0, fd >= 0 else { return }
        failure = OutputWriter.writeAll(chunks, to: fd)
        guard failure == 0 else { return }
        let written = chunks.reduce(0) { $0 + $1.count }
        // The page's pieces arrive while later turns are still being rendered: their writeback
        // overlaps that work, and `finish`'s fsync waits only for the tail.
        cplatform_start_writeback(fd, Int64(size), Int64(written))
        size += written
    }

    package var sink: ByteSink { { [self] bytes in if !bytes.isEmpty { write([bytes]) } } }

    /// Flushes the file to disk and closes it; its size, or the first error of any write.
    package func finish() throws(DiagnosticError) -> Int {
        guard fd >= 0 else { return size }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        fd = -1
        guard failure == 0 else {
            throw DiagnosticError(Diagnostic(file: destination, message: "cannot write \(relative): \(String(cString: strerror(failure)))"), kind: .cannotWrite)
        }
        return size
    }
}
