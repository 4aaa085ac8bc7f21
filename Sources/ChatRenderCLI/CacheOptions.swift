import ChatRender
import Foundation

/// `--cache DIR` and `--no-cache`: where web images and a site's pages are kept between renders.
enum CacheOptions {
    static let cache = Option.value(
        "--cache", valueName: "DIR",
        help: "keep web images and a site's pages in DIR between renders, and reuse them: a re-render into a new folder, "
            + "--single-file or a newer export makes only what changed (default: chatrender/ in the user's cache folder, "
            + "$XDG_CACHE_HOME or ~/.cache). At most 2 GiB, the least recently used removed "
            + "first; safe to delete at any time",
        kind: .folder, read: OptionReader.outputPath)
    static let noCache = Option.flag("--no-cache", help: "neither read nor write a cache: make every image and page afresh")

    static let group = OptionGroup("CACHE", [cache.option, noCache.option])
    static let rule = CommandRule.excludes(noCache.option, cache.option, "--no-cache and --cache contradict each other: choose one")

    /// The cache folder for this run: `--cache`, else the user's cache folder; nil with `--no-cache`
    /// or when there is no home folder to put it in.
    static func folder(_ parsed: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if parsed.has(noCache) { return nil }
        if let given = parsed[cache] { return given }
        return userCacheFolder(environment)
    }

    /// `$XDG_CACHE_HOME/chatrender` when it is an absolute path (the XDG Base Directory rule),
    /// else `~/.cache/chatrender`.
    static func userCacheFolder(_ environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return FilePath.join(xdg, "chatrender") }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return FilePath.join(home, ".cache/chatrender")
    }
}
