import Foundation
import Testing
@testable import ChatModel
@testable import ChatRender
import TestSupport

/// `render FOLDER`: a folder of conversation files (an import's output) becomes the same site as
/// `render --from` the export; a file that is not a conversation is a warning (an error under
/// `--strict`); a folder without conversations, or with --single-file, is refused.
@Suite(.serialized) struct FolderSiteTests {
    static func files(in folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        let walk = FileManager.default.enumerator(atPath: folder)
        while let relative = walk?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: folder + "/" + relative) { files[relative] = data }
        }
        return files
    }

    @Test func anImportedFolderRendersAsTheSameSiteAsTheExport() throws {
        let temp = TestPaths.temporaryFolder("folder-site")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let export = TestPaths.fixture("import/chatgpt-2025")
        let imported = try CLIRun.run(["import", "chatgpt", export, "--out", temp + "/chats", "--quiet"])
        #expect(imported.status == 0, "\(imported.stderr)")
        try Data("{\"messages\": [".utf8).write(to: URL(fileURLWithPath: temp + "/chats/notes.json"))
        let direct = try CLIRun.run(["render", "--from", "chatgpt", export, "--out", temp + "/direct", "--quiet"])
        #expect(direct.status == 0, "\(direct.stderr)")
        let folder = try CLIRun.run(["render", temp + "/chats", "--out", temp + "/site"])
        #expect(folder.status == 0, "\(folder.stderr)")
        #expect(folder.stderr.contains("/chats/notes.json: warning: not a conversation file; left out of the site"), "\(folder.stderr)")
        #expect(folder.stderr.hasSuffix("/site/index.html (8 conversations), 2 warnings\n"), "\(folder.stderr)")
        // The export's site also keeps the manifest and search texts it is updated from (state, not pages).
        var a = Self.files(in: temp + "/direct")
        let b = Self.files(in: temp + "/site")
        #expect(a.removeValue(forKey: ".chatrender-site.json") != nil)
        #expect(a.removeValue(forKey: ".chatrender-search") != nil)
        #expect(a.count > 20)
        #expect(a.keys.sorted() == b.keys.sorted())
        // Every page, shared file, search shard and the index: an imported file keeps its
        // conversation's date (and project), so the index dates and groups it as the export does.
        for (path, data) in a where b[path] != data { Issue.record("\(path) differs") }
        let index = String(decoding: b["index.html"] ?? Data(), as: UTF8.self)
        for slug in ChatGPTPageTests.slugs { #expect(index.contains("href=\"\(slug)/index.html\""), "\(slug)") }

        let strict = try CLIRun.run(["render", temp + "/chats", "--out", temp + "/strict", "--strict"])
        #expect(strict.status == 65)
        #expect(strict.stderr.contains("/chats/notes.json: error: not a conversation file"), "\(strict.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temp + "/strict"))
    }

    /// claude.ai's projects survive the round trip through files: the folder's index groups by them.
    @Test func anImportedClaudeAIFolderKeepsItsProjects() throws {
        let temp = TestPaths.temporaryFolder("folder-projects")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let export = TestPaths.fixture("import/claude-ai/export")
        #expect(try CLIRun.run(["import", "claude-ai", export, "--out", temp + "/chats", "--quiet"]).status == 0)
        let direct = try CLIRun.run(["render", "--from", "claude-ai", export, "--out", temp + "/direct", "--quiet"])
        #expect(direct.status == 0, "\(direct.stderr)")
        let folder = try CLIRun.run(["render", temp + "/chats", "--out", temp + "/site", "--quiet"])
        #expect(folder.status == 0, "\(folder.stderr)")
        // The export's site also keeps the manifest and search texts it is updated from (state, not pages).
        var a = Self.files(in: temp + "/direct")
        let b = Self.files(in: temp + "/site")
        #expect(a.removeValue(forKey: ".chatrender-site.json") != nil)
        #expect(a.removeValue(forKey: ".chatrender-search") != nil)
        #expect(a.keys.sorted() == b.keys.sorted())
        for (path, data) in a where b[path] != data { Issue.record("\(path) differs") }
        let files = try FileManager.default.contentsOfDirectory(atPath: temp + "/chats").filter { $0.hasSuffix(".json") }
        let texts = try files.map { try String(contentsOfFile: temp + "/chats/" + $0, encoding: .utf8) }
        #expect(texts.contains { $0.contains("\n  \"project\": ") }, "no file names its project")
        #expect(texts.allSatisfy { $0.contains("\n  \"date\": ") })
    }

    @Test func aFolderWithoutConversationsOrAsOneFileIsRefused() throws {
        let temp = TestPaths.temporaryFolder("folder-site")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try FileManager.default.createDirectory(atPath: temp + "/empty", withIntermediateDirectories: true)
        let empty = try CLIRun.run(["render", temp + "/empty", "--out", temp + "/out"])
        #expect(empty.status == 66)
        #expect(
            empty.stderr.contains("/empty: error: is a folder with no conversation files; expected a conversation file, or a folder of them (*.json)"),
            "\(empty.stderr)")
        // A folder is a site even when one file is asked for (see OneSessionOneFileTests); an
        // empty one is still no site.
        let single = try CLIRun.run(["render", temp + "/empty", "--single-file", "--out", temp + "/out"])
        #expect(single.status == 66)
        #expect(single.stderr.contains("/empty: error: is a folder with no conversation files"), "\(single.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temp + "/out"))
    }
}
