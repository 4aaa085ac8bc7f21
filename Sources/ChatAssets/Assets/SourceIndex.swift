import Foundation
import ChatModel
import ChatSupport
import ChatPlan
import ChatOutput

/// What an export learnt about its source files, kept in its `assets/` folder so the next export
/// over it can name images without reading every photo again: for each source, a key made from
/// the file's identity on disk, and the hash of its bytes.
///
/// The identity is the resolved path, device, inode, size, and the modification and status-change
/// times with nanoseconds. Only a file whose identity matches in every field is trusted; anything
/// else is read and hashed as usual. A file swapped for another of the same size has a new inode
/// (rename) or a new status-change time (rewritten in place; `touch -d` can reset the modification
/// time but no one but the kernel sets the status-change time), so it is read again.
///
/// Residual risk, accepted: a file rewritten in place with the same size within the same tick of
/// the file system's clock as the export's look at it (Linux before 6.13 and file systems without
/// fine-grained timestamps stamp changes with a clock that advances every few milliseconds; FAT
/// has no status-change time at all), or by someone who resets the system clock, keeps its old
/// hash until it changes again. A changed file is then shown with its earlier pictures; nothing
/// else is affected.
///
/// The key is a hash of the identity, not the identity itself: the output is meant to be
/// published, and home folders and file names must not leak through it.
///
/// The file is input like any other (someone may have edited the output folder): it is read with
/// a size limit, without following links, and ignored as a whole unless every line is valid.
/// Whoever can write into the output folder could already replace its images, so the index adds
/// no new way to change what a page shows.
package struct SourceIndex: Sendable, Equatable {
    /// Name inside `assets/`. Starts with a dot: not an image (the image cache skips it).
    static let fileName = ".sources"
    static let header = "chatrender source index 1"
    /// Lines of `KEY DIGEST`: identity key (32 hex digits), then the content digest (20).
    static let keyLength = 32
    static let digestLength = 20
    /// Far more than any conversation needs (about 300,000 sources); a larger file is ignored.
    static let maximumBytes = 16 << 20

    /// Identity key → content digest.
    var entries: [String: String] = [:]

    init(entries: [String: String] = [:]) { self.entries = entries }

    /// The bytes written into the output: a header line, then one line per source, sorted, so
    /// the same sources give the same file.
    func serialized() -> [UInt8] {
        var text = SourceIndex.header + "\n"
        for key in entries.keys.sorted() { text += "\(key) \(entries[key]!)\n" }
        return Array(text.utf8)
    }

    /// Parses `bytes`; nil unless every line is well-formed (a corrupt index is not half-trusted).
    static func parse(_ bytes: [UInt8]) -> SourceIndex? {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.count >= 2, lines.last?.isEmpty == true,
            lines[0].elementsEqual(header.utf8)
        else { return nil }
        var entries: [String: String] = [:]
        entries.reserveCapacity(lines.count - 2)
        var previous: ArraySlice<UInt8> = []
        for line in lines.dropFirst().dropLast() {
            guard line.count == keyLength + 1 + digestLength, line[line.startIndex + keyLength] == UInt8(ascii: " ") else { return nil }
            let key = line.prefix(keyLength), digest = line.suffix(digestLength)
            guard key.allSatisfy(isHexDigit), digest.allSatisfy(isHexDigit),
                previous.lexicographicallyPrecedes(key) || previous.isEmpty
            else { return nil }
            previous = key
            entries[String(decoding: key, as: UTF8.self)] = String(decoding: digest, as: UTF8.self)
        }
        return SourceIndex(entries: entries)
    }

    /// The index in `folder`, or an empty one when it is missing, not a regular file, too large
    /// or invalid in any way.
    static func read(folder: String) -> SourceIndex {
        RenderCache.readRegularFile(FilePath.join(folder, fileName), limit: maximumBytes).flatMap(parse) ?? SourceIndex()
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }
}

