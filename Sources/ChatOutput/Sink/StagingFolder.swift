import Foundation
import CPlatform
import ChatModel

/// An output built in a staging folder beside its destination and swapped into place in one
/// step (``commit()``), so a failed or killed run leaves the previous output as it was. The
/// output folder of `render`, `import` and `preview`, and each snapshot folder of `check`, are
/// made this way; ``make(beside:check:)`` is the one place a staging folder is created.
package final class StagingFolder: FolderOutput, @unchecked Sendable {
    /// What may be replaced at the destination.
    package enum Replaces: Sendable {
        /// A missing path, an empty folder, or a folder carrying ``OutputWriter/marker``, which
        /// ``commit()`` writes: a mistyped `--out ~/Documents` cannot wipe someone's files.
        case chatrenderOutput
        /// Any folder (a snapshot folder the person keeps in version control).
        case anyFolder
    }

    /// The folder the person asked for.
    package let destination: String
    /// The staging folder on disk.
    package let path: String
    private let replaces: Replaces
    /// How messages name the destination: "the output", "the snapshot".
    private let what: String
    /// When the files reach the disk.
    package enum Durability: Sendable {
        /// Each file is flushed as it is finished: a page's writeback overlaps its rendering.
        case eachFile
        /// The whole folder is flushed once, just before ``commit()`` swaps it in: for an output
        /// of thousands of files (a site), where an fsync per file would cost more than the render.
        case atCommit
    }
    private let durability: Durability
    package var durable: Bool { durability == .eachFile }

    /// Makes a fresh staging folder beside `destination` (stale ones from killed runs are removed
    /// first); refuses up front when the destination may not be replaced.
    package init(
        replacing destination: String, replaces: Replaces = .chatrenderOutput, what: String = "the output",
        durability: Durability = .eachFile
    ) throws(DiagnosticError) {
        self.destination = OutputWriter.trimmingTrailingSlashes(destination)
        self.replaces = replaces
        self.what = what
        self.durability = durability
        let target = self.destination
        path = try StagingFolder.make(beside: target) { () throws(DiagnosticError) in
            try StagingFolder.checkReplaceable(target, replaces, what: what)
        }
    }

    /// The one staging maker: a new folder named `.NAME.chatrender-staging-XXXXXX` beside
    /// `target`, after creating the parent folder, removing stale staging folders of the same
    /// target, and running `check` (which refuses targets that may not be replaced).
    package static func make(beside target: String, check: () throws(DiagnosticError) -> Void) throws(DiagnosticError) -> String {
        let parent = FilePath.directory(target).isEmpty ? "." : FilePath.directory(target)
        let base = FilePath.lastComponent(target)
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw cannotWrite(parent, "cannot create the output's parent folder: \(OutputWriter.reason(error))")
        }
        let prefix = ".\(base)\(OutputWriter.stagingInfix)"
        for name in FilePath.names(in: parent, withPrefix: prefix) {
            OutputWriter.removeTree(FilePath.join(parent, name))
        }
        try check()
        var bytes = Array(FilePath.join(parent, prefix + "XXXXXX").utf8CString)
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
        return FilePath.join(destination, AssetNames.assetsFolder)
    }

    /// Hard-links `relative` from the chatrender output about to be replaced into this one when
    /// it holds exactly `bytes` there: a file that did not change (a watched page's earlier
    /// updates, every round) is then neither written nor flushed again, and the swap is still
    /// one step. False, and nothing done, when there is no such file; the caller writes it.
    package func keep(_ relative: String, holding bytes: [UInt8]) -> Bool {
        guard FileManager.default.fileExists(atPath: FilePath.join(destination, OutputWriter.marker)) else { return false }
        let source = FilePath.join(destination, relative)
        guard let checked = Self.identity(ofFileAt: source, holding: bytes) else { return false }
        let target = FilePath.join(path, relative)
        var linked = link(source, target) == 0
        if !linked && errno == ENOENT && (try? folder(FilePath.directory(relative))) != nil { linked = link(source, target) == 0 }
        guard linked else { return false }
        // The file linked is the one read, not one put in its place since.
        var info = stat()
        if lstat(target, &info) == 0, UInt64(info.st_dev) == checked.device, UInt64(info.st_ino) == checked.inode { return true }
        unlink(target)
        return false
    }

    /// Puts the finished staging folder in place of the destination (see ``AtomicSwap``), then
    /// removes the previous one. On failure the staging folder is removed and the destination
    /// stays as it was.
    package func commit() throws(DiagnosticError) {
        do throws(DiagnosticError) {
            if replaces == .chatrenderOutput {
                // Kept as it is when the output replaced has it: a site updated in place rewrites
                // only what changed.
                let marker = Array("chatrender output folder; replaced as a whole on each render\n".utf8)
                if !keep(OutputWriter.marker, holding: marker) { try write(marker, to: OutputWriter.marker) }
            }
            if durability == .atCommit { try flushAll() }
            // Checked again: the destination may have changed while the output was being made.
            try Self.checkReplaceable(destination, replaces, what: what)
            if let previous = try AtomicSwap.swap(path, into: destination, what: what) {
                OutputWriter.removeTree(previous)
            }
        } catch {
            discard()
            throw error
        }
    }

    /// Flushes everything in the staging folder to disk: the file system at once where the system
    /// can (see `cplatform_sync_filesystem`), otherwise each file and folder in turn.
    private func flushAll() throws(DiagnosticError) {
        if cplatform_sync_filesystem(path) == 0 { return }
        guard errno == ENOSYS else {
            throw Self.cannotWrite(destination, "cannot flush the output to disk: \(String(cString: strerror(errno)))")
        }
        var paths = [path]
        if let walk = FileManager.default.enumerator(atPath: path) {
            while let relative = walk.nextObject() as? String { paths.append(FilePath.join(path, relative)) }
        }
        for file in paths {
            let fd = open(file, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw Self.cannotWrite(destination, "cannot flush \(file) to disk: \(String(cString: strerror(errno)))") }
            let failed = fsync(fd) != 0
            let reason = errno
            close(fd)
            if failed { throw Self.cannotWrite(destination, "cannot flush \(file) to disk: \(String(cString: strerror(reason)))") }
        }
    }

    /// Removes the staging folder after a failure.
    package func discard() {
        OutputWriter.removeTree(path)
    }

    /// The destination may be replaced only if it is missing, or as `replaces` allows.
    static func checkReplaceable(_ destination: String, _ replaces: Replaces, what: String) throws(DiagnosticError) {
        var info = stat()
        guard lstat(destination, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw cannotWrite(
                destination,
                replaces == .chatrenderOutput
                    ? "exists and is not a folder; expected a folder to write the page into"
                    : "exists and is not a folder; expected \(what) folder")
        }
        guard replaces == .chatrenderOutput else { return }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: destination)) ?? []
        if contents.isEmpty || contents.contains(OutputWriter.marker) { return }
        throw cannotWrite(destination, "exists, is not empty and was not made by chatrender; refusing to replace it (choose another --out or empty it)")
    }

    static func cannotWrite(_ path: String, _ message: String) -> DiagnosticError {
        DiagnosticError(Diagnostic(file: path, message: message), kind: .cannotWrite)
    }
}
