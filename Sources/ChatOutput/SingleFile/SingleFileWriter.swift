import Foundation
import ChatModel

/// Writes a single-file page and, when something stayed out of it, the folder beside it
/// (`NAME_files/` for `NAME.html`), the way ``OutputWriter`` writes an output folder: everything
/// is built in a staging folder beside the page and moved into place at the end, so a failed or
/// killed run leaves the previous page as it was.
///
/// Only a page chatrender wrote (it ends with ``marker``) or a missing path is ever replaced,
/// and only a folder carrying ``OutputWriter/marker`` (or an empty one) is replaced or removed.
package final class SingleFileWriter: FolderOutput, @unchecked Sendable {
    /// The `.html` file the person asked for.
    package let page: String
    /// `NAME_files` for `NAME.html`: the folder beside the page, for what is not inlined.
    package let filesFolderName: String

    /// The last line of every single-file page: how a later run recognises a page it may replace.
    package static let marker = "<!-- chatrender single-file page; replaced as a whole on each render -->\n"

    /// The staging folder beside the page, where the page's assets are made before they are
    /// inlined or moved into ``filesFolder``.
    package private(set) var path = ""
    package var destination: String { page }

    /// Makes the staging folder beside `page`; refuses a page that chatrender did not write.
    package init(page: String) throws(DiagnosticError) {
        self.page = OutputWriter.trimmingTrailingSlashes(page)
        let stem = FilePath.stem(self.page)
        filesFolderName = (stem.isEmpty ? "page" : stem) + "_files"
        path = try makeStaging()
    }

    var parent: String { FilePath.directory(page).isEmpty ? "." : FilePath.directory(page) }

    /// The folder beside the page.
    package var filesFolder: String { FilePath.join(parent, filesFolderName) }

    /// The folder's name as links spell it: every byte outside the URL's unreserved set is
    /// percent-encoded, so a space or `#` in the page's name cannot break `srcset` or a link.
    package var filesFolderHref: String {
        var out = ""
        for byte in filesFolderName.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// A fresh staging folder beside the page (``StagingFolder/make(beside:check:)``); refuses a
    /// page that chatrender did not write.
    private func makeStaging() throws(DiagnosticError) -> String {
        try StagingFolder.make(beside: page) { () throws(DiagnosticError) in try checkPageReplaceable() }
    }

    /// Writes the page, moves the `spilled` assets (names in `staging/assets/`) into the folder
    /// beside it, and puts both in place: the folder first, then the page in one rename. A folder
    /// left from an earlier page that spilled nothing now is removed.
    package func commit(page bytes: [UInt8], spilled: [String]) throws(DiagnosticError) {
        let staging = path
        let fm = FileManager.default
        let stagedPage = FilePath.join(staging, "page.html")
        let stagedFolder = FilePath.join(staging, filesFolderName)
        do {
            try Data(bytes + Array(SingleFileWriter.marker.utf8)).write(to: URL(fileURLWithPath: stagedPage))
            chmod(stagedPage, 0o644)
            if !spilled.isEmpty {
                try fm.createDirectory(atPath: stagedFolder, withIntermediateDirectories: true)
                chmod(stagedFolder, 0o755)
                for name in spilled {
                    try fm.moveItem(
                        atPath: FilePath.join(staging, FilePath.join(AssetNames.assetsFolder, name)),
                        toPath: FilePath.join(stagedFolder, name))
                }
                try Data("files of a chatrender single-file page; replaced with the page on each render\n".utf8)
                    .write(to: URL(fileURLWithPath: FilePath.join(stagedFolder, OutputWriter.marker)))
            }
        } catch {
            throw cannotWrite(page, "cannot write the page: \(OutputWriter.reason(error))")
        }
        try checkPageReplaceable()
        let folderExists = exists(filesFolder)
        var previousFolder: String?  // where the folder it replaced now sits, to restore or remove
        if !spilled.isEmpty {
            try checkFolderReplaceable()
            previousFolder = try AtomicSwap.swap(stagedFolder, into: filesFolder, what: "the folder beside the page")
        }
        guard rename(stagedPage, page) == 0 else {
            let reason = String(cString: strerror(errno))
            // Put the folder back as it was, so the previous page still finds its files.
            if !spilled.isEmpty {
                if let previousFolder {
                    AtomicSwap.restore(previousFolder, to: filesFolder)
                } else {
                    try? fm.removeItem(atPath: filesFolder)
                }
            }
            throw cannotWrite(page, "cannot move the page into place: \(reason)")
        }
        if spilled.isEmpty, folderExists, isOurFolder(filesFolder) {
            try? fm.removeItem(atPath: filesFolder)
        }
        discard()
    }

    /// Removes the staging folder (after a failure, or what is left of it after a commit).
    package func discard() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The page may be replaced only if it is missing or a page chatrender wrote.
    func checkPageReplaceable() throws(DiagnosticError) {
        var info = stat()
        guard lstat(page, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw cannotWrite(page, "exists and is not a regular file; expected a path for the .html page")
        }
        guard SingleFileWriter.isSingleFilePage(page) else {
            throw cannotWrite(page, "exists and was not written by chatrender --single-file; refusing to replace it (choose another --out or remove it)")
        }
    }

    /// The folder beside may be replaced only if it is missing, empty or made by chatrender.
    func checkFolderReplaceable() throws(DiagnosticError) {
        var info = stat()
        guard lstat(filesFolder, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw cannotWrite(filesFolder, "exists and is not a folder; the files left out of the page go there")
        }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: filesFolder)) ?? []
        guard contents.isEmpty || contents.contains(OutputWriter.marker) else {
            throw cannotWrite(filesFolder, "exists, is not empty and was not made by chatrender; refusing to replace it (choose another --out or empty it)")
        }
    }

    /// Whether the file at `path` ends with ``marker``.
    package static func isSingleFilePage(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let tail = UInt64(marker.utf8.count + 2)
        guard let end = try? handle.seekToEnd(), end >= UInt64(marker.utf8.count) else { return false }
        try? handle.seek(toOffset: end > tail ? end - tail : 0)
        guard let data = try? handle.readToEnd() else { return false }
        return String(decoding: data, as: UTF8.self).hasSuffix(marker)
    }

    private func isOurFolder(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        return FileManager.default.fileExists(atPath: FilePath.join(path, OutputWriter.marker))
    }

    private func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    private func cannotWrite(_ path: String, _ message: String) -> DiagnosticError {
        DiagnosticError(Diagnostic(file: path, message: message), kind: .cannotWrite)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
