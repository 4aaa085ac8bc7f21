import ChatModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A zip archive read in place: the end-of-central-directory record is found, the central
/// directory is read and every entry checked up front; an entry's bytes are read only when asked
/// for (``ZipArchive/read(_:limit:)``, ``ZipArchive/extract(_:to:)``), inflated with zlib and
/// checked against their CRC-32 and declared size.
///
/// Archives come from strangers, so opening one refuses, naming the archive and the entry:
/// encrypted or split archives; names that are absolute, hold `..`, `.`, empty components,
/// backslashes, NUL or other control characters, or repeat another entry's name; entries over
/// the size limits or compressed past a zip bomb's ratio; entries whose data would overlap
/// another's or the central directory; and anything truncated. See ``ZipLimits``.
///
/// ZIP64 (archives and entries past 4 GB or 65,535 entries) is read. Names flagged UTF-8
/// (general-purpose bit 11) are UTF-8; others are the Info-ZIP Unicode path when the archive
/// carries one for that name, else code page 437, as the format defines.
package final class ZipArchive: @unchecked Sendable, Equatable {
    // @unchecked: every stored property is immutable after init, and pread(2) does not share a file position.

    /// How messages name the archive (the path as the person typed it).
    let displayPath: String
    /// Every entry, in central directory order.
    let entries: [ZipEntry]
    let limits: ZipLimits
    let fileSize: UInt64
    private let byName: [String: Int]
    let descriptor: Int32

    /// Opens and checks the archive at `path`; throws every problem found in its central directory.
    init(path: String, displayPath: String? = nil, limits: ZipLimits = .standard) throws(DiagnosticError) {
        let shown = displayPath ?? path
        self.displayPath = shown
        self.limits = limits
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            let message: String
            switch code {
            case ENOENT, ENOTDIR: message = "no such file; expected a zip archive"
            case EACCES, EPERM: message = "permission denied reading the zip archive"
            default: message = "cannot open the zip archive: \(String(cString: strerror(code)))"
            }
            throw DiagnosticError(Diagnostic(file: shown, message: message), kind: .missingInput)
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw DiagnosticError(Diagnostic(file: shown, message: "is not a regular file; expected a zip archive"), kind: .badData)
        }
        descriptor = fd
        fileSize = UInt64(info.st_size)
        do {
            let parsed = try ZipArchive.parse(fd: fd, size: fileSize, file: shown, limits: limits)
            entries = parsed
            var names: [String: Int] = [:]
            for (position, entry) in parsed.enumerated() { names[entry.name] = position }
            byName = names
        } catch {
            close(fd)
            throw error
        }
    }

    deinit { close(descriptor) }

    package static func == (a: ZipArchive, b: ZipArchive) -> Bool { a === b }

    /// The entry with exactly this name (folders end in `/`).
    func entry(named name: String) -> ZipEntry? { byName[name].map { entries[$0] } }

    // MARK: Reading the file

    /// `count` bytes at `offset`, or nil when the file ends first.
    func bytes(at offset: UInt64, count: Int) -> [UInt8]? { ZipArchive.pread(descriptor, offset: offset, count: count) }

    static func pread(_ fd: Int32, offset: UInt64, count: Int) -> [UInt8]? {
        guard count >= 0, offset <= UInt64(Int64.max) else { return nil }
        var out = [UInt8](repeating: 0, count: count)
        var total = 0
        while total < count {
            let n = out.withUnsafeMutableBytes { buffer in
                Glibc.pread(fd, buffer.baseAddress! + total, count - total, off_t(offset) + off_t(total))
            }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { return nil }
            total += n
        }
        return out
    }

    // MARK: The central directory

    private static let endSignature: UInt32 = 0x0605_4B50
    private static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    private static let zip64EndSignature: UInt32 = 0x0606_4B50
    private static let centralSignature: UInt32 = 0x0201_4B50
    static let localSignature: UInt32 = 0x0403_4B50
    static let localHeaderSize: UInt64 = 30

    /// Messages stop after this many entry problems: a hostile archive can have 100,000.
    static let maxReported = 20

    private static func parse(fd: Int32, size: UInt64, file: String, limits: ZipLimits) throws(DiagnosticError) -> [ZipEntry] {
        func fail(_ message: String) -> DiagnosticError { DiagnosticError(Diagnostic(file: file, message: message)) }

        // 1. The end-of-central-directory record: the last 22 bytes, or earlier when a comment follows it.
        guard size >= 22 else {
            throw fail(size == 0 ? "the file is empty; expected a zip archive" : "is \(size) bytes, too short for a zip archive; the file may be truncated")
        }
        let tailCount = Int(min(size, 22 + 0xFFFF))
        let tailStart = size - UInt64(tailCount)
        guard let tail = pread(fd, offset: tailStart, count: tailCount) else { throw fail("cannot read the zip archive: \(String(cString: strerror(errno)))") }
        var endAt: Int?
        var fallback: Int?
        var position = tailCount - 22
        while position >= 0 {
            if le32(tail, position) == endSignature {
                let commentLength = Int(le16(tail, position + 20))
                if position + 22 + commentLength == tailCount { endAt = position; break }
                if fallback == nil, position + 22 + commentLength <= tailCount { fallback = position }
            }
            position -= 1
        }
        guard let end = endAt ?? fallback else {
            let head = pread(fd, offset: 0, count: 4) ?? []
            if head.count == 4, le32(head, 0) == localSignature {
                throw fail("no end-of-central-directory record; the zip archive is truncated or damaged")
            }
            throw fail("not a zip archive (no end-of-central-directory record)")
        }
        let endOffset = tailStart + UInt64(end)
        let diskNumber = le16(tail, end + 4), centralDisk = le16(tail, end + 6)
        let entriesHere = le16(tail, end + 8)
        var entryCount = UInt64(le16(tail, end + 10))
        var centralSize = UInt64(le32(tail, end + 12))
        var centralOffset = UInt64(le32(tail, end + 16))
        var centralEnd = endOffset  // the central directory must end where the next record starts

        // 2. ZIP64: a locator just before the record points at the 64-bit record.
        if endOffset >= 20, let locator = pread(fd, offset: endOffset - 20, count: 20), le32(locator, 0) == zip64LocatorSignature {
            let zip64Offset = le64(locator, 8)
            guard le32(locator, 16) <= 1, le32(locator, 4) == 0 else {
                throw fail("split (multi-part) zip archives are not supported; join the parts into one file first")
            }
            guard zip64Offset <= endOffset - 20, endOffset - 20 - zip64Offset >= 56,
                let record = pread(fd, offset: zip64Offset, count: 56), le32(record, 0) == zip64EndSignature
            else {
                throw fail("the ZIP64 end-of-central-directory record is missing or damaged; the zip archive is truncated or damaged")
            }
            guard le32(record, 16) == 0, le32(record, 20) == 0 else {
                throw fail("split (multi-part) zip archives are not supported; join the parts into one file first")
            }
            let here64 = le64(record, 24)
            entryCount = le64(record, 32)
            centralSize = le64(record, 40)
            centralOffset = le64(record, 48)
            guard here64 == entryCount else { throw fail("split (multi-part) zip archives are not supported; join the parts into one file first") }
            centralEnd = zip64Offset
        } else {
            guard diskNumber == 0, centralDisk == 0, UInt64(entriesHere) == entryCount else {
                throw fail("split (multi-part) zip archives are not supported; join the parts into one file first")
            }
        }

        // 3. The directory's place and size, checked before anything is allocated for it.
        guard entryCount <= UInt64(limits.maxEntries) else {
            throw fail("\(entryCount) entries; expected at most \(limits.maxEntries) in a zip archive")
        }
        guard centralOffset <= centralEnd, centralSize <= centralEnd - centralOffset else {
            throw fail("the central directory lies outside the file; the zip archive is truncated or damaged")
        }
        guard centralSize <= limits.maxCentralDirectorySize else {
            throw fail("the central directory is \(centralSize) bytes; expected at most \(limits.maxCentralDirectorySize)")
        }
        guard centralSize >= entryCount * 46 else {
            throw fail("the central directory is \(centralSize) bytes, too small for its \(entryCount) entries; the zip archive is damaged")
        }
        guard let directory = pread(fd, offset: centralOffset, count: Int(centralSize)) else {
            throw fail("cannot read the central directory; the zip archive is truncated")
        }

        // 4. Each entry.
        var problems: [String] = []
        func problem(_ text: String) { problems.append(text) }
        var entries: [ZipEntry] = []
        entries.reserveCapacity(Int(entryCount))
        var seen: [String: Int] = [:]
        var total: UInt64 = 0
        var at = 0
        for index in 0..<Int(entryCount) {
            guard at + 46 <= directory.count, le32(directory, at) == centralSignature else {
                throw fail("central directory entry \(index + 1) of \(entryCount) is damaged (no signature where expected); the zip archive is damaged")
            }
            let flags = le16(directory, at + 8)
            let method = le16(directory, at + 10)
            let crc = le32(directory, at + 16)
            var compressed = UInt64(le32(directory, at + 20))
            var uncompressed = UInt64(le32(directory, at + 24))
            let nameLength = Int(le16(directory, at + 28))
            let extraLength = Int(le16(directory, at + 30))
            let commentLength = Int(le16(directory, at + 32))
            let startDisk = le16(directory, at + 34)
            var offset = UInt64(le32(directory, at + 42))
            let next = at + 46 + nameLength + extraLength + commentLength
            guard next <= directory.count else {
                throw fail("central directory entry \(index + 1) of \(entryCount) runs past the directory's end; the zip archive is damaged")
            }
            let rawName = Array(directory[(at + 46)..<(at + 46 + nameLength)])
            let extra = Array(directory[(at + 46 + nameLength)..<(at + 46 + nameLength + extraLength)])
            at = next

            let decoded = ZipName.decode(rawName, utf8Flag: flags & 0x0800 != 0, extra: extra)
            let label = ZipEntry.describe(decoded.name ?? String(decoding: rawName, as: UTF8.self))
            guard let name = decoded.name else { problem("\(label): the name is flagged UTF-8 but is not valid UTF-8"); continue }

            // ZIP64 extended information: the 64-bit values of the fields saturated at 0xFFFFFFFF, in order.
            if uncompressed == 0xFFFF_FFFF || compressed == 0xFFFF_FFFF || offset == 0xFFFF_FFFF || startDisk == 0xFFFF {
                guard let found = ZipName.extraField(0x0001, in: extra) else {
                    problem("\(label): sizes are marked as ZIP64 but the entry has no ZIP64 extra field; the zip archive is damaged"); continue
                }
                let fields = Array(found)
                var cursor = 0
                func take() -> UInt64? {
                    guard cursor + 8 <= fields.count else { return nil }
                    defer { cursor += 8 }
                    return le64(fields, cursor)
                }
                var complete = true
                if uncompressed == 0xFFFF_FFFF { if let v = take() { uncompressed = v } else { complete = false } }
                if compressed == 0xFFFF_FFFF { if let v = take() { compressed = v } else { complete = false } }
                if offset == 0xFFFF_FFFF { if let v = take() { offset = v } else { complete = false } }
                guard complete else {
                    problem("\(label): the ZIP64 extra field is too short for the sizes it stands for; the zip archive is damaged"); continue
                }
            } else if startDisk != 0 {
                problem("\(label): the entry starts on disk \(startDisk); split (multi-part) zip archives are not supported"); continue
            }

            if flags & 0x0001 != 0 || flags & 0x0040 != 0 || method == 99 {
                throw fail("\(label): encrypted zip is not supported; export again without a password, or unzip it and pass the folder")
            }
            if let why = ZipName.problem(name) { problem("\(label): \(why)"); continue }
            if let first = seen[name] {
                problem("\(label): the name appears twice (entries \(first + 1) and \(index + 1)); expected each name once"); continue
            }
            seen[name] = index
            if name.hasSuffix("/") {
                // Folders hold no data; a "folder" with data is something else dressed up as one.
                guard uncompressed == 0 else { problem("\(label): a folder entry with \(uncompressed) bytes of data; expected none"); continue }
            }
            if uncompressed > limits.maxEntrySize {
                problem(
                    "\(label): \(ByteCountFormat.string(Int64(clamping: uncompressed))) uncompressed; expected at most \(ByteCountFormat.string(Int64(clamping: limits.maxEntrySize))) for one entry"
                ); continue
            }
            if method == 0 && compressed != uncompressed {
                problem("\(label): stored without compression, but its sizes differ (\(compressed) and \(uncompressed) bytes); the zip archive is damaged");
                continue
            }
            if uncompressed > limits.ratioFloor && uncompressed / max(compressed, 1) > limits.maxRatio {
                problem("\(label): compressed \(uncompressed / max(compressed, 1)):1, over the \(limits.maxRatio):1 limit (a zip bomb?)"); continue
            }
            total += uncompressed
            entries.append(
                ZipEntry(
                    name: name, rawName: rawName, method: method, flags: flags, crc32: crc,
                    compressedSize: compressed, uncompressedSize: uncompressed,
                    localHeaderOffset: offset, end: centralOffset, index: index))
            if problems.count >= maxReported { break }
        }
        if problems.isEmpty, total > limits.maxTotalSize {
            problems.append(
                "the entries add up to \(ByteCountFormat.string(Int64(clamping: total))) uncompressed; expected at most \(ByteCountFormat.string(Int64(clamping: limits.maxTotalSize)))"
            )
        }

        // 5. No two entries' data may overlap, nor reach into the central directory. Each entry
        // needs at least its local header, its name and its compressed data before the next starts.
        if problems.isEmpty {
            let order = entries.indices.sorted { entries[$0].localHeaderOffset < entries[$1].localHeaderOffset }
            for (k, i) in order.enumerated() {
                let entry = entries[i]
                let nextStart = k + 1 < order.count ? entries[order[k + 1]].localHeaderOffset : centralOffset
                let (minimum, overflow) = entry.localHeaderOffset.addingReportingOverflow(localHeaderSize + UInt64(entry.rawName.count))
                let (needed, overflow2) = minimum.addingReportingOverflow(entry.compressedSize)
                if overflow || overflow2 || needed > nextStart {
                    if k + 1 < order.count {
                        let other = entries[order[k + 1]]
                        problems.append("\(entry.described): its data overlaps \(other.described) (a zip bomb or a damaged archive)")
                    } else {
                        problems.append("\(entry.described): its data runs into the central directory; the zip archive is truncated or damaged")
                    }
                    if problems.count >= maxReported { break }
                    continue
                }
                entries[i].end = nextStart
            }
        }
        if !problems.isEmpty {
            throw DiagnosticError(problems.map { Diagnostic(file: file, message: $0) })
        }
        return entries
    }
}

// MARK: Little-endian fields

package extension ZipArchive {
    @inline(__always) static func le16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }
    @inline(__always) static func le32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }
    @inline(__always) static func le64(_ b: [UInt8], _ i: Int) -> UInt64 { UInt64(le32(b, i)) | UInt64(le32(b, i + 4)) << 32 }
}
