import Foundation
import ChatModel

/// `chatrender preview --watch`: renders the gallery, then again each time a theme file, a file
/// it refers to, or a conversation changes, until asked to stop. The page reloads itself (see
/// ``PreviewReloadScript``); no server is needed, it works from the file system.
package enum PreviewWatch {
    /// What happened, for the command line to print.
    package enum Event {
        /// The gallery was written (the first time, or again after `changed` files).
        case wrote(ThemePreview.Result, changed: [String], milliseconds: Int)
        /// A render failed; the page on disk is the last good one, and watching goes on.
        case failed(DiagnosticError)
    }

    /// At most this many files are watched (a theme in a large folder of JSON files).
    static let maxFiles = 500

    /// Renders `request`, then polls the files it read every `interval` seconds; a change is
    /// rendered once the files have been still for `quiet` seconds (an editor's save can write
    /// a file in several steps). Returns when `shouldStop` says so, checked between polls.
    package static func run(
        _ request: ThemePreview.Request, interval: Double = 0.2, quiet: Double = 0.3,
        shouldStop: () -> Bool, report: (Event) -> Void
    ) {
        var version = 0
        func render(changed: [String]) {
            version += 1
            var watched = request
            watched.watchVersion = "\(ProcessInfo.processInfo.processIdentifier)-\(Int(Date().timeIntervalSince1970))-\(version)"
            let start = Date()
            do throws(DiagnosticError) {
                let result = try ThemePreview.render(watched)
                report(.wrote(result, changed: changed, milliseconds: Int(Date().timeIntervalSince(start) * 1000)))
            } catch {
                report(.failed(error))
            }
        }
        render(changed: [])
        var seen = fingerprint(files(for: request))
        while !shouldStop() {
            pause(interval, unless: shouldStop)
            var now = fingerprint(files(for: request))
            guard now != seen else { continue }
            // Wait for the writes to settle.
            var stillSince = Date()
            while !shouldStop() {
                pause(interval, unless: shouldStop)
                let next = fingerprint(files(for: request))
                if next != now {
                    now = next
                    stillSince = Date()
                } else if Date().timeIntervalSince(stillSince) >= quiet {
                    break
                }
            }
            if shouldStop() { break }
            let changed = Set(now.keys).union(seen.keys).filter { now[$0] != seen[$0] }.sorted()
            seen = now
            render(changed: changed)
        }
    }

    /// Sleeps `seconds` in short steps, waking early when `stop` says so.
    static func pause(_ seconds: Double, unless stop: () -> Bool) {
        var left = seconds
        while left > 0 && !stop() {
            let step = min(left, 0.05)
            usleep(useconds_t(step * 1_000_000))
            left -= step
        }
    }

    /// The files a preview reads: each theme file and, for a resolver, the JSON files in its
    /// folder and below (those it may refer to); each conversation file.
    package static func files(for request: ThemePreview.Request) -> [String] {
        var files: [String] = []
        for theme in request.themePaths {
            files.append(theme)
            if theme.hasSuffix(".resolver.json") {
                files += jsonFiles(under: FilePath.directory(theme).isEmpty ? "." : FilePath.directory(theme), depth: 3)
            }
        }
        files += request.conversationPaths
        var unique: [String] = []
        var seen: Set<String> = []
        for file in files where seen.insert(file).inserted { unique.append(file) }
        return Array(unique.prefix(maxFiles))
    }

    static func jsonFiles(under folder: String, depth: Int) -> [String] {
        guard depth > 0, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var found: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = FilePath.join(folder, name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                found += jsonFiles(under: path, depth: depth - 1)
            } else if name.hasSuffix(".json") {
                found.append(path)
            }
            if found.count >= maxFiles { break }
        }
        return found
    }

    /// Modification time (ns) and size of each file; a missing file counts as a change too.
    struct Stamp: Equatable {
        var modified: Int64
        var size: Int64
    }

    static func fingerprint(_ files: [String]) -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        for file in files {
            var info = stat()
            if stat(file, &info) == 0 {
                stamps[file] = Stamp(
                    modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec),
                    size: Int64(info.st_size))
            } else {
                stamps[file] = Stamp(modified: -1, size: -1)
            }
        }
        return stamps
    }
}
