/// Plain path arithmetic on strings. Foundation's `NSString` path methods trap on some inputs
/// (a one-component relative path such as `"o"` here), and paths come from the person, so
/// chatrender does its own.
public enum FilePath {
    /// `a/b` + `c` → `a/b/c`; an absolute `component` replaces the base.
    public static func join(_ base: String, _ component: String) -> String {
        if component.hasPrefix("/") || base.isEmpty { return component }
        if component.isEmpty { return base }
        return base.hasSuffix("/") ? base + component : base + "/" + component
    }

    /// The folder part: `a/b/c` → `a/b`, `c` → `.`, `/c` → `/`, `a/b/` → `a`.
    public static func directory(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        if slash == trimmed.startIndex { return "/" }
        var folder = trimmed[..<slash]
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        return String(folder)
    }

    /// The last component: `a/b/c.json` → `c.json`, `a/b/` → `b`.
    public static func lastComponent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        let name = trimmed[trimmed.index(after: slash)...]
        return name.isEmpty ? String(trimmed) : String(name)
    }

    /// The last component without its final extension: `a/c.json` → `c`, `.hidden` → `.hidden`.
    public static func stem(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
