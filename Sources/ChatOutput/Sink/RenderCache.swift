import Foundation
import ChatModel

/// A folder that outlives renders (`--cache DIR`; by default the user's cache folder): the web
/// images every render made, by cache key, and a site's pages, by a key over everything a page is
/// made from. A re-render into a new folder, a `--single-file` render and a newer export of the
/// same account then link what is already made instead of calling libvips or rendering again.
///
/// Every entry's name is a content key (see `AssetProducer.cacheKey` and `PageCacheKey`), so an
/// entry is right or absent: nothing in the cache is ever updated in place. Entries arrive whole
/// (written under a temporary name, then renamed), several renders may share the folder at once,
/// and any entry, or the whole folder, may be deleted at any time: what is missing is made again.
///
/// The folder is input like any other: it is used only when it and its subfolders belong to this
/// user and no one else may write to them; an entry is taken only when it is a regular file (never
/// through a link), and pages are read with a size limit. Whoever can write into the cache could
/// already write the outputs made from it, so it adds no new way to change a page.
///
/// Images are hard-linked between the cache and the outputs when they share a file system (a
/// 1,000-photo cache costs no second copy), and copied otherwise. The cache stays under its size
/// limit: after a render, the entries used longest ago are removed (`prune()`); a hit marks an
/// entry as used.
package final class RenderCache: Sendable {
    package let folder: String
    /// The most the cache may hold after ``prune()``, in bytes (files linked into outputs count in full).
    package let limit: Int64
    /// Which build of chatrender made the pages (see `RenderRequest.cacheBuild`): part of their keys.
    package let build: String
    private struct State {
        var imageIndex: [String: (name: String, width: Int, height: Int)]?
        /// Whether this run put anything in: only then can the cache have grown past its limit.
        var added = false
    }
    private let state = Locked(State())

    package static let defaultLimit: Int64 = 2 << 30
    static let imagesFolder = "images"
    static let pagesFolder = "pages"
    /// The largest page the cache hands back; a larger file is not a page it wrote.
    static let pageLimit = 512 << 20
    static let tagName = "CACHEDIR.TAG"
    /// The signature of the Cache Directory Tagging Specification: backup tools skip the folder.
    static let tag =
        "Signature: 8a477f597d28d172789f06886806bc55\n# This file marks chatrender's cache: web images and pages it can make again.\n# Delete the folder at any time; see chatrender help render (--cache).\n"

    /// Opens (making it if needed) the cache in `folder`. Throws, with the reason, when it cannot
    /// be made or must not be trusted; a render then goes on without a cache (see `usable`).
    package init(folder: String, limit: Int64 = RenderCache.defaultLimit, build: String = "") throws(DiagnosticError) {
        self.folder = folder
        self.limit = limit
        self.build = build
        for path in [folder, FilePath.join(folder, Self.imagesFolder), FilePath.join(folder, Self.pagesFolder)] {
            if let problem = Self.prepareFolder(path) {
                throw DiagnosticError(Diagnostic(.warning, file: path, message: "the cache folder \(problem); rendering without the cache"), kind: .cannotWrite)
            }
        }
        let tagPath = FilePath.join(folder, Self.tagName)
        if access(tagPath, F_OK) != 0 { _ = Self.writeWhole(Array(Self.tag.utf8), to: tagPath) }
    }

    /// Makes `path` (mode 0700) when missing; why it cannot be used otherwise.
    private static func prepareFolder(_ path: String) -> String? {
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { return "cannot be read: \(String(cString: strerror(errno)))" }
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                return "cannot be made: \(OutputWriter.reason(error))"
            }
            guard lstat(path, &info) == 0 else { return "cannot be made: \(String(cString: strerror(errno)))" }
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return "is not a folder" }
        guard info.st_uid == geteuid() else { return "belongs to another user" }
        guard info.st_mode & 0o022 == 0 else { return "may be written by other users (chmod go-w it)" }
        return nil
    }

    // MARK: Images

    /// The cached web image for `key` (`KEY-WxH.ext` in `images/`), if there is one.
    package func image(_ key: String) -> (path: String, name: String, width: Int, height: Int)? {
        state.withLock { state in
            if state.imageIndex == nil { state.imageIndex = Self.listImages(FilePath.join(folder, Self.imagesFolder)) }
            guard let entry = state.imageIndex?[key] else { return nil }
            let path = FilePath.join(FilePath.join(folder, Self.imagesFolder), entry.name)
            // Used now: the last to be pruned.
            _ = utimensat(AT_FDCWD, path, nil, AT_SYMLINK_NOFOLLOW)
            return (path, entry.name, entry.width, entry.height)
        }
    }

    /// Puts the image just made at `path` into the cache as `name` (`KEY-WxH.ext`).
    package func keepImage(at path: String, name: String, key: String, width: Int, height: Int) {
        let destination = FilePath.join(FilePath.join(folder, Self.imagesFolder), name)
        if access(destination, F_OK) != 0 {
            guard Self.place(path, at: destination) else { return }
        }
        state.withLock {
            $0.imageIndex?[key] = (name, width, height); $0.added = true
        }
    }

    /// Web images by key: `KEY-WxH.ext` names, as `AssetProducer` writes them.
    package static func listImages(_ folder: String) -> [String: (name: String, width: Int, height: Int)] {
        var found: [String: (name: String, width: Int, height: Int)] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            guard let (key, width, height) = parseImageName(name) else { continue }
            found[key] = (name, width, height)
        }
        return found
    }

    /// `KEY-WxH.ext` → (KEY, W, H), for a 20-hex-digit KEY; nil for any other name.
    package static func parseImageName(_ name: String) -> (key: String, width: Int, height: Int)? {
        guard !name.hasPrefix("."), let dash = name.firstIndex(of: "-"), let dot = name.lastIndex(of: "."), dash < dot else { return nil }
        let key = String(name[..<dash])
        let size = name[name.index(after: dash)..<dot].split(separator: "x")
        guard key.count == 20, key.utf8.allSatisfy(Self.isHexDigit), size.count == 2,
            let w = Int(size[0]), let h = Int(size[1]), w > 0, h > 0
        else { return nil }
        return (key, w, h)
    }

    // MARK: Sources

    /// What renders learnt about their sources (a source index, as an output keeps in
    /// `assets/.sources`): a render into a new folder then reads no photo whose identity on disk
    /// is unchanged. Written whole by the asset stage; `SourceIndex` reads it as untrusted input.
    package var sourceIndexFolder: String { folder }

    // MARK: Pages

    private func pagePath(_ key: String) -> String {
        FilePath.join(FilePath.join(FilePath.join(folder, Self.pagesFolder), String(key.prefix(2))), "\(key).html")
    }

    /// The page cached under `key`, if there is one (a regular file, read whole).
    package func page(_ key: String) -> [UInt8]? {
        let path = pagePath(key)
        guard let bytes = Self.readRegularFile(path, limit: Self.pageLimit), !bytes.isEmpty else { return nil }
        // Used now: the last to be pruned.
        _ = utimensat(AT_FDCWD, path, nil, AT_SYMLINK_NOFOLLOW)
        return bytes
    }

    /// Puts the page just written at `path` into the cache under `key`.
    package func keepPage(at path: String, key: String) {
        let destination = pagePath(key)
        guard access(destination, F_OK) != 0 else { return }
        let shelf = FilePath.directory(destination)
        if access(shelf, F_OK) != 0 {
            guard mkdir(shelf, 0o700) == 0 || errno == EEXIST else { return }
        }
        if Self.place(path, at: destination, link: false) { state.withLock { $0.added = true } }
    }

    // MARK: Size

    /// Removes the entries used longest ago until the cache holds at most `limit` bytes, when
    /// this run added any (`force` for tests). Entries in use by another render at the same
    /// moment are simply made again by it.
    package func prune(force: Bool = false) {
        let grew = state.withLock { state in
            defer { state.added = false }
            return state.added
        }
        guard grew || force else { return }
        var entries: [(path: String, size: Int64, used: Int)] = []
        var total: Int64 = 0
        func collect(_ folder: String, depth: Int) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
            for name in names {
                let path = FilePath.join(folder, name)
                var info = stat()
                guard lstat(path, &info) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFDIR {
                    if depth > 0 { collect(path, depth: depth - 1) }
                } else if info.st_mode & S_IFMT == S_IFREG {
                    let size = Int64(info.st_blocks) * 512
                    // A leftover from a render that was stopped while writing.
                    if name.hasPrefix("."), time(nil) - info.st_mtim.tv_sec > 3600 { unlink(path); continue }
                    entries.append((path, size, Int(info.st_mtim.tv_sec)))
                    total += size
                }
            }
        }
        collect(FilePath.join(folder, Self.imagesFolder), depth: 0)
        collect(FilePath.join(folder, Self.pagesFolder), depth: 1)
        guard total > limit else { return }
        entries.sort { $0.used < $1.used }
        var removed = Set<String>()
        for entry in entries where total > limit {
            if unlink(entry.path) == 0 {
                total -= entry.size
                removed.insert(entry.path)
            }
        }
        state.withLock { state in
            guard state.imageIndex != nil else { return }
            let images = FilePath.join(folder, Self.imagesFolder)
            state.imageIndex = state.imageIndex?.filter { !removed.contains(FilePath.join(images, $0.value.name)) }
        }
    }

    // MARK: Files

    /// Links (or, across file systems, copies) the regular file `source` to `destination` whole:
    /// under a temporary name first, then renamed, so no one sees half a file.
    package static func place(_ source: String, at destination: String, link useLink: Bool = true) -> Bool {
        // `link` would link a symbolic link itself, pointing anywhere: only regular files are placed.
        var info = stat()
        guard lstat(source, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        let temporary = FilePath.join(
            FilePath.directory(destination), ".\(FilePath.lastComponent(destination)).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).partial")
        var ok = useLink && link(source, temporary) == 0
        if !ok { ok = copyRegularFile(source, to: temporary) }
        guard ok else { unlink(temporary); return false }
        guard rename(temporary, destination) == 0 else { unlink(temporary); return false }
        return true
    }

    /// The whole of the file at `path`, only when it is a regular file of at most `limit` bytes
    /// (never through a link, never waiting on a FIFO); nil otherwise or when it cannot be read.
    package static func readRegularFile(_ path: String, limit: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size >= 0, info.st_size <= limit else { return nil }
        let size = Int(info.st_size)
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var filled = 0
            while filled < size {
                let got = read(fd, buffer.baseAddress! + filled, size - filled)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { break }
                filled += got
            }
            count = filled
        }
        return bytes.count == size ? bytes : nil
    }

    /// Copies `source`, only when it is a regular file (never through a link), into a new file
    /// `destination` (mode 0644 less the umask, like every output file).
    package static func copyRegularFile(_ source: String, to destination: String) -> Bool {
        let input = open(source, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard input >= 0 else { return false }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard output >= 0 else { return false }
        var ok = true
        // A buffer no larger than the file: a site puts thousands of small pages in the cache.
        do {
            let size = min(1 << 20, max(4096, Int(info.st_size) + 1))
            var buffer = [UInt8](unsafeUninitializedCapacity: size) { _, count in count = size }
            copying: while true {
                let got = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
                if got < 0 { if errno == EINTR { continue }; ok = false; break }
                if got == 0 { break }
                var written = 0
                while written < got {
                    let put = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, got - written) }
                    if put < 0 { if errno == EINTR { continue }; ok = false; break copying }
                    written += put
                }
            }
        }
        if close(output) != 0 { ok = false }
        if !ok { unlink(destination) }
        return ok
    }

    package static func writeWhole(_ bytes: [UInt8], to path: String) -> Bool {
        let temporary = FilePath.join(FilePath.directory(path), ".\(FilePath.lastComponent(path)).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).partial")
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else { return false }
        guard rename(temporary, path) == 0 else { unlink(temporary); return false }
        return true
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }
}
