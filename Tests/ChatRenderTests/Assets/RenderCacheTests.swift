import Foundation
import Testing
@testable import ChatModel
@testable import ChatPlan
@testable import ChatOutput
@testable import ChatAssets
@testable import ChatRender
import TestSupport

/// `--cache DIR`: web images and a site's pages kept between renders, reused by a render into a
/// new folder, by `--single-file` and by a newer export, and never trusted blindly.
@Suite(.serialized) struct RenderCacheTests {
    static let garden = TestPaths.repo("examples/garden/conversation.json")

    func request(out: String, cache: String?) -> RenderRequest {
        var request = RenderRequest(
            conversationPath: Self.garden, themePath: TestPaths.defaultTheme,
            templatesDirectory: TestPaths.templates, outputDirectory: out)
        request.cacheDirectory = cache
        return request
    }

    @Test func aRenderIntoANewFolderTakesEveryImageFromTheCache() throws {
        let temp = TestPaths.temporaryFolder("cache-images")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let cache = temp + "/cache"
        let first = CountingInspector(VipsImageInspector())
        let one = try ChatRenderer.render(request(out: temp + "/one", cache: cache), inspector: first)
        #expect(one.images.imagesMade == 18 && one.images.imagesReused == 0)
        let cached = try FileManager.default.contentsOfDirectory(atPath: cache + "/images").filter { !$0.hasPrefix(".") }
        #expect(cached.count == 18)
        #expect(FileManager.default.fileExists(atPath: cache + "/CACHEDIR.TAG"))

        // Another folder: nothing of the first output is there to reuse, but the cache is.
        let second = CountingInspector(VipsImageInspector())
        let two = try ChatRenderer.render(request(out: temp + "/two", cache: cache), inspector: second)
        #expect(second.calls == 0)
        #expect(two.images.imagesMade == 0 && two.images.imagesReused == 18)
        // The cache's source index: no source (6 photos, 2 files) was even read again.
        #expect(
            one.images.sourcesRead == 8 && two.images.sourcesRead == 0 && two.images.sourcesRecognised == 8,
            "\(one.images) \(two.images)")
        let a = FolderSiteTests.files(in: temp + "/one"), b = FolderSiteTests.files(in: temp + "/two")
        #expect(a.keys.sorted() == b.keys.sorted())
        for (path, data) in a where b[path] != data { Issue.record("\(path) differs") }

        // One self-contained page: its images come from the cache too.
        var single = request(out: temp + "/single", cache: cache)
        single.singleFile = SingleFileOptions(page: temp + "/single/garden.html", inlineLimit: .standard)
        let third = CountingInspector(VipsImageInspector())
        let three = try ChatRenderer.render(single, inspector: third)
        #expect(third.calls == 0 && three.images.imagesMade == 0)

