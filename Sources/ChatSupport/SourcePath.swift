import Foundation
import ChatModel

/// Paths from input (a conversation's photos and files, an export's files and manifest, a theme's
/// `$ref`, a zip archive's entries) and the one check that they stay inside the folder they are
/// read from or extracted into: ``components(_:plain:)`` for the path as written, ``lies(_:within:)``
/// for where it leads once symbolic links are followed, and ``resolve(_:base:allowedOutside:)``,
/// which does both for a file to read.
package enum SourcePath {
    /// Why a relative path may not be used: what ``components(_:plain:)`` found.
    package enum Leaves: Error, Equatable {
        /// It starts with `/`.
        case absolute
        /// A `..` climbs out of the folder (with `plain`, any `..`).
        case climbsOut
        /// A `.` component (with `plain` only).
        case dot
        /// An empty component, `a//b` or a trailing `/` (with `plain` only).
        case emptyComponent
    }

    /// The components of `relative`, a path from input, as long as it stays inside the folder it
    /// is read from: not absolute, and no `..` that climbs out. `.` and empty components are
    /// dropped and each `..` takes the component before it (`a/../b` is `b`). With `plain`, the
    /// path must name its place directly instead: no `.`, `..` or empty component at all (a zip
    /// entry, a file a manifest lists), and the first one found is the answer.
    ///
    /// Only the path as written: where symbolic links lead is ``lies(_:within:)``'s question. Other
    /// rules (control characters, backslashes, `~`, drive letters) are each caller's, with its
    /// own words, checked before this.
    package static func components(_ relative: String, plain: Bool = false) -> Result<[Substring], Leaves> {
        if relative.hasPrefix("/") { return .failure(.absolute) }
        var parts: [Substring] = []
        for part in relative.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case "..":
                if plain || parts.isEmpty { return .failure(.climbsOut) }
                parts.removeLast()
            case ".":
                if plain { return .failure(.dot) }
            case "":
                if plain { return .failure(.emptyComponent) }
            default:
                parts.append(part)
            }
        }
        return .success(parts)
    }

    /// Whether `real`, a path with its symbolic links resolved (``realPath(_:)``), is the folder
    /// `root` (resolved too) or lies inside it.
    package static func lies(_ real: String, within root: String) -> Bool {
        real == root || real.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// The real path of a readable regular file inside `base` (or inside one of `allowedOutside`,
    /// which `--allow-outside` adds), or the reason it cannot be used.
    package static func resolve(_ relative: String, base: String, allowedOutside: [String] = []) -> Result<String, ImageProblem> {
        if relative.isEmpty { return .failure(ImageProblem("the path is empty")) }
        let outside = "the path leads outside the conversation's folder"
        if relative.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\\" }) {
            return .failure(ImageProblem("the path contains a control character or backslash"))
        }
        if allowedOutside.isEmpty {
            if relative.hasPrefix("/") || relative.hasPrefix("~") {
                return .failure(ImageProblem("absolute paths are not allowed; expected a path relative to the conversation file"))
            }
            if case .failure = components(relative) { return .failure(ImageProblem(outside)) }
        }
        // Percent-encoded names are taken literally: they are file paths, not URLs.
        let joined = relative.hasPrefix("/") ? relative : FilePath.join(base, relative)
        guard let real = realPath(joined) else { return .failure(ImageProblem("no such file")) }
        let roots = ([base] + allowedOutside).compactMap(realPath)
        guard roots.contains(where: { lies(real, within: $0) }) else {
            return .failure(
                ImageProblem(
                    allowedOutside.isEmpty && !relative.contains("..") && !relative.hasPrefix("/")
                        ? outside + " (through a symbolic link)" : outside))
        }
        var info = stat()
        guard stat(real, &info) == 0 else { return .failure(ImageProblem("cannot read the file")) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(ImageProblem("the path is a directory, not a file"))
        default: return .failure(ImageProblem("the path is not a regular file (a device, FIFO or socket)"))
        }
        guard access(real, R_OK) == 0 else { return .failure(ImageProblem("permission denied")) }
        return .success(real)
    }

    /// `path` with every symbolic link, `.` and `..` resolved; nil when it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
