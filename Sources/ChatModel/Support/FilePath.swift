#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain path arithmetic on strings. Foundation's `NSString` path methods trap on some inputs
/// (a one-component relative path such as `"o"` here), and paths come from the person, so
/// chatrender does its own.
package enum FilePath {
    /// `a/b` + `c` → `a/b/c`; an absolute `component` replaces the base.
    package static func join(_ base: String, _ component: String) -> String {
        if component.hasPrefix("/") || base.isEmpty { return component }
        if component.isEmpty { return base }
        return base.hasSuffix("/") ? base + component : base + "/" + component
    }

    /// `folder` + `relative` for a file named relative to another file's folder, written as the
    /// person would write it: like ``join(_:_:)``, but the current folder adds nothing
    /// (`.` + `a.json` → `a.json`, where `join` gives `./a.json`). ``directory(_:)`` of a bare
    /// name is `.`, so a file beside `theme.json` is named `light.json` in a message, as the
    /// person named its neighbour, not `./light.json`. An absolute `relative` replaces the
    /// folder, as in `join`.
    package static func joinRelative(_ folder: String, _ relative: String) -> String {
        folder == "." ? relative : join(folder, relative)
    }

    /// The folder part: `a/b/c` → `a/b`, `c` → `.`, `/c` → `/`, `a/b/` → `a`.
    package static func directory(_ path: String) -> String {
        var trimmed = Substring(path)
        // More than one character, asked without counting them all.
        while trimmed.last == "/" && trimmed.index(after: trimmed.startIndex) != trimmed.endIndex { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        if slash == trimmed.startIndex { return "/" }
        var folder = trimmed[..<slash]
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        return String(folder)
    }

    /// The last component: `a/b/c.json` → `c.json`, `a/b/` → `b`.
    package static func lastComponent(_ path: String) -> String {
        var trimmed = Substring(path)
        // More than one character, asked without counting them all.
        while trimmed.last == "/" && trimmed.index(after: trimmed.startIndex) != trimmed.endIndex { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        let name = trimmed[trimmed.index(after: slash)...]
        return name.isEmpty ? String(trimmed) : String(name)
    }

    /// The last component without its final extension: `a/c.json` → `c`, `.hidden` → `.hidden`.
    package static func stem(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The names in `folder` that begin with `prefix` (no `.` or `..`); empty when the folder
    /// cannot be read. A render looks for its own stale staging folders beside `--out`, whose
    /// parent may hold thousands of entries: `readdir` compares each name's bytes where it lies,
    /// where Foundation's listing makes a `String` of every one first (10 M instructions for a
    /// parent of 8,700 entries, against well under 1 M).
    package static func names(in folder: String, withPrefix prefix: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        let wanted = prefix.utf8.count
        var found: [String] = []
        while let entry = readdir(dir) {
            let name: String? = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let bytes = raw.assumingMemoryBound(to: CChar.self)
                guard let base = bytes.baseAddress else { return nil }
                let length = strnlen(base, bytes.count)
                guard length >= wanted, strncmp(base, prefix, wanted) == 0 else { return nil }
                return String(decoding: UnsafeRawBufferPointer(start: base, count: length), as: UTF8.self)
            }
            if let name, name != ".", name != ".." { found.append(name) }
        }
        return found
    }
}
