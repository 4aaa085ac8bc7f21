import Foundation
import ChatModel
import ChatSupport

/// A session log a reader can read as it grows: its whole lines are handed over as they are
/// written, each once, and a snapshot of the conversation so far can be taken at any time
/// without disturbing the reading (see ``LiveSession``).
package protocol LiveSessionLog {
    /// Reads `lines`: whole lines of the log (each ending with a line feed), the next after those
    /// read before.
    mutating func read(lines: UnsafeBufferPointer<UInt8>)
    /// The conversation as far as it is read, and every warning so far; nil when it holds no
    /// conversation yet.
    func snapshot() -> (ImportedChat?, [Diagnostic])
}

/// One session log followed as an agent writes it (`render --watch`): each ``poll()`` reads only
/// the bytes appended since the last one, up to the last whole line; a line still being written
/// waits for its line feed. A log that shrinks or is replaced (another file at its path) is read
/// again from its start.
package struct LiveSession {
    /// The log's path, and how messages name it.
    package let path: String
    package let displayPath: String
    private let makeLog: () -> any LiveSessionLog
    private var log: any LiveSessionLog
    /// Bytes of the file read into `log`: always the end of a whole line.
    package private(set) var offset: Int64 = 0
    /// The file read (device and inode), to notice another file put at the path.
    private var identity: (UInt64, UInt64)?
    /// How many times the log was read from its start again.
    package private(set) var restarts = 0

    /// Reads longer than this are taken in pieces, so a log of gigabytes is never in memory whole.
    static let pieceBytes = 16 << 20

    /// A session `path` whose reader reads logs live; nil when the format has no live reading.
    package init?(path: String, displayPath: String? = nil, reader: any ChatExportReader) {
        guard let make = reader.liveLog(path) else { return nil }
        self.path = path
        self.displayPath = displayPath ?? path
        makeLog = make
        log = make()
    }

    /// Reads what was appended since the last call; true when a whole line was read (the
    /// conversation may have changed). Throws when the file cannot be read at all (gone, say).
    package mutating func poll() throws(DiagnosticError) -> Bool {
        // O_NONBLOCK: a log replaced by a FIFO must not hold the watch in open() (where Ctrl-C
        // could not end it); its type is checked before a byte is read.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw DiagnosticError(Diagnostic(file: displayPath, message: "cannot be read: \(String(cString: strerror(errno)))"), kind: .missingInput)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw DiagnosticError(Diagnostic(file: displayPath, message: "is not a regular file; expected a session log"), kind: .missingInput)
        }
        let now = (UInt64(info.st_dev), UInt64(info.st_ino))
        let size = Int64(info.st_size)
        var restarted = false
        if let identity, identity != now || size < offset {
            // Not the file read so far: read it anew.
            log = makeLog()
            offset = 0
            restarts += 1
            restarted = true
        }
        identity = now
        var read = false
        // Pieces of at most `pieceBytes`; what follows a piece's last line feed (the start of a
        // line) is carried into the next, and what is left after the last is read again next time.
        var carry: [UInt8] = []
        var position = offset
        while position < size {
            let want = Int(min(Int64(Self.pieceBytes), size - position))
            var piece = carry
            piece.append(contentsOf: repeatElement(0, count: want))
            let got = piece.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + carry.count, want, off_t(position)) }
            guard got > 0 else { break }
            piece.removeLast(want - got)
            position += Int64(got)
            guard let last = piece.lastIndex(of: 0x0A) else {
                carry = piece
                continue
            }
            piece.withUnsafeBufferPointer { log.read(lines: UnsafeBufferPointer(rebasing: $0[0...last])) }
            offset += Int64(last + 1)
            carry = Array(piece[(last + 1)...])
            read = true
        }
        return read || restarted
    }

    /// The session log under `folder` written to last (a `*.jsonl` in it or a few folders down,
    /// not a sub-agent's `agent-*.jsonl` or one in a `subagents` folder): the running session of
    /// a project folder or of an agent's sessions folder. nil when it has none.
    package static func newestLog(in folder: String) -> String? {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return nil }
        var newest: (path: String, modified: Int64)?
        while let relative = walker.nextObject() as? String {
            let name = FilePath.lastComponent(relative)
            if name.hasPrefix(".") || name == "subagents" || walker.level > 4 {
                walker.skipDescendants()
                continue
            }
            guard name.hasSuffix(".jsonl"), !name.hasPrefix("agent-") else { continue }
            let path = FilePath.join(folder, relative)
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            if newest == nil || modified > newest!.modified || (modified == newest!.modified && path > newest!.path) { newest = (path, modified) }
        }
        return newest?.path
    }

    /// The conversation so far (see ``LiveSessionLog/snapshot()``).
    package func snapshot() -> (ImportedChat?, [Diagnostic]) { log.snapshot() }
}

extension ChatExportReader {
    /// Most formats are not read live.
    package func liveLog(_ path: String) -> (() -> any LiveSessionLog)? { nil }
}
