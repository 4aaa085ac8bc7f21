import Foundation
import ChatModel

/// Resolves a path from the conversation against the conversation's folder, refusing anything
/// that would read outside it: absolute paths, `..` that climbs out, and symlinks that point out.
package enum SourcePath {
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
            var depth = 0
            for component in relative.split(separator: "/", omittingEmptySubsequences: true) {
                if component == ".." { depth -= 1 } else if component != "." { depth += 1 }
                if depth < 0 { return .failure(ImageProblem(outside)) }
            }
        }
        // Percent-encoded names are taken literally: they are file paths, not URLs.
        let joined = relative.hasPrefix("/") ? relative : FilePath.join(base, relative)
        guard let real = realPath(joined) else { return .failure(ImageProblem("no such file")) }
        let roots = ([base] + allowedOutside).compactMap(realPath)
        let inside = roots.contains { root in real == root || real.hasPrefix(root.hasSuffix("/") ? root : root + "/") }
        guard inside else {
            return .failure(ImageProblem(allowedOutside.isEmpty && !relative.contains("..") && !relative.hasPrefix("/")
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

    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
