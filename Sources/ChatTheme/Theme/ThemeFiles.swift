import Foundation
import ChatModel
import ChatSupport

/// Reading theme files, and checking that a resolver's `$ref` stays inside the resolver's folder
/// (through ``SourcePath``, the one containment check; paths are joined with ``FilePath``).
package enum ThemeFiles {
    package enum ReadFailure: Error, Equatable {
        case missing, directory, unreadable
        /// Not a regular file, or over ``maxFileSize``: the reason from ``FileInput``.
        case refused(String)
        var message: String {
            switch self {
            case .missing: return "no such file"
            case .directory: return "is a folder, expected a file"
            case .unreadable: return "cannot be read"
            case .refused(let reason): return reason
            }
        }
    }

    /// Theme and token files larger than this are refused before reading (a documented limit).
    static let maxFileSize = 16 * 1024 * 1024

    static func read(_ path: String) -> Result<[UInt8], ReadFailure> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .failure(.missing) }
        if isDirectory.boolValue { return .failure(.directory) }
        // Regular files only, and bounded: `/dev/zero` or a multi-gigabyte file must not exhaust memory.
        do {
            return .success(try FileInput.read(path: path, displayPath: path, limit: maxFileSize, what: "theme"))
        } catch {
            return .failure(.refused(error.diagnostics.first?.message ?? "cannot be read"))
        }
    }

    /// Why a `$ref` file path is refused.
    package struct ReferenceProblem: Error, Equatable {
        var reason: String
    }

    /// Checks a `$ref` file path and returns it normalised (no `.`, no empty parts), or the reason it is refused.
    static func normalizeReference(_ reference: String) -> Result<String, ReferenceProblem> {
        if reference.isEmpty { return .failure(ReferenceProblem(reason: "is empty; expected a relative file path")) }
        if reference.hasPrefix("/") || reference.hasPrefix("~") || reference.contains("\\") {
            return .failure(ReferenceProblem(reason: "must be a relative path inside the resolver's folder, using '/'"))
        }
        if reference.contains(":") { return .failure(ReferenceProblem(reason: "must be a relative file path, not a URL or drive path")) }
        if reference.contains("#") { return .failure(ReferenceProblem(reason: "may not contain a '#' fragment; refer to a whole file")) }
        if reference.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return .failure(ReferenceProblem(reason: "contains a control character"))
        }
        guard case .success(let parts) = SourcePath.components(reference) else {
            return .failure(ReferenceProblem(reason: "leads outside the resolver's folder"))
        }
        if parts.isEmpty { return .failure(ReferenceProblem(reason: "does not name a file")) }
        return .success(parts.joined(separator: "/"))
    }

    /// Whether `path`, after following symbolic links, still lies inside `folder` (a path that
    /// does not resolve is let through, to fail as unreadable; the folder itself is no file in it).
    static func stays(_ path: String, inside folder: String) -> Bool {
        guard let real = SourcePath.realPath(path), let base = SourcePath.realPath(folder) else { return true }
        return base == "/" || (real != base && SourcePath.lies(real, within: base))
    }
}
