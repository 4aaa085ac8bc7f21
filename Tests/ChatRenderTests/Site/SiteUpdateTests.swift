import Foundation
import Testing
import ChatLoad
import TestSupport

/// A site rendered again into its `--out` is updated in place, as a person meets it: a folder of
/// Claude Code and Codex sessions rendered, one session grown, rendered again.
@Suite struct SiteUpdateTests {
    /// Each file of `folder` (relative path) with its inode and modification time: what tells a
    /// file rewritten from one left alone.
    func stamps(_ folder: String) -> [String: String] {
        var found: [String: String] = [:]
        guard let walk = FileManager.default.enumerator(atPath: folder) else { return found }
        while let relative = walk.nextObject() as? String {
            var info = stat()
            let full = folder + "/" + relative
            guard lstat(full, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            found[relative] = "\(info.st_ino) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_size)"
        }
        return found
    }

    /// The files whose stamp differs, or that appeared or went.
    func changed(_ before: [String: String], _ after: [String: String]) -> Set<String> {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
    }

    /// What a site kept current knows of how it was made: state, not the site.
    static let state: Set<String> = [".chatrender-site.json", ".chatrender-search"]

    /// Every file's bytes, the manifest and search texts (state, not the site) aside.
    func contents(_ folder: String) throws -> [String: Data] {
        var found: [String: Data] = [:]
        for relative in stamps(folder).keys where !Self.state.contains(relative) {
            found[relative] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + relative))
        }
        return found
    }

    /// A folder of several agents' sessions: Claude Code's projects and Codex's rollouts.
    func input(_ temp: String) throws -> String {
        let logs = temp + "/logs"
        try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.fixture("import/claude-code/projects"), toPath: logs + "/claude")
        try FileManager.default.copyItem(atPath: TestPaths.fixture("import/codex/sessions"), toPath: logs + "/codex")
        return logs
    }

    static let grown = "claude/-home-ana-src-shop/2b1d0c9e-8f7a-4e65-b432-10fedcba9876.jsonl"

    /// Two more lines of the session, as Claude Code appends them: a prompt and its reply.
    func grow(_ logs: String, session: String = SiteUpdateTests.grown) throws {
        let lines = """
            {"parentUuid":"2b1d0c9e-m405-4000-8000-000000000405","isSidechain":false,"userType":"external","cwd":"/home/ana/src/shop","sessionId":"2b1d0c9e-8f7a-4e65-b432-10fedcba9876","version":"2.1.12","gitBranch":"fix/cart-totals","type":"user","message":{"role":"user","content":"And which of them mock it in tests?"},"uuid":"2b1d0c9e-m500-4000-8000-000000000500","timestamp":"2026-03-02T11:09:00.000Z"}
            {"parentUuid":"2b1d0c9e-m500-4000-8000-000000000500","isSidechain":false,"userType":"external","cwd":"/home/ana/src/shop","sessionId":"2b1d0c9e-8f7a-4e65-b432-10fedcba9876","version":"2.1.12","gitBranch":"fix/cart-totals","type":"assistant","message":{"model":"claude-opus-4-5-20251101","id":"msg_O9","type":"message","role":"assistant","content":[{"type":"text","text":"Only `tests/test_checkout.py` mocks it, with a fake that records refunds."}],"stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":4,"cache_creation_input_tokens":300,"cache_read_input_tokens":9000,"output_tokens":40}},"uuid":"2b1d0c9e-m501-4000-8000-000000000501","timestamp":"2026-03-02T11:09:05.000Z"}

            """
        let handle = try #require(FileHandle(forWritingAtPath: logs + "/" + session))
        handle.seekToEndOfFile()
        handle.write(Data(lines.utf8))
        handle.closeFile()
    }

    func render(_ logs: String, _ out: String) throws -> CLIRun {
        let run = try CLIRun.run(["render", logs, "--out", out, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        return run
    }

    /// The whole promise: an unchanged re-run writes nothing; after one session grew, only its
    /// page, the index, the search shard holding it and the insights' listings are rewritten
    /// (no more than 8 files beyond its page, the manifest apart), and the site is the one a
    /// first run on the same input makes, byte for byte. Nothing is written among the sessions.
    @Test func aGrownSessionRewritesItsPageAndTheListingsOnly() throws {
        let temp = TestPaths.temporaryFolder("update")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let logs = try input(temp)
        let site = temp + "/site"
        _ = try render(logs, site)
        let input = stamps(logs)
        let first = stamps(site)
        #expect(first[".chatrender-site.json"] != nil)

        _ = try render(logs, site)
        #expect(changed(first, stamps(site)).isEmpty, "an unchanged re-run rewrites nothing")

        try grow(logs)
        let grownInput = stamps(logs)
        _ = try render(logs, site)
        let rewritten = changed(first, stamps(site))
        let page = rewritten.filter { $0.hasPrefix("payment-client-imports/") }
        #expect(page == ["payment-client-imports/index.html"], "\(rewritten.sorted())")
        let beyond = rewritten.subtracting(page).subtracting(Self.state)
        #expect(beyond.count <= 8, "\(beyond.sorted())")
        #expect(beyond.contains("index.html") && beyond.contains { $0.hasPrefix("search/") }, "\(beyond.sorted())")
        #expect(beyond.allSatisfy { $0 == "index.html" || $0.hasPrefix("search/") || $0.hasPrefix("insights/") }, "\(beyond.sorted())")
        let html = try String(contentsOfFile: site + "/payment-client-imports/index.html", encoding: .utf8)
        #expect(html.contains("which of them mock it in tests"))

        // The same as a cold build of the same input into a fresh folder.
        let cold = temp + "/cold"
        _ = try render(logs, cold)
        #expect(try contents(site) == contents(cold))
        // Nothing written among the sessions, by any of the runs.
        #expect(stamps(logs) == grownInput)
        #expect(Set(input.keys) == Set(grownInput.keys))
    }

    /// `render --agents all` kept current the same way: every agent of a home folder (databases
    /// included) read once, then only the grown Claude Code session again; the site is the one
    /// a cold run makes, and nothing appears or changes among the agents' files.
    @Test func everyAgentOfAHomeIsKeptCurrentInPlace() throws {
        let home = try AgentHomesTests.makeHome()
        let temp = TestPaths.temporaryFolder("update-agents")
        defer {
            try? FileManager.default.removeItem(atPath: home)
            try? FileManager.default.removeItem(atPath: temp)
        }
        let before = AgentHomesTests.snapshot(home)
        let site = temp + "/site"
        let arguments = ["render", "--agents", "all", "--home", home, "--in", home + "/src", "-q", "--out"]
        let first = try CLIRun.run(arguments + [site])
        #expect(first.status == 0, "\(first.stderr)")
        let made = stamps(site)
        let again = try CLIRun.run(arguments.filter { $0 != "-q" } + [site])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(changed(made, stamps(site)).isEmpty, "an unchanged re-run rewrites nothing")
        // Said so, with the site's size: nothing read again, nothing written.
        let total = try Self.conversations(in: site)
        #expect(again.stderr.contains("\(site)/index.html is up to date (\(total) conversations, none read again); nothing written"), "\(again.stderr)")

        try grow(home, session: ".claude/projects/" + Self.grown.dropFirst("claude/".count))
        let grownHome = AgentHomesTests.snapshot(home)
        let update = try CLIRun.run(arguments.filter { $0 != "-q" } + [site])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stderr.contains("updated \(site)/index.html (\(total) conversations, 1 read again)"), "\(update.stderr)")
        let rewritten = changed(made, stamps(site))
        let pages = rewritten.filter { $0.hasSuffix("/index.html") && !$0.hasPrefix("insights/") }
        #expect(pages == ["payment-client-imports/index.html"], "\(rewritten.sorted())")
        let beyond = rewritten.subtracting(pages).subtracting(Self.state)
        #expect(beyond.count <= 8, "\(beyond.sorted())")
        #expect(beyond.allSatisfy { $0 == "index.html" || $0.hasPrefix("search/") || $0.hasPrefix("insights/") }, "\(beyond.sorted())")

        let cold = temp + "/cold"
        let coldRun = try CLIRun.run(arguments + [cold])
        #expect(coldRun.status == 0, "\(coldRun.stderr)")
        #expect(try contents(site) == contents(cold))
        // Only the grown log changed among the agents' files; nothing appeared beside them.
        #expect(Set(grownHome.keys) == Set(before.keys))
        #expect(grownHome.filter { before[$0.key] != $0.value }.keys.sorted() == [".claude/projects/" + Self.grown.dropFirst("claude/".count)])
    }

    /// The conversations a site's index lists: each has its folder with a page.
    static func conversations(in site: String) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: site).filter {
            $0 != "insights" && !$0.hasPrefix(".") && FileManager.default.fileExists(atPath: site + "/" + $0 + "/index.html")
        }.count
    }

    /// A session whose log was deleted keeps its page, marked on it and in the index; the rest
    /// of the site is as it was.
    @Test func aDeletedSessionKeepsItsPageMarked() throws {
        let temp = TestPaths.temporaryFolder("update-deleted")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let logs = try input(temp)
        let site = temp + "/site"
        _ = try render(logs, site)
        let first = stamps(site)
        try FileManager.default.removeItem(atPath: logs + "/codex/2025/12/18/rollout-2025-12-18T16-04-00-019b3c2e-11aa-7e00-8c1d-5a6b7c8d9e0f.jsonl")
        _ = try render(logs, site)
        let note = "Its log was deleted; this page is kept from an earlier run."
        let page = try String(contentsOfFile: site + "/why-does-make-test-fail-on-a-clean-checkout/index.html", encoding: .utf8)
        #expect(page.contains("<p class=\"cr-source-gone\" role=\"note\">\(note)</p>"))
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        #expect(index.contains(note))
        #expect(!changed(first, stamps(site)).contains("payment-client-imports/index.html"))
        // Run again: still there, still marked, nothing rewritten.
        let marked = stamps(site)
        _ = try render(logs, site)
        #expect(changed(marked, stamps(site)).isEmpty)
    }

    /// A manifest that cannot be read is not trusted: the site is made again whole, with a
    /// warning, and is the site a first run makes.
    @Test func aCorruptManifestRebuildsTheSiteWithAWarning() throws {
        let temp = TestPaths.temporaryFolder("update-corrupt")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let logs = try input(temp)
        let site = temp + "/site"
        _ = try render(logs, site)
        try Data("{\"layout\": \"someone else's\", \"sources\": 3".utf8).write(to: URL(fileURLWithPath: site + "/.chatrender-site.json"))
        try grow(logs)
        let run = try CLIRun.run(["render", logs, "--out", site])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains(".chatrender-site.json: warning: is not a site manifest this chatrender can read; the site is made again whole"),
            "\(run.stderr)")
        let cold = temp + "/cold"
        _ = try render(logs, cold)
        #expect(try contents(site) == contents(cold))
    }

    /// A log touched (its modification time changed) or copied in place (its inode changed) with
    /// the same bytes is not read again: its content hash is the one recorded. Only the manifest
    /// is written, with the file's new stamp, and the run after writes nothing. A log whose bytes
    /// changed at the same size is read again.
    @Test func aTouchedLogWithTheSameBytesIsNotReadAgain() throws {
        let temp = TestPaths.temporaryFolder("update-touched")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let logs = try input(temp)
        let site = temp + "/site"
        _ = try render(logs, site)
        let first = stamps(site)
        let log = logs + "/" + Self.grown
        // Copied over itself by way of another file: a new inode and modification time.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: log))
        try FileManager.default.removeItem(atPath: log)
        try bytes.write(to: URL(fileURLWithPath: log))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: log)
        _ = try render(logs, site)
        #expect(changed(first, stamps(site)) == [".chatrender-site.json"])
        let restamped = stamps(site)
        _ = try render(logs, site)
        #expect(changed(restamped, stamps(site)).isEmpty)

        // The same size, other bytes: read again, its page made again.
        var edited = [UInt8](bytes)
        let needle = Array("Which files".utf8)
        let found = try #require((0...(edited.count - needle.count)).first { edited[$0..<($0 + needle.count)].elementsEqual(needle) })
        edited.replaceSubrange(found..<(found + needle.count), with: Array("WHICH FILES".utf8))
        try Data(edited).write(to: URL(fileURLWithPath: log))
        _ = try render(logs, site)
        let page = try String(contentsOfFile: site + "/payment-client-imports/index.html", encoding: .utf8)
        #expect(page.contains("WHICH FILES"))
    }

    /// Search texts that cannot be read are not trusted either: the site is made again whole,
    /// with a warning naming the file.
    @Test func corruptSearchTextsRebuildTheSiteWithAWarning() throws {
        let temp = TestPaths.temporaryFolder("update-texts")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let logs = try input(temp)
        let site = temp + "/site"
        _ = try render(logs, site)
        let texts = site + "/.chatrender-search"
        let whole = try Data(contentsOf: URL(fileURLWithPath: texts))
        // Cut short in the middle of a text.
        try whole.prefix(whole.count - 7).write(to: URL(fileURLWithPath: texts))
        try grow(logs)
        let run = try CLIRun.run(["render", logs, "--out", site])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains(".chatrender-search: warning: is not a site's search texts this chatrender can read; the site is made again whole"),
            "\(run.stderr)")
        let cold = temp + "/cold"
        _ = try render(logs, cold)
        #expect(try contents(site) == contents(cold))
    }

    /// Worktrees of one repository are one project; two projects of one name keep their paths.
    @Test func worktreesOfOneRepositoryAreOneProject() {
        let names = ProjectNames.names([
            "/home/ana/src/shop", "/home/ana/src/shop/.claude/worktrees/fix-cart", "/home/ana/src/shop/.worktrees/refunds",
            "/home/ana/work/app", "/home/ana/play/app", nil,
        ])
        #expect(names == ["shop", "shop", "shop", "/home/ana/work/app", "/home/ana/play/app", nil])
    }
}
