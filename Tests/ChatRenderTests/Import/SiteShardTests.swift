import Foundation
import Testing
@testable import ChatModel
@testable import ChatRender
import TestSupport

/// `render --shard K/N` and `site merge`: four shards of an export, merged, are the site one
/// render makes, byte for byte; a missing, repeated or foreign shard is refused and nothing is written.
@Suite(.serialized) struct SiteShardTests {
    @Test func slicesAreDealtByPositionInTheIndex() {
        let shard = SiteShard(index: 2, count: 4)
        #expect((0..<10).filter(shard.holds) == [1, 5, 9])
        #expect(SiteShard(parsing: "2/4") == shard)
        for bad in ["0/4", "5/4", "4", "2/0", "-1/3", "1/10001", "١/٢", " 1/2", "1/2/3", ""] { #expect(SiteShard(parsing: bad) == nil, "\(bad)") }
    }

    @Test func fourShardsMergedAreTheSiteOfOneRender() throws {
        let temp = TestPaths.temporaryFolder("shards")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let export = TestPaths.fixture("import/chatgpt-2025")
        #expect(try CLIRun.run(["render", "--from", "chatgpt", export, "--out", temp + "/whole", "--quiet"]).status == 0)
        var held: [String] = []
        for k in 1...4 {
            let run = try CLIRun.run(["render", "--from", "chatgpt", export, "--out", "\(temp)/part\(k)", "--shard", "\(k)/4"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.hasSuffix("/part\(k)/index.html (shard \(k)/4: 2 pages), 2 warnings\n"), "\(run.stderr)")
            let pages = try FileManager.default.contentsOfDirectory(atPath: "\(temp)/part\(k)")
                .filter { FileManager.default.fileExists(atPath: "\(temp)/part\(k)/\($0)/index.html") && $0 != "insights" }  // the site's own page
            #expect(pages.count == 2)
            held += pages
        }
        #expect(Set(held).count == 8)
        let merge = try CLIRun.run(["site", "merge", temp + "/part3", temp + "/part1", temp + "/part4", temp + "/part2", "--out", temp + "/merged"])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stderr.hasSuffix("/merged/index.html (8 conversations from 4 shards)\n"))
        // The whole render also keeps the manifest and search texts it is updated from (state, not pages).
        var whole = FolderSiteTests.files(in: temp + "/whole")
        let merged = FolderSiteTests.files(in: temp + "/merged")
        #expect(whole.removeValue(forKey: ".chatrender-site.json") != nil)
        #expect(whole.removeValue(forKey: ".chatrender-search") != nil)
        #expect(whole.keys.sorted() == merged.keys.sorted())
        for (path, data) in whole where merged[path] != data { Issue.record("\(path) differs") }

        // Refused, and nothing written: a shard missing, a shard twice, a shard of another render.
        let missing = try CLIRun.run(["site", "merge", temp + "/part1", temp + "/part2", temp + "/part4", "--out", temp + "/bad"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("error: shard 3 of 4 missing; expected every shard's folder"), "\(missing.stderr)")
        let twice = try CLIRun.run(["site", "merge", temp + "/part1", temp + "/part1", "--out", temp + "/bad"])
        #expect(twice.status == 65)
        #expect(twice.stderr.contains("is shard 1 of 4, like"), "\(twice.stderr)")
        let other = try CLIRun.run([
            "render", "--from", "chatgpt", export, "--out", temp + "/paper2", "--shard", "2/4",
            "--theme", TestPaths.repo("themes/paper.resolver.json"), "--quiet",
        ])
        #expect(other.status == 0, "\(other.stderr)")
        let foreign = try CLIRun.run(["site", "merge", temp + "/part1", temp + "/paper2", temp + "/part3", temp + "/part4", "--out", temp + "/bad"])
        #expect(foreign.status == 65)
        #expect(foreign.stderr.contains("expected shards rendered from one export with the same options"), "\(foreign.stderr)")
        let notAShard = try CLIRun.run(["site", "merge", temp + "/whole", "--out", temp + "/bad"])
        #expect(notAShard.status == 66)
        #expect(notAShard.stderr.contains("/whole: error: has no shard.json; expected the output folder of render --shard K/N"), "\(notAShard.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temp + "/bad"))
    }

    @Test func aShardNeedsASite() throws {
        let single = try CLIRun.run(["render", TestPaths.repo("examples/garden/conversation.json"), "--shard", "1/2"])
        #expect(single.status == 64)
        #expect(
            single.stderr.contains("--shard slices a site: it applies to an export or session folder, or to a FOLDER of conversation files"), "\(single.stderr)"
        )
        let bad = try CLIRun.run(["render", "--from", "chatgpt", TestPaths.fixture("import/chatgpt-2025"), "--shard", "3/2"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--shard must be K/N with 1 ≤ K ≤ N ≤ 10000, like 2/4, not \"3/2\""), "\(bad.stderr)")
    }
}
