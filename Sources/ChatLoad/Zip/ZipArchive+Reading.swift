import ChatModel
import CZlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading an entry's bytes: stored or deflate, in 64 KiB pieces, never past the size the
/// central directory declared, and checked against its CRC-32 at the end.
package extension ZipArchive {
    private static let chunk = 64 * 1024

    /// The entry's bytes; refuses an entry larger than `limit` before reading it.
    func read(_ entry: ZipEntry, limit: Int, what: String) throws(DiagnosticError) -> [UInt8] {
        guard entry.uncompressedSize <= UInt64(limit) else {
            throw failure(
                entry,
                "is \(ByteCountFormat.string(Int64(clamping: entry.uncompressedSize))), over the \(ByteCountFormat.string(Int64(limit))) limit for \(what)")
        }
        var out: [UInt8] = []
        out.reserveCapacity(Int(entry.uncompressedSize))
        try stream(entry) { (piece: UnsafeRawBufferPointer) throws(DiagnosticError) -> Bool in
            out.append(contentsOf: piece)
            return true
        }
        return out
    }

    /// Writes the entry's bytes to a new file at `destination`, which must not exist (it is never
    /// followed or replaced). On any error the partial file is removed.
    func extract(_ entry: ZipEntry, to destination: String) throws(DiagnosticError) {
        let fd = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else {
            throw DiagnosticError(
                Diagnostic(file: destination, message: "cannot create the file for \(entry.described) of \(displayPath): \(String(cString: strerror(errno)))"),
                kind: .cannotWrite)
        }
        var closed = false
        do throws(DiagnosticError) {
            try stream(entry) { (piece: UnsafeRawBufferPointer) throws(DiagnosticError) -> Bool in
                var written = 0
                while written < piece.count {
                    let n = write(fd, piece.baseAddress! + written, piece.count - written)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw DiagnosticError(
                            Diagnostic(
                                file: destination, message: "cannot write \(entry.described) of \(self.displayPath): \(String(cString: strerror(errno)))"),
                            kind: .cannotWrite)
                    }
                    written += n
                }
                return true
            }
            closed = true
            guard close(fd) == 0 else {
                throw DiagnosticError(
                    Diagnostic(file: destination, message: "cannot write \(entry.described) of \(displayPath): \(String(cString: strerror(errno)))"),
                    kind: .cannotWrite)
            }
        } catch {
            if !closed { close(fd) }
            unlink(destination)
            throw error
        }
    }

    /// The first `count` bytes (fewer for a shorter entry), for telling a file's type by its
    /// magic number; nil when the entry cannot be read.
    func head(_ entry: ZipEntry, count: Int) -> [UInt8]? {
        var out: [UInt8] = []
        do {
            try stream(entry) { (piece: UnsafeRawBufferPointer) throws(DiagnosticError) -> Bool in
                out.append(contentsOf: piece.prefix(count - out.count))
                return out.count < count
            }
        } catch {
            return nil
        }
        return out
    }

    func failure(_ entry: ZipEntry, _ message: String) -> DiagnosticError {
        DiagnosticError(Diagnostic(file: displayPath, message: "\(entry.described): \(message)"))
    }

    /// Hands the entry's bytes to `sink` piece by piece until it returns false or the entry ends;
    /// a full read checks the size and CRC-32.
    func stream(_ entry: ZipEntry, into sink: (UnsafeRawBufferPointer) throws(DiagnosticError) -> Bool) throws(DiagnosticError) {
        if entry.isDirectory { throw failure(entry, "is a folder; expected a file") }
        // The local header: its name must be the directory's, and its data must fit before the next entry.
        guard let local = bytes(at: entry.localHeaderOffset, count: Int(Self.localHeaderSize)) else {
            throw failure(entry, "the local header lies past the end of the file; the zip archive is truncated")
        }
        guard Self.le32(local, 0) == Self.localSignature else {
            throw failure(entry, "no local header where the central directory points; the zip archive is damaged")
        }
        let localFlags = Self.le16(local, 6)
        if localFlags & 0x0001 != 0 || localFlags & 0x0040 != 0 {
            throw failure(entry, "encrypted zip is not supported; export again without a password, or unzip it and pass the folder")
        }
        let nameLength = UInt64(Self.le16(local, 26)), extraLength = UInt64(Self.le16(local, 28))
        guard let localName = bytes(at: entry.localHeaderOffset + Self.localHeaderSize, count: Int(nameLength)) else {
            throw failure(entry, "the local header lies past the end of the file; the zip archive is truncated")
        }
        guard localName == entry.rawName else {
            throw failure(
                entry,
                "the local header names \(ZipEntry.describe(String(decoding: localName, as: UTF8.self))); the two copies of the name must agree (a hostile or damaged archive)"
            )
        }
        let dataStart = entry.localHeaderOffset + Self.localHeaderSize + nameLength + extraLength
        let (dataEnd, overflow) = dataStart.addingReportingOverflow(entry.compressedSize)
        guard !overflow, dataEnd <= entry.end else {
            throw failure(entry, "its data overlaps the next entry or the central directory (a zip bomb or a damaged archive)")
        }
        guard dataEnd <= fileSize else { throw failure(entry, "its data runs past the end of the file; the zip archive is truncated") }

        var crc: UInt32 = 0
        var total: UInt64 = 0
        let input = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunk, alignment: 16)
        defer { input.deallocate() }
        var position = dataStart
        /// Reads the next piece of compressed data into `input`; its length.
        func nextInput() throws(DiagnosticError) -> Int {
            let want = Int(min(UInt64(Self.chunk), dataEnd - position))
            var got = 0
            while got < want {
                let n = Glibc.pread(descriptor, input.baseAddress! + got, want - got, off_t(position) + off_t(got))
                if n < 0 { if errno == EINTR { continue }; throw failure(entry, "cannot read: \(String(cString: strerror(errno)))") }
                if n == 0 { throw failure(entry, "its data runs past the end of the file; the zip archive is truncated") }
                got += n
            }
            position += UInt64(want)
            return want
        }
        /// Passes decompressed bytes on, refusing any past the declared size (a lying header is a zip bomb's trick).
        func deliver(_ piece: UnsafeRawBufferPointer) throws(DiagnosticError) -> Bool {
            guard UInt64(piece.count) <= entry.uncompressedSize - total else {
                throw failure(entry, "inflates past its declared \(entry.uncompressedSize) bytes (a zip bomb or a damaged archive)")
            }
            total += UInt64(piece.count)
            crc = ZipCRC.update(crc, piece)
            return try sink(piece)
        }

        switch entry.method {
        case 0:
            while position < dataEnd {
                let n = try nextInput()
                if try !deliver(UnsafeRawBufferPointer(rebasing: input[0..<n])) { return }
            }
        case 8:
            let output = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunk, alignment: 16)
            defer { output.deallocate() }
            var z = z_stream()
            guard inflateInit2_(&z, -15, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
                throw DiagnosticError(Diagnostic(file: displayPath, message: "\(entry.described): cannot start zlib's inflater"), kind: .badData)
            }
            defer { inflateEnd(&z) }
            var finished = false
            while !finished {
                if z.avail_in == 0 {
                    guard position < dataEnd else { throw failure(entry, "the compressed data ends early; the zip archive is truncated or damaged") }
                    let n = try nextInput()
                    z.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
                    z.avail_in = uInt(n)
                }
                z.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
                z.avail_out = uInt(Self.chunk)
                let status = inflate(&z, Z_NO_FLUSH)
                let produced = Self.chunk - Int(z.avail_out)
                switch status {
                case Z_OK, Z_BUF_ERROR: break
                case Z_STREAM_END: finished = true
                default:
                    let reason = z.msg.map { String(cString: $0) } ?? "error \(status)"
                    throw failure(entry, "the compressed data is damaged (\(reason))")
                }
                if produced > 0, try !deliver(UnsafeRawBufferPointer(rebasing: output[0..<produced])) { return }
                if status == Z_BUF_ERROR && produced == 0 && z.avail_in > 0 {
                    throw failure(entry, "the compressed data is damaged (inflate made no progress)")
                }
            }
        default:
            throw failure(entry, "compression method \(entry.method)\(Self.methodName(entry.method)) is not supported; expected stored (0) or deflate (8)")
        }
        guard total == entry.uncompressedSize else {
            throw failure(entry, "inflates to \(total) bytes but the central directory says \(entry.uncompressedSize); the zip archive is damaged")
        }
        guard crc == entry.crc32 else {
            throw failure(entry, "CRC-32 mismatch (\(Self.hex(crc)), expected \(Self.hex(entry.crc32))); the data is damaged")
        }
    }

    private static func methodName(_ method: UInt16) -> String {
        switch method {
        case 9: return " (Deflate64)"
        case 12: return " (bzip2)"
        case 14: return " (LZMA)"
        case 93: return " (Zstandard)"
        case 95: return " (XZ)"
        case 98: return " (PPMd)"
        default: return ""
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}