        // Without a cache, everything is made again.
        let fourth = CountingInspector(VipsImageInspector())
        let four = try ChatRenderer.render(request(out: temp + "/four", cache: nil), inspector: fourth)
        #expect(four.images.imagesMade == 18 && fourth.calls > 0)
    }

    @Test func aChangedImageSettingMakesNewImages() throws {
        let temp = TestPaths.temporaryFolder("cache-settings")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        _ = try ChatRenderer.render(request(out: temp + "/one", cache: temp + "/cache"), inspector: VipsImageInspector())
        var jpeg = request(out: temp + "/two", cache: temp + "/cache")
        jpeg.images.format = .jpeg
        let made = try ChatRenderer.render(jpeg, inspector: VipsImageInspector())
        #expect(made.images.imagesMade == 18 && made.images.imagesReused == 0)
    }

    /// A cache anyone else may write to, or that is not a folder, is not used: the render says so
    /// and goes on, even under --strict (the input is not at fault).
    @Test func anUntrustedCacheIsLeftAloneWithAWarning() throws {
        let temp = TestPaths.temporaryFolder("cache-untrusted")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let open = temp + "/open"
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: true)
        chmod(open, 0o777)
        var strict = request(out: temp + "/out", cache: open)
        strict.strict = true
        let result = try ChatRenderer.render(strict, inspector: VipsImageInspector())
        #expect(
            result.warnings.map(\.description).contains {
                $0.contains("/open: warning: the cache folder may be written by other users (chmod go-w it); rendering without the cache")
            },
            "\(result.warnings)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: open).isEmpty)
        try "x".write(toFile: temp + "/file", atomically: true, encoding: .utf8)
        let file = try ChatRenderer.render(request(out: temp + "/out2", cache: temp + "/file"), inspector: VipsImageInspector())
        #expect(file.warnings.map(\.message).contains("the cache folder is not a folder; rendering without the cache"))
        #expect(file.images.imagesMade == 18)
    }

    /// Links are never followed out of the cache: a link planted under an image's or a page's
    /// name is not placed into an output, and what it points at is made afresh.
    @Test func linksInTheCacheAreNotFollowed() throws {
        let temp = TestPaths.temporaryFolder("cache-links")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let cache = try RenderCache(folder: temp + "/cache")
        let secret = temp + "/secret"
        try "private".write(toFile: secret, atomically: true, encoding: .utf8)
        symlink(secret, temp + "/cache/images/0123456789abcdef0123-10x10.webp")
        #expect(cache.image("0123456789abcdef0123") != nil)  // listed by name...
        #expect(!RenderCache.place(temp + "/cache/images/0123456789abcdef0123-10x10.webp", at: temp + "/placed"))  // ...never placed
        #expect(!FileManager.default.fileExists(atPath: temp + "/placed"))
        let key = String(repeating: "ab", count: 16)
        try FileManager.default.createDirectory(atPath: temp + "/cache/pages/ab", withIntermediateDirectories: true)
        symlink(secret, temp + "/cache/pages/ab/\(key).html")
        #expect(cache.page(key) == nil)
    }

    @Test func pagesRoundTripAndThePruneRemovesTheLeastRecentlyUsed() throws {
        let temp = TestPaths.temporaryFolder("cache-prune")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let cache = try RenderCache(folder: temp + "/cache", limit: 3 * 8192)
        var keys: [String] = []
        for n in 0..<5 {
            let page = temp + "/page\(n).html"
            try String(repeating: "\(n)", count: 6000).write(toFile: page, atomically: true, encoding: .utf8)
            let key = String(format: "%02x", n) + String(repeating: "0", count: 30)
            cache.keepPage(at: page, key: key)
            keys.append(key)
            #expect(cache.page(key) == Array(String(repeating: "\(n)", count: 6000).utf8))
        }
        // Used long ago, in order: 0 oldest.
        for (n, key) in keys.enumerated() {
            var times = [timespec(tv_sec: 1_000_000 + n, tv_nsec: 0), timespec(tv_sec: 1_000_000 + n, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, temp + "/cache/pages/\(key.prefix(2))/\(key).html", &times, 0) == 0)
        }
        _ = cache.page(keys[0])  // used now: kept
        cache.prune()
        let kept = keys.filter { FileManager.default.fileExists(atPath: temp + "/cache/pages/\($0.prefix(2))/\($0).html") }
        #expect(kept == [keys[0], keys[3], keys[4]], "\(kept)")
    }

    @Test func imageNamesAreReadStrictly() {
        #expect(RenderCache.parseImageName("0123456789abcdef0123-416x312.webp")! == ("0123456789abcdef0123", 416, 312))
        for bad in [
            ".0123456789abcdef0123-4x3.webp", "0123456789abcdef012-4x3.webp", "0123456789ABCDEF0123-4x3.webp",
            "0123456789abcdef0123-4x.webp", "0123456789abcdef0123-0x3.webp", "0123456789abcdef0123-4x3", "CACHEDIR.TAG",
        ] {
            #expect(RenderCache.parseImageName(bad) == nil, "\(bad)")
        }
    }
}

