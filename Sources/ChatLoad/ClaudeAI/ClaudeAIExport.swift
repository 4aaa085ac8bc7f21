import Foundation
import ChatModel
import ChatSupport

/// A claude.ai data export as the person names it: the zip as downloaded, its unzipped folder,
/// or its `conversations.json`. `projects.json`, when it sits beside `conversations.json`, names
/// the projects conversations belong to. The export carries no uploaded file bytes, so nothing
/// else is read from it.
package struct ClaudeAIExport {
    /// How messages name `conversations.json` (`export.zip/conversations.json` inside an archive).
    package var displayPath: String
    /// How messages name `projects.json`; nil when the export has none.
    package var projectsDisplayPath: String?
    private var readConversations: () throws(DiagnosticError) -> [UInt8]
    private var readProjects: (() throws(DiagnosticError) -> [UInt8])?

    /// The parsed `conversations.json`.
    package func conversations() throws(DiagnosticError) -> JSONNode {
        try ImportSource.parse(bytes: try readConversations(), displayPath: displayPath)
    }

    /// The parsed `projects.json`, or nil when there is none. Unlike the conversations, a broken
    /// `projects.json` costs only the grouping: it is a warning, and the conversations still import.
    package func projects() -> (JSONNode?, [Diagnostic]) {
        guard let readProjects, let name = projectsDisplayPath else { return (nil, []) }
        do throws(DiagnosticError) {
            return (try ImportSource.parse(bytes: try readProjects(), displayPath: name), [])
        } catch {
            let warnings = error.diagnostics.map { diagnostic -> Diagnostic in
                var warning = diagnostic
                warning.severity = .warning
                warning.message += "; the conversations are listed without their projects"
                return warning
            }
            return (nil, warnings)
        }
    }

    static let what = "claude.ai conversations"

    package static func open(_ path: String, limits: ZipLimits = .standard) throws(DiagnosticError) -> ClaudeAIExport {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if exists, isFolder.boolValue {
            let file = FilePath.join(path, "conversations.json")
            guard FileManager.default.fileExists(atPath: file) else {
                throw DiagnosticError(
                    Diagnostic(file: path, message: "no conversations.json in this folder; expected claude.ai's data export (the zip, or its unzipped folder)"),
                    kind: .missingInput)
            }
            return beside(file)
        }
        if path.lowercased().hasSuffix(".zip") || (exists && isZip(path)) {
            return try openZip(path, limits: limits)
        }
        return beside(path)
    }

    /// `conversations.json` on disk, and the `projects.json` in its folder if there is one.
    private static func beside(_ file: String) -> ClaudeAIExport {
        let folder = FilePath.directory(file)
        let projects = FilePath.join(folder.isEmpty ? "." : folder, "projects.json")
        var isFolder: ObjCBool = false
        let hasProjects = FileManager.default.fileExists(atPath: projects, isDirectory: &isFolder) && !isFolder.boolValue
        let shownProjects = folder.isEmpty ? "projects.json" : projects
        return ClaudeAIExport(
            displayPath: file, projectsDisplayPath: hasProjects ? shownProjects : nil,
            readConversations: { () throws(DiagnosticError) in
                try FileInput.read(path: file, displayPath: file, limit: ImportSource.maxFileSize, what: what)
            },
            readProjects: hasProjects
                ? { () throws(DiagnosticError) in
                    try FileInput.read(path: projects, displayPath: shownProjects, limit: ImportSource.maxFileSize, what: "claude.ai projects")
                } : nil)
    }

    /// The archive's `conversations.json`: at its root, or in its one top-level folder; its
    /// `projects.json` beside it.
    private static func openZip(_ path: String, limits: ZipLimits) throws(DiagnosticError) -> ClaudeAIExport {
        let archive = try ZipArchive(path: path, limits: limits)
        let name = "conversations.json"
        var found = archive.entry(named: name)
        if found == nil {
            let nested = archive.entries.filter { entry in
                let parts = entry.name.split(separator: "/", omittingEmptySubsequences: false)
                return parts.count == 2 && parts[1] == name[...]
            }
            if nested.count > 1 {
                let places = nested.prefix(3).map { ZipEntry.describe($0.name) }.joined(separator: ", ")
                throw DiagnosticError(
                    Diagnostic(
                        file: path,
                        message:
                            "\(nested.count) conversations.json files (\(places)); expected one export per zip archive, at its root or in one top-level folder")
                )
            }
            found = nested.first
        }
        guard let entry = found else {
            throw DiagnosticError(
                Diagnostic(
                    file: path, message: "no conversations.json at the top of the zip archive or in one top-level folder; expected claude.ai's data export"))
        }
        let root = String(entry.name.dropLast(name.count))
        var export = ClaudeAIExport(
            displayPath: FilePath.join(path, entry.name), projectsDisplayPath: nil,
            readConversations: { () throws(DiagnosticError) in
                try archive.read(entry, limit: ImportSource.maxFileSize, what: what)
            },
            readProjects: nil)
        if let projects = archive.entry(named: root + "projects.json") {
            export.projectsDisplayPath = FilePath.join(path, projects.name)
            export.readProjects = { () throws(DiagnosticError) in
                try archive.read(projects, limit: ImportSource.maxFileSize, what: "claude.ai projects")
            }
        }
        return export
    }

    /// A zip's first bytes: a local header, or the end record of an empty archive.
    private static func isZip(_ path: String) -> Bool {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)  // never waits on a FIFO
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            let head = ZipArchive.pread(fd, offset: 0, count: 4)
        else { return false }
        return head == [0x50, 0x4B, 0x03, 0x04] || head == [0x50, 0x4B, 0x05, 0x06]
    }
}
