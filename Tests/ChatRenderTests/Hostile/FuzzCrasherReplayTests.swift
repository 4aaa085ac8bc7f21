import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
@testable import ChatOutput
@testable import ChatAssets
@testable import ChatBrowser
@testable import ChatRender
import TestSupport

/// Replays every input the fuzzers found (fuzz/crashers/TARGET/) and every hostile fixture
/// (Fixtures/hostile/TARGET-*), and the seeds of the shards target, through the code the target fuzzes, in-process: each must finish
/// with a value or a diagnostic, never a trap. See fuzz/run.sh.
@Suite struct FuzzCrasherReplayTests {
    static func inputs() -> [(target: String, path: String)] {
        var found: [(String, String)] = []
        let fm = FileManager.default
        let crashers = TestPaths.repo("fuzz/crashers")
        for target in (try? fm.contentsOfDirectory(atPath: crashers)) ?? [] {
            for name in (try? fm.contentsOfDirectory(atPath: crashers + "/" + target)) ?? [] where !name.hasPrefix(".") {
                found.append((target, crashers + "/" + target + "/" + name))
            }
        }
        // The sharded-layout target's seeds are replayed too: its fixtures are not plain JSON files
        // that other tests read already.
        let seeds = TestPaths.repo("fuzz/seeds/shards")
        for name in (try? fm.contentsOfDirectory(atPath: seeds)) ?? [] where !name.hasPrefix(".") {
            found.append(("shards", seeds + "/" + name))
        }
        let fixtures = TestPaths.fixture("hostile")
        for name in (try? fm.contentsOfDirectory(atPath: fixtures)) ?? [] {
            guard let dash = name.firstIndex(of: "-") else { continue }
            found.append((String(name[..<dash]), fixtures + "/" + name))
        }
        return found.sorted { $0.1 < $1.1 }
    }

    /// Runs one input the way fuzz/targets/TARGET.swift does (the first byte picks a mode for
    /// every target but conversation).
    static func replay(target: String, bytes: [UInt8]) {
        let mode = bytes.first ?? 0
        let rest = Array(bytes.dropFirst())
        switch target {
        case "conversation":
            if let (conversation, _) = try? ConversationLoader.decode(bytes: bytes, file: "replay.json") {
                for message in conversation.messages ?? [] { _ = InlineText.render(message.text, formatted: message.role == .assistant) }
                let again = NativeJSON.encode(Conversation(title: conversation.title, messages: conversation.messages))
                #expect((try? ConversationLoader.decode(bytes: again, file: "again.json")) != nil)
            }
        case "inline":
            let text = String(decoding: rest, as: UTF8.self)
            if mode & 3 == 3 { _ = FullMarkup.render(text) } else { _ = InlineText.render(text, formatted: mode & 1 == 1) }
        case "theme":
            let name = mode & 1 == 1 ? "replay.resolver.json" : "replay.tokens.json"
            if let theme = try? ThemeLoader.load(bytes: rest, displayPath: name, baseDirectory: "/nonexistent-chatrender-fuzz") {
                #expect(!ThemeStylesheet.css(for: theme).contains("</"))
            }
        case "openai", "anthropic", "chatgpt":
            guard let root = try? JSONParser.parse(rest) else { return }
            switch target {
            case "openai": _ = OpenAIImporter.read(root, title: "replay", file: "replay.json", includeSystem: mode & 1 == 1)
            case "anthropic": _ = AnthropicImporter.read(root, title: "replay", file: "replay.json", includeSystem: mode & 1 == 1)
            default: _ = ChatGPTImporter.read(root, exportFolder: "/nonexistent-chatrender-fuzz", file: "conversations.json", includeSystem: mode & 1 == 1)
            }
        case "claudeai":
            // As fuzz/targets/claudeai.swift: import, then redact when the mode byte asks.
            guard let root = try? JSONParser.parse(rest) else { return }
            if let chats = ClaudeAIImporter.read(root, file: "conversations.json").0, mode & 1 == 1 {
                _ = Redactor.redact(chats, emails: mode & 2 == 2)
            }
        case "claudecode":
            _ = ClaudeCodeImporter.read(bytes: rest, file: "session.jsonl")
        case "zip":
            // As fuzz/targets/zip.swift: the whole input is the archive, read through a file.
            let folder = TestPaths.temporaryFolder("zipreplay")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = folder + "/replay.zip"
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            var limits = ZipLimits()
            limits.maxEntrySize = 4 << 20
            limits.maxTotalSize = 16 << 20
            if let archive = try? ZipArchive(path: path, limits: limits) {
                for entry in archive.entries where !entry.isDirectory { _ = try? archive.read(entry, limit: 4 << 20, what: "a replayed entry") }
            }
        case "shards":
            // As fuzz/targets/shards.swift: the export's files, split at NUL bytes, in a folder.
            let folder = TestPaths.temporaryFolder("shardsreplay")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            func write(_ name: String, _ piece: some Collection<UInt8>) {
                _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(piece))
            }
            var pieces = rest.split(separator: 0, omittingEmptySubsequences: false)[...]
            if mode & 2 != 0, let manifest = pieces.popFirst() { write("export_manifest.json", manifest) }
            if mode & 4 != 0, let names = pieces.popFirst() { write("conversation_asset_file_names.json", names) }
            if mode & 16 != 0, let library = pieces.popFirst() { write("library_files.json", library) }
            for (index, piece) in pieces.prefix(8).enumerated() {
                write(index == 0 && mode & 8 != 0 ? "conversations.json" : String(format: "conversations-%03d.json", index), piece)
            }
            write("file_00000000aa.dat", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D])
            write("file_00000000bb.dat", Array("%PDF-1.4\n%%EOF\n".utf8))
            write("file-Cc1-notes.txt", Array("notes\n".utf8))
            if let export = try? ChatGPTExport.open(folder) { _ = try? ChatGPTImporter.read(export, includeSystem: mode & 1 == 1) }
        default:
            Issue.record("unknown fuzz target \(target)")
        }
    }

    @Test func everyCrasherAndHostileFixtureFinishes() throws {
        let inputs = Self.inputs()
        #expect(!inputs.isEmpty, "no crashers or hostile fixtures found")
        for (target, path) in inputs {
            let bytes = try #require(FileManager.default.contents(atPath: path), "cannot read \(path)")
            Self.replay(target: target, bytes: [UInt8](bytes))
        }
    }
}