/// A site re-rendered with a cache: unchanged conversations' pages come from it whole, and the
/// site is byte-for-byte the one a render without a cache makes.
@Suite(.serialized) struct SiteCacheTests {
    @Test func aNewerExportRerendersOnlyWhatChanged() throws {
        let temp = TestPaths.temporaryFolder("site-cache")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let export = TestPaths.fixture("import/chatgpt-2025")
        let cache = ["--cache", temp + "/cache"]
        let first = try CLIRun.run(["render", "--from", "chatgpt", export, "--out", temp + "/one"] + cache)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.hasSuffix("/one/index.html (8 conversations), 2 warnings\n"), "\(first.stderr)")
        let again = try CLIRun.run(["render", "--from", "chatgpt", export, "--out", temp + "/two"] + cache)
        #expect(again.stderr.hasSuffix("/two/index.html (8 conversations, 8 from the cache), 2 warnings\n"), "\(again.stderr)")
        let plain = try CLIRun.run(["render", "--from", "chatgpt", export, "--out", temp + "/plain", "--no-cache", "--quiet"])
        #expect(plain.status == 0)
        let one = FolderSiteTests.files(in: temp + "/one"), two = FolderSiteTests.files(in: temp + "/two"), three = FolderSiteTests.files(in: temp + "/plain")
        #expect(one.keys.sorted() == two.keys.sorted() && one.keys.sorted() == three.keys.sorted())
        for (path, data) in one where two[path] != data || three[path] != data { Issue.record("\(path) differs") }

        // A newer export: the same conversations as native files, one of them with a changed reply.
        let imported = temp + "/imported"
        #expect(try CLIRun.run(["import", "chatgpt", export, "--out", imported, "--quiet"]).status == 0)
        _ = try CLIRun.run(["render", imported, "--out", temp + "/folder1", "--quiet"] + cache)
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: imported).filter { $0.hasSuffix(".json") }.sorted().first)
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: imported + "/" + name))) as? [String: Any])
        var messages = try #require(json["messages"] as? [[String: Any]])
        messages[messages.count - 1]["text"] = "A reply edited in the newer export."
        json["messages"] = messages
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: imported + "/" + name))
        let newer = try CLIRun.run(["render", imported, "--out", temp + "/folder2"] + cache)
        #expect(newer.status == 0, "\(newer.stderr)")
        #expect(newer.stderr.contains("(8 conversations, 7 from the cache)"), "\(newer.stderr)")
        let fresh = try CLIRun.run(["render", imported, "--out", temp + "/folder3", "--no-cache", "--quiet"])
        #expect(fresh.status == 0)
        let cached = FolderSiteTests.files(in: temp + "/folder2"), made = FolderSiteTests.files(in: temp + "/folder3")
        #expect(cached.keys.sorted() == made.keys.sorted())
        for (path, data) in cached where made[path] != data { Issue.record("\(path) differs from a render without the cache") }
        #expect(cached.values.contains { String(decoding: $0, as: UTF8.self).contains("A reply edited in the newer export.") })

        // Another theme: every page is made again.
        let themed = try CLIRun.run(
            [
                "render", "--from", "chatgpt", export, "--out", temp + "/paper", "--theme",
                TestPaths.repo("themes/paper.resolver.json"),
            ] + cache)
        #expect(themed.stderr.hasSuffix("/paper/index.html (8 conversations), 2 warnings\n"), "\(themed.stderr)")
    }

    @Test func theCacheOptions() throws {
        let temp = TestPaths.temporaryFolder("cache-options")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let both = try CLIRun.run(["render", RenderCacheTests.garden, "--cache", temp + "/c", "--no-cache"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("--no-cache and --cache contradict each other: choose one"), "\(both.stderr)")
        // The default: chatrender/ in $XDG_CACHE_HOME; --no-cache leaves it untouched.
        let home = temp + "/xdg"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let none = try CLIRun.run(["render", RenderCacheTests.garden, "--out", temp + "/a", "--no-cache", "--quiet"], environment: ["XDG_CACHE_HOME": home])
        #expect(none.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).isEmpty)
        let used = try CLIRun.run(["render", RenderCacheTests.garden, "--out", temp + "/b", "--quiet"], environment: ["XDG_CACHE_HOME": home])
        #expect(used.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home + "/chatrender/images").count == 18)
    }
}
