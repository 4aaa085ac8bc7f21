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
import CSQLite

/// Replays every input the fuzzers found (fuzz/crashers/TARGET/), every hostile fixture
/// (Fixtures/hostile/TARGET-*) and the targets' seeds (fuzz/seeds/TARGET/) through the code the
/// target fuzzes, in-process: each must finish with a value or a diagnostic, never a trap. See
/// fuzz/run.sh.
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
        // The targets' own seeds are replayed too: most are several files in one (fuzz/make_seeds.py),
        // not the plain fixtures other tests read already.
        let seeds = TestPaths.repo("fuzz/seeds")
        for target in (try? fm.contentsOfDirectory(atPath: seeds)) ?? [] {
            for name in (try? fm.contentsOfDirectory(atPath: seeds + "/" + target)) ?? [] where !name.hasPrefix(".") {
                found.append((target, seeds + "/" + target + "/" + name))
            }
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
        case "codex":
            // As fuzz/targets/codex.swift: from memory, or the rollouts (split at NUL) as files.
            guard mode & 2 != 0 else {
                _ = CodexReader.read(bytes: rest, file: "rollout.jsonl", includeSystem: mode & 1 == 1, freesAsTurnsAreMade: mode & 4 != 0)
                return
            }
            let folder = TestPaths.temporaryFolder("codexreplay")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var files: [String] = []
            for (index, piece) in rest.split(separator: 0, maxSplits: 7, omittingEmptySubsequences: false).enumerated() {
                let first = piece.firstIndex(of: 0x0A).map { piece[..<$0] } ?? piece
                let meta = try? JSONParser.parse(Array(first))
                let id = plainName(meta.flatMap { InputProbe.string($0["payload"] ?? $0, "id") }) ?? "piece\(index)"
                let path = folder + "/2026/06/09/rollout-2026-06-09T14-00-0\(index)-\(id).jsonl"
                guard !files.contains(path) else { continue }
                write(path, piece)
                files.append(path)
            }
            _ = try? CodexReader().read(mode & 4 != 0 ? folder : files[0], options: ReadOptions(includeSystem: mode & 1 == 1))
        case "gemini":
            var session = GeminiSession(file: mode & 1 == 1 ? "session.jsonl" : "session.json")
            if mode & 1 == 1 {
                rest.withUnsafeBufferPointer { session.read(lines: $0) }
            } else {
                guard let root = try? ImportSource.parse(bytes: rest, displayPath: "session.json") else { return }
                session.read(document: root)
            }
            _ = session.chat(fallbackTitle: "session", project: nil)
        case "copilot":
            let isExport = mode & 2 != 0
            guard mode & 4 != 0 else {
                if isExport {
                    _ = try? CopilotReader.readChatExport(bytes: rest, file: "chat-export.json", includeSystem: mode & 1 == 1)
                } else {
                    _ = CopilotReader.read(bytes: rest, file: "events.jsonl", includeSystem: mode & 1 == 1)
                }
                return
            }
            let folder = TestPaths.temporaryFolder("copilotreplay")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let pieces = rest.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
            let session = folder + "/80575baf-49d5-43f8-924e-8b3440c3f483"
            write(session + (isExport ? "/chat-export.json" : "/events.jsonl"), pieces[0])
            if pieces.count > 1 { write(session + "/workspace.yaml", pieces[1]) }
            _ = try? CopilotReader().read(session, options: ReadOptions(includeSystem: mode & 1 == 1))
        case "cursor":
            let pieces = rest.split(separator: 0, maxSplits: 7, omittingEmptySubsequences: false)
            let id = "0cf8e760-3644-45cd-ad39-040d543e9ed8"
            _ = CursorReader.read(
                bytes: Array(pieces[0]), file: "/home/sample/.cursor/projects/home-sample-src/agent-transcripts/\(id)/\(id).jsonl",
                children: pieces.dropFirst().enumerated().map { ("\($0.offset).jsonl", Array($0.element)) }, includeSystem: mode & 1 == 1)
        case "opencode":
            // As fuzz/targets/opencode.swift: S, M and P records, split at NUL, where opencode keeps them.
            let folder = TestPaths.temporaryFolder("opencodereplay")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let storage = folder + "/storage"
            var (session, message, firstSession) = ("ses_0", "msg_0", String?.none)
            for (index, record) in rest.split(separator: 0, maxSplits: 63, omittingEmptySubsequences: false).enumerated() {
                guard let kind = record.first else { continue }
                let json = record.dropFirst()
                let node = try? JSONParser.parse(Array(json))
                let id = plainName(node.flatMap { InputProbe.string($0, "id") })
                switch kind {
                case UInt8(ascii: "S"):
                    session = id ?? "ses_\(index)"
                    let project = plainName(node.flatMap { InputProbe.string($0, "projectID") }) ?? "global"
                    write("\(storage)/session/\(project)/\(session).json", json)
                    firstSession = firstSession ?? "\(storage)/session/\(project)/\(session).json"
                case UInt8(ascii: "M"):
                    message = id ?? "msg_\(index)"
                    write("\(storage)/message/\(session)/\(message).json", json)
                case UInt8(ascii: "P"):
                    write("\(storage)/part/\(message)/\(id ?? "prt_\(index)").json", json)
                default:
                    continue
                }
            }
            _ = try? OpenCodeReader().read(mode & 2 != 0 ? firstSession ?? folder : folder, options: ReadOptions(includeSystem: mode & 1 == 1))
        case "opencodedb":
            // As fuzz/targets/opencodedb.swift: the database's file (and -wal), or the SQL that builds it.
            let folder = TestPaths.temporaryFolder("opencodedbreplay")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = folder + "/data/opencode.db"
            if mode & 2 != 0 {
                guard let (database, wal) = buildDatabase(String(decoding: rest, as: UTF8.self), at: folder + "/build.db") else { return }
                write(path, database)
                if let wal { write(path + "-wal", wal) }
            } else if mode & 4 != 0, rest.count >= 2 {
                let length = min(rest.count - 2, Int(rest[0]) | Int(rest[1]) << 8)
                write(path, rest[2..<(2 + length)])
                write(path + "-wal", rest[(2 + length)...])
            } else {
                write(path, rest)
            }
            let before = try? FileManager.default.contentsOfDirectory(atPath: folder + "/data")
            _ = try? OpenCodeReader().read(mode & 8 != 0 ? folder + "/data" : path, options: ReadOptions(includeSystem: mode & 1 == 1))
            let after = try? FileManager.default.contentsOfDirectory(atPath: folder + "/data")
            #expect(after == before, "reading the database wrote beside it")
        case "crush":
            // As fuzz/targets/crush.swift: a project's .crush/crush.db (and -wal), or the SQL that builds it.
            let folder = TestPaths.temporaryFolder("crushreplay")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = folder + "/ledger/.crush/crush.db"
            if mode & 2 != 0 {
                guard let (database, wal) = buildDatabase(String(decoding: rest, as: UTF8.self), at: folder + "/build.db") else { return }
                write(path, database)
                if let wal { write(path + "-wal", wal) }
            } else if mode & 4 != 0, rest.count >= 2 {
                let length = min(rest.count - 2, Int(rest[0]) | Int(rest[1]) << 8)
                write(path, rest[2..<(2 + length)])
                write(path + "-wal", rest[(2 + length)...])
            } else {
                write(path, rest)
            }
            let before = try? FileManager.default.contentsOfDirectory(atPath: folder + "/ledger/.crush")
            _ = try? CrushReader().read(mode & 8 != 0 ? folder + "/ledger" : path, options: ReadOptions(includeSystem: mode & 1 == 1))
            let after = try? FileManager.default.contentsOfDirectory(atPath: folder + "/ledger/.crush")
            #expect(after == before, "reading the database wrote beside it")
        case "goose":
            // As fuzz/targets/goose.swift: goose's sessions/sessions.db (and -wal), or the SQL that builds it.
            let folder = TestPaths.temporaryFolder("goosereplay")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = folder + "/goose/sessions/sessions.db"
            if mode & 2 != 0 {
                guard let (database, wal) = buildDatabase(String(decoding: rest, as: UTF8.self), at: folder + "/build.db") else { return }
                write(path, database)
                if let wal { write(path + "-wal", wal) }
            } else if mode & 4 != 0, rest.count >= 2 {
                let length = min(rest.count - 2, Int(rest[0]) | Int(rest[1]) << 8)
                write(path, rest[2..<(2 + length)])
                write(path + "-wal", rest[(2 + length)...])
            } else {
                write(path, rest)
            }
            let before = try? FileManager.default.contentsOfDirectory(atPath: folder + "/goose/sessions")
            _ = try? GooseReader().read(mode & 8 != 0 ? folder + "/goose" : path, options: ReadOptions(includeSystem: mode & 1 == 1))
            let after = try? FileManager.default.contentsOfDirectory(atPath: folder + "/goose/sessions")
            #expect(after == before, "reading the database wrote beside it")
        case "continue":
            // As fuzz/targets/continue.swift: the session's file, then (after a NUL) the index beside it.
            let folder = TestPaths.temporaryFolder("continuereplay")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let pieces = rest.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
            let session = folder + "/sessions/3f6c1a2b-7d4e-4f80-9a1b-2c3d4e5f6a7b.json"
            write(session, pieces[0])
            if pieces.count > 1 { write(folder + "/sessions/sessions.json", pieces[1]) }
            _ = try? ContinueReader().read(mode & 2 != 0 ? folder : session, options: ReadOptions(includeSystem: mode & 1 == 1))
        case "droid":
            // As fuzz/targets/droid.swift: the session's log, then (after a NUL) its settings beside it.
            let folder = TestPaths.temporaryFolder("droidreplay")
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let pieces = rest.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
            let log = folder + "/-home-ana-src-atlas/5e1d2c3b-4a59-4687-9c0d-1e2f3a4b5c6d.jsonl"
            write(log, pieces[0])
            if pieces.count > 1 { write(String(log.dropLast(6)) + ".settings.json", pieces[1]) }
            _ = try? DroidReader().read(mode & 2 != 0 ? folder : log, options: ReadOptions(includeSystem: mode & 1 == 1))
        default:
            Issue.record("unknown fuzz target \(target)")
        }
    }

    /// `name` when the fuzz targets would name a file by it (fuzz/support/FuzzFiles.swift).
    static func plainName(_ name: String?) -> String? {
        guard let name, !name.isEmpty, name.utf8.count <= 80, !name.hasPrefix(".") else { return nil }
        let plain = name.utf8.allSatisfy { byte in
            byte == 95 || byte == 45 || byte == 46 || (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
        }
        return plain ? name : nil
    }

    nonisolated(unsafe) static var steps = 0

    /// As the opencodedb target builds a database from SQL: nothing attached, no folder pragmas, a
    /// step budget; the database
    /// and its -wal as the statements left them.
    static func buildDatabase(_ sql: String, at path: String) -> ([UInt8], [UInt8]?)? {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let db else {
            if let db { sqlite3_close(db) }
            return nil
        }
        defer { sqlite3_close(db) }
        sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0)
        sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1 << 20)
        sqlite3_set_authorizer(
            db,
            { _, action, name, _, _, _ in
                switch action {
                case SQLITE_ATTACH, SQLITE_DETACH: return SQLITE_DENY
                case SQLITE_PRAGMA:
                    let pragma = name.map { String(cString: $0).lowercased() } ?? ""
                    return pragma.hasSuffix("_directory") || pragma == "mmap_size" ? SQLITE_DENY : SQLITE_OK
                default: return SQLITE_OK
                }
            }, nil)
        steps = 0
        sqlite3_progress_handler(
            db, 100,
            { _ in
                FuzzCrasherReplayTests.steps += 1
                return FuzzCrasherReplayTests.steps > 3000 ? 1 : 0
            }, nil)
        _ = sqlite3_exec(db, "PRAGMA max_page_count = 1024", nil, nil, nil)
        _ = sqlite3_exec(db, sql, nil, nil, nil)
        guard let database = FileManager.default.contents(atPath: path) else { return nil }
        return ([UInt8](database), FileManager.default.contents(atPath: path + "-wal").map { [UInt8]($0) })
    }

    /// Writes a replayed input's file, making the folders above it.
    static func write(_ path: String, _ bytes: some Collection<UInt8>) {
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    /// Every reader in the table of formats is fuzzed (its name without dashes is a target, or the
    /// start of one: opencode's storage and its database are two), and every target is run by
    /// `fuzz/run.sh --ci` from a kept corpus and replayed here.
    @Test func everyReaderHasAFuzzTargetThatCIRuns() throws {
        let script = try String(contentsOfFile: TestPaths.repo("fuzz/run.sh"), encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("ALL=\"") }, "fuzz/run.sh lists no targets")
        let targets = line.dropFirst(5).dropLast().split(separator: " ").map(String.init)
        for reader in ExportReaders.all {
            let name = reader.name.replacingOccurrences(of: "-", with: "")
            #expect(targets.contains { $0.hasPrefix(name) }, "no fuzz target reads \(reader.name)")
        }
        let fm = FileManager.default
        for target in targets {
            #expect(fm.fileExists(atPath: TestPaths.repo("fuzz/targets/\(target).swift")), "fuzz/targets/\(target).swift is missing")
            let kept = (try? fm.contentsOfDirectory(atPath: TestPaths.repo("fuzz/corpus-kept/\(target)"))) ?? []
            #expect(!kept.isEmpty, "fuzz/corpus-kept/\(target)/ is empty: CI would fuzz it from nothing (fuzz/run.sh --keep \(target))")
            // An unknown target is an issue recorded by the replay.
            Self.replay(target: target, bytes: [0])
        }
        let test = try String(contentsOfFile: TestPaths.repo("scripts/test"), encoding: .utf8)
        #expect(test.contains("\nfuzz/run.sh --ci\n"), "scripts/test does not run the fuzz targets")
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
