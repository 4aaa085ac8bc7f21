import Foundation
import ChatModel
import ChatSupport

/// How a site names the projects its sessions were run in, from the working folders the sessions
/// record: worktrees of one repository are one project (a session run in a worktree is filed
/// under the repository it checks out), and each project is called by its folder's last name
/// ("shop") unless two projects share it ("~/work/app", "~/play/app"), which keep their paths.
package enum ProjectNames {
    /// Folders that agents and people make worktrees in, inside the repository they belong to.
    static let worktreeFolders = ["/.claude/worktrees/", "/.worktrees/", "/.git/worktrees/"]

    /// The repository the working folder `path` belongs to: the main checkout of a linked
    /// worktree (its `.git` file names `REPO/.git/worktrees/NAME`), or the folder a known
    /// worktree folder is in; otherwise `path` itself.
    package static func repository(of path: String) -> String {
        let gitFile = FilePath.join(path, ".git")
        var info = stat()
        if lstat(gitFile, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            let bytes = try? FileInput.read(path: gitFile, displayPath: gitFile, limit: 4096, what: "worktree's .git file")
        {
            let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if text.hasPrefix("gitdir:") {
                let gitdir = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespaces)
                if let found = gitdir.range(of: "/.git/worktrees/") { return String(gitdir[..<found.lowerBound]) }
            }
        }
        for folder in worktreeFolders {
            if let found = path.range(of: folder) { return String(path[..<found.lowerBound]) }
        }
        return path
    }

    /// The names of `projects` (working folders, in any order) as a site shows them.
    package static func names(_ projects: [String?]) -> [String?] {
        let repositories = projects.map { $0.map(repository) }
        var places: [String: Set<String>] = [:]
        for path in repositories.compactMap({ $0 }) { places[FilePath.lastComponent(path), default: []].insert(path) }
        return repositories.map { path in
            guard let path else { return nil }
            let name = FilePath.lastComponent(path)
            return (places[name]?.count ?? 0) > 1 || name.isEmpty ? path : name
        }
    }
}