/// A source file's identity on disk: if all of it is unchanged, so are its bytes (see
/// ``SourceIndex`` for the limits of that).
package struct SourceIdentity: Equatable, Sendable {
    var path: String
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: (seconds: Int, nanoseconds: Int)
    var changed: (seconds: Int, nanoseconds: Int)

    init(path: String, _ info: stat) {
        self.path = path
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
        changed = (Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec))
    }

    /// The identity of the file at `path` now (following links: `path` is already resolved).
    static func of(_ path: String) -> SourceIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return SourceIdentity(path: path, info)
    }

    /// The identity of an open file, named `path`.
    static func of(descriptor: Int32, path: String) -> SourceIdentity? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return SourceIdentity(path: path, info)
    }

    /// 32 hex digits of SHA-256 over every field; the path is hashed, never stored.
    var key: String {
        var text = Array("source|".utf8)
        text += path.utf8
        text += "|\(device)|\(inode)|\(size)|\(modified.seconds).\(modified.nanoseconds)|\(changed.seconds).\(changed.nanoseconds)".utf8
        return String(SHA256.hash(text).hexString.prefix(SourceIndex.keyLength))
    }

    package static func == (a: SourceIdentity, b: SourceIdentity) -> Bool {
        a.path == b.path && a.device == b.device && a.inode == b.inode && a.size == b.size
            && a.modified == b.modified && a.changed == b.changed
    }
}

/// Hashes source files for one export, trusting the previous export's ``SourceIndex`` where a
/// file's identity is unchanged, and recording every source for the next one. Shared by the
/// worker threads that make photos.
package final class SourceDigester: Sendable {
    private let previous: SourceIndex
    private struct Tally {
        var recorded: [String: String] = [:]
        var reads = 0
        var trusted = 0
    }
    private let tally = Locked(Tally())

    init(previous: SourceIndex = SourceIndex()) { self.previous = previous }

    /// Sources read and hashed so far (the index had no valid entry for them).
    var reads: Int { tally.withLock { $0.reads } }
    /// Sources whose hash came from the previous index, unread.
    var trusted: Int { tally.withLock { $0.trusted } }
    /// What this export learnt, to be written for the next one.
    var index: SourceIndex { tally.withLock { SourceIndex(entries: $0.recorded) } }

    /// The content digest of the regular file at the resolved path `path`.
    func digest(of path: String) throws(ImageProblem) -> String {
        if let identity = SourceIdentity.of(path) {
            let key = identity.key
            if let known = previous.entries[key] {
                tally.withLock {
                    $0.trusted += 1; $0.recorded[key] = known
                }
                return known
            }
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ImageProblem("cannot read the file: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        // The identity of the file actually read, before and after: a file that changed while
        // it was read is hashed but not recorded, so the next export reads it again.
        let before = SourceIdentity.of(descriptor: fd, path: path)
        let digest = try SourceDigester.hash(descriptor: fd)
        let after = SourceIdentity.of(descriptor: fd, path: path)
        tally.withLock { tally in
            tally.reads += 1
            if let before, before == after { tally.recorded[before.key] = digest }
        }
        return digest
    }

    /// First 20 hex digits of the SHA-256 of everything readable from `fd`, in chunks of at most
    /// 4 MiB: no larger than the file (a screenshot of a few hundred bytes must not cost a
    /// zeroed 4 MiB buffer, which was most of a small render's time).
    package static func hash(descriptor fd: Int32) throws(ImageProblem) -> String {
        var hasher = SHA256()
        var info = stat()
        let size = fstat(fd, &info) == 0 && info.st_size >= 0 ? Int(info.st_size) : Int.max
        // One byte over the size, so a file read whole ends with one more read returning 0.
        let chunk = min(4 << 20, max(4096, size + 1))
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, chunk) }
            if got < 0 {
                if errno == EINTR { continue }
                throw ImageProblem("cannot read the file: \(String(cString: strerror(errno)))")
            }
            if got == 0 { break }
            buffer.withUnsafeBufferPointer { hasher.update(UnsafeBufferPointer(rebasing: $0.prefix(got))) }
        }
        return String(hasher.finalize().hexString.prefix(SourceIndex.digestLength))
    }
}
