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

/// ChatGPT exports in every layout they are downloaded in: one `conversations.json` (to 2025) or
/// numbered shards with `export_manifest.json` and `<file id>.dat` uploads (2026), as a folder, a
/// zip, or a zip with one top-level folder; read tolerantly (a broken or empty conversation is a
/// warning and the rest is imported; `--strict` makes the warnings errors).
@Suite struct ChatGPTLayoutTests {
    typealias Entry = ZipBuilder.Entry
    static let export = TestPaths.fixture("import/chatgpt-2026/export")
    static let files = [
        "conversations-000.json", "conversations-001.json", "export_manifest.json", "conversation_asset_file_names.json", "library_files.json",
        "file_00000000a1b2c3d4e5f60718293a4b5c.dat", "file_00000000c0ffee0718293a4b5c6d7e8f.dat",
        "file_00000000d4e5f60718293a4b5c6d7e8f.dat", "file_00000000fee10718293a4b5c6d7e8f00.dat",
    ]

    /// What the fixture export gives wherever it sits: messages name the file as `SHOWN/conversations-NNN.json`.
    static func expectedWarnings(_ shown: String) -> [String] {
        [
            "\(shown)/conversations-000.json:83:2: warning: [1]: conversation \"New chat\" (id \"68a1c0de-0002-4a5b-9c1e-2f3a4b5c6d02\") is empty (no \"mapping\"); skipped",
            "\(shown)/conversations-000.json:124:19: warning: [2].current_node: no message node \"gone\" in \"mapping\"; expected the id of one of its members; the conversation \"Broken thread\" (id \"68a1c0de-0003-4a5b-9c1e-2f3a4b5c6d03\") is left out",
            "\(shown)/conversations-001.json:74:26: warning: [0].mapping.u2.message.content.parts[0].asset_pointer: the export has no file for \"file_00000000bad0000000000000000000aa\"; shown as unavailable",
            "\(shown)/conversations-001.json:121:2: warning: [1]: conversation \"New chat\" (id \"68a1c0de-0005-4a5b-9c1e-2f3a4b5c6d05\") is empty (no message in \"mapping\"); skipped",
        ]
    }

    func read(_ path: String, strip: String? = nil) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: .chatgpt, inputPath: path, outputDirectory: "unused"))
        return (chats, warnings.map { warning in strip.map { warning.description.replacingOccurrences(of: $0, with: "") } ?? warning.description })
    }

    func errors(_ path: String) -> [String] {
        do {
            _ = try Importer.read(ImportRequest(format: .chatgpt, inputPath: path, outputDirectory: "unused"))
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try #require(FileManager.default.contents(atPath: export + "/" + name)))
    }

    /// A copy of the fixture export in `folder`, without `leaving` and with `replacing` written over it.
    static func copyExport(to folder: String, leaving: Set<String> = [], replacing: [String: String] = [:]) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in files where !leaving.contains(name) && replacing[name] == nil {
            try FileManager.default.copyItem(atPath: export + "/" + name, toPath: folder + "/" + name)
        }
        for (name, text) in replacing { try text.write(toFile: folder + "/" + name, atomically: false, encoding: .utf8) }
    }

    /// The fixture export as zip entries under `prefix`.
    static func zipEntries(prefix: String = "") throws -> [Entry] {
        try files.map { Entry(prefix + $0, bytes: try bytes($0), deflate: true) }
    }

    /// The two conversations the fixture holds, as ChatGPT shows them.
    func expectTheFixture(_ chats: [ImportedChat]) {
        #expect(chats.map(\.title) == ["Packing for Kyoto", "Receipt totals"])
        guard chats.count == 2 else { return }
        // Slim 2026 records: nodes without "children", messages without "metadata" read fine.
        #expect(
            chats[0].turns.map(\.shownText) == [
                "Here is the station and my itinerary. What should I pack for three days in March?",
                "Layers: a light down jacket, a scarf and **comfortable shoes** for the temples.",
            ])
        #expect(chats[1].turns.map(\.id) == ["u1", "a1", "u2", "u3"])
        let kyoto = chats[0].turns[0].attachments
        let receipts = chats[1].turns.flatMap(\.attachments)
        // Named from the asset names (before the Library's "IMG_2041.png"), from the message, and
        // from the Library (library_files.json) for a stored file and a missing one; never by a raw id.
        #expect(kyoto.map(\.name) == ["kyoto-station.png", "itinerary.pdf"])
        #expect(kyoto.map(\.contentType) == ["image/png", "application/pdf"])
        #expect(kyoto.map(\.byteCount) == [686, 45])
        #expect(receipts.map(\.name) == ["receipt.jpg", "IMG_0412.jpeg", "March statement.pdf"])
        #expect(receipts.map(\.contentType) == ["image/jpeg", "image/jpeg", "application/pdf"])
        #expect(receipts[1].content == .unavailable)
        #expect(!(kyoto + receipts).contains { $0.name.contains("file_") || $0.name.hasSuffix(".dat") })
    }

    // MARK: Layouts

    @Test func shardsListedInTheManifest() throws {
        let (chats, warnings) = try read(Self.export)
        expectTheFixture(chats)
        #expect(warnings == Self.expectedWarnings(Self.export))
        guard case .file(let station) = chats.first?.turns[0].attachments[0].content else { Issue.record("the photo is not read"); return }
        #expect(station.hasSuffix("/file_00000000a1b2c3d4e5f60718293a4b5c.dat"))
    }

    @Test func shardsWithoutAManifestAreFoundByName() throws {
        let temp = TestPaths.temporaryFolder("gptlayout")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try Self.copyExport(to: temp + "/e", leaving: ["export_manifest.json"])
        let (chats, warnings) = try read(temp + "/e")
        expectTheFixture(chats)
        #expect(warnings == Self.expectedWarnings(temp + "/e"))
    }

    @Test func aListedShardMissingOrAShardNotListedIsAWarning() throws {
        let temp = TestPaths.temporaryFolder("gptlayout")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let manifest = #"{"version": 1, "logical_files": {"conversations.json": {"files": ["conversations-000.json", "conversations-002.json"]}}}"#
        try Self.copyExport(to: temp + "/e", replacing: ["export_manifest.json": manifest])
        let (chats, warnings) = try read(temp + "/e", strip: temp + "/e/")
        expectTheFixture(chats)  // the unlisted shard is read all the same, after the listed ones
        #expect(
            Array(warnings.prefix(2)) == [
                "export_manifest.json: warning: lists the conversation file \"conversations-002.json\", which the export does not have; the conversations in it are missing",
                "conversations-001.json: warning: not listed in export_manifest.json; read all the same, after the files it lists",
            ])
        #expect(warnings.count == 6)
    }

    @Test func everyManifestShapeSeenAndAnUnknownOne() throws {
        let temp = TestPaths.temporaryFolder("gptlayout")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        // The other shape seen: a "files" list whose conversations.json entry lists its shards,
        // here in reverse order, which is the order they are read in.
        let listed =
            #"{"version": 1, "files": [{"name": "conversations.json", "shards": [{"name": "conversations-001.json"}, {"name": "conversations-000.json"}]}, {"name": "conversation_asset_file_names.json"}]}"#
        try Self.copyExport(to: temp + "/a", replacing: ["export_manifest.json": listed])
        let (reversed, quiet) = try read(temp + "/a")
        #expect(reversed.map(\.title) == ["Receipt totals", "Packing for Kyoto"])
        #expect(quiet.count == 4)
        // A manifest naming no conversation file, or broken: a warning, and the shards found are read.
        try Self.copyExport(to: temp + "/b", replacing: ["export_manifest.json": #"{"version": 2, "parts": []}"#])
        let (found, warned) = try read(temp + "/b", strip: temp + "/b/")
        expectTheFixture(found)
        #expect(
            warned.first
                == "export_manifest.json: warning: names no conversation files; expected \"conversations.json\" with its shards (under \"logical_files\", \"files\" or \"export_files\"); the conversations-NNN.json files found are read"
        )
        try Self.copyExport(to: temp + "/c", replacing: ["export_manifest.json": "{\"version\": 1,"])
        let (despite, broken) = try read(temp + "/c", strip: temp + "/c/")
        expectTheFixture(despite)
        #expect(
            broken.first
                == "export_manifest.json:1:15: warning: unexpected end of file; expected a member name in double quotes; export_manifest.json is not used",
            "\(broken)")
        // Unsafe names in a manifest are never read.
        let escaping = #"{"logical_files": {"conversations.json": {"files": ["../conversations-000.json", "/etc/passwd", "conversations-000.json"]}}}"#
        try Self.copyExport(to: temp + "/d", replacing: ["export_manifest.json": escaping])
        let (safe, refused) = try read(temp + "/d", strip: temp + "/d/")
        #expect(safe.map(\.title) == ["Packing for Kyoto", "Receipt totals"])
        #expect(refused.filter { $0.contains("is not a plain name inside the export; it is not read") }.count == 2)
    }

    /// Every real 2026 export's manifest: only the flat `export_files` list, with sizes, the
    /// shards in any order among the uploads. Read with no warning about the manifest, so such an
    /// export renders under --strict when nothing else is wrong.
    @Test func aManifestListingOnlyItsExportFiles() throws {
        let temp = TestPaths.temporaryFolder("gptlayout")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let real =
            #"{"export_files": [{"path": "file_00000000a1b2c3d4e5f60718293a4b5c.dat", "size_bytes": 68}, "#
            + #"{"path": "conversations-001.json", "size_bytes": 5120}, {"path": "conversations-000.json", "size_bytes": 5242880}, "#
            + #"{"path": "conversation_asset_file_names.json", "size_bytes": 211}, {"path": "library_files.json", "size_bytes": 907}]}"#
        try Self.copyExport(to: temp + "/a", replacing: ["export_manifest.json": real])
        let (chats, warnings) = try read(temp + "/a")
        expectTheFixture(chats)
        #expect(warnings == Self.expectedWarnings(temp + "/a"), "\(warnings)")
        #expect(!warnings.contains { $0.contains("export_manifest.json") })
        // Only the shards it lists, in shard order, whatever their order in the list.
        let one = #"{"export_files": [{"path": "conversations-001.json", "size_bytes": 5120}, {"path": "user.json", "size_bytes": 9}]}"#
        try Self.copyExport(to: temp + "/b", replacing: ["export_manifest.json": one])
        let (only, notListed) = try read(temp + "/b", strip: temp + "/b/")
        #expect(only.map(\.title).contains("Receipt totals"))
        #expect(notListed.contains { $0.contains("conversations-000.json") && $0.contains("not listed in export_manifest.json") }, "\(notListed)")
    }

    @Test func theZipGivesWhatTheFolderGives() throws {
        let temp = TestPaths.temporaryFolder("gptlayout")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let atRoot = ZipBuilder(try Self.zipEntries()).write(to: temp, name: "export.zip")
        let inFolder = ZipBuilder(try Self.zipEntries(prefix: "chatgpt-2026/")).write(to: temp, name: "nested.zip")
        for (path, shown) in [(atRoot, atRoot), (inFolder, inFolder + "/chatgpt-2026")] {
            let (chats, warnings) = try read(path)
            expectTheFixture(chats)
            #expect(warnings == Self.expectedWarnings(shown))
            guard case .zipEntry(_, let entry) = chats.first?.turns[0].attachments[0].content else { Issue.record("\(path): not read from the zip"); continue }
            #expect(entry.name.hasSuffix("file_00000000a1b2c3d4e5f60718293a4b5c.dat"))
        }
        // Two exports in one archive are refused, naming them.
        let two = ZipBuilder(try Self.zipEntries(prefix: "a/") + Self.zipEntries(prefix: "b/")).write(to: temp, name: "two.zip")
        #expect(
            errors(two) == [
                "\(two): error: 2 exports in the top-level folders \"a/\", \"b/\"; expected one export per zip archive, at its root or in one top-level folder"
            ])
    }

    @Test func aShardedZipFromStandardInput() throws {
        let temp = TestPaths.temporaryFolder("gptlayout")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let zip = ZipBuilder(try Self.zipEntries()).write(to: temp, name: "export.zip")
        let input = try Data(contentsOf: URL(fileURLWithPath: zip))
        let run = try CLIRun.run(["import", "chatgpt", "-", "--out", "site"], in: temp, input: input)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("<stdin>/conversations-000.json:124:19: warning: [2].current_node: no message node \"gone\""), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("wrote 2 conversations and site/index.html, 4 warnings\n"))
        let written = try FileManager.default.subpathsOfDirectory(atPath: temp + "/site")
        #expect(
            Set(written.filter { $0.hasPrefix("files/") && $0.contains(".") }) == [
                "files/packing-for-kyoto/kyoto-station.png", "files/packing-for-kyoto/itinerary.pdf",
                "files/receipt-totals/receipt.jpg", "files/receipt-totals/March statement.pdf",
            ])
    }

    @Test func aFolderHoldingTheUnzippedFolder() throws {
        let temp = TestPaths.temporaryFolder("gptlayout")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try Self.copyExport(to: temp + "/download/chatgpt-2026")
        let (chats, warnings) = try read(temp + "/download")
        expectTheFixture(chats)
        #expect(warnings == Self.expectedWarnings(temp + "/download/chatgpt-2026"))
    }

    @Test func nothingFoundSaysWhatWasExpected() throws {
        let temp = TestPaths.temporaryFolder("gptlayout")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try FileManager.default.createDirectory(atPath: temp + "/empty", withIntermediateDirectories: true)
        let expected =
            "expected ChatGPT's data export (the zip, or its unzipped folder) holding conversations.json, or conversations-000.json, conversations-001.json, … (listed in export_manifest.json)"
        #expect(errors(temp + "/empty") == ["\(temp)/empty: error: no ChatGPT conversations in this folder; \(expected)"])
        let zip = ZipBuilder([Entry("README.txt", "hello"), Entry("photos/file_00ab.dat", "x")]).write(to: temp, name: "other.zip")
        #expect(errors(zip) == ["\(zip): error: no ChatGPT conversations at the top of the zip archive or in one top-level folder; \(expected)"])
        let run = try CLIRun.run(["import", "chatgpt", temp + "/empty", "--out", temp + "/out"])
        #expect(run.status == 66 && !FileManager.default.fileExists(atPath: temp + "/out"))
    }

    @Test func oneShardOnItsOwnAndAManifestWithoutShards() throws {
        let temp = TestPaths.temporaryFolder("gptlayout")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        // A shard named directly is read alone; its folder's asset names still name its files.
        let (one, _) = try read(Self.export + "/conversations-000.json")
        #expect(one.map(\.title) == ["Packing for Kyoto"])
        #expect(one.first?.turns[0].attachments.map(\.name) == ["kyoto-station.png", "itinerary.pdf"])
        // …and its folder's Library names the files nothing else names.
        let (other, _) = try read(Self.export + "/conversations-001.json")
        #expect(other.first?.turns.flatMap(\.attachments).map(\.name) == ["receipt.jpg", "IMG_0412.jpeg", "March statement.pdf"])
        // A 2024 export: one conversations.json, which a manifest may name without shards.
        let old = try String(contentsOfFile: TestPaths.fixture("import/chatgpt/export/conversations.json"), encoding: .utf8)
        try Self.copyExport(
            to: temp + "/e", leaving: ["conversations-000.json", "conversations-001.json"],
            replacing: ["conversations.json": old, "export_manifest.json": #"{"files": [{"name": "conversations.json"}]}"#])
        let (chats, _) = try read(temp + "/e")
        #expect(chats.map(\.title) == ["Ünïcode — <Plan> & more", "Weekend in Lisbon", "Weekend in Lisbon"])
        // Both layouts at once, with no manifest to choose: conversations.json, with a warning.
        try Self.copyExport(to: temp + "/f", leaving: ["export_manifest.json"], replacing: ["conversations.json": old])
        let (both, warnings) = try read(temp + "/f", strip: temp + "/f/")
        #expect(both.count == 3)
        #expect(
            warnings.first
                == "conversations.json: warning: the export also has conversations-000.json, conversations-001.json but no export_manifest.json saying which to read; only conversations.json is read"
        )
    }

    // MARK: Files

    @Test func storedFilesAreTypedByContentAndNamedFromWhatIsKnown() throws {
        let temp = TestPaths.temporaryFolder("gptlayout")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
        let png = try Self.bytes("file_00000000a1b2c3d4e5f60718293a4b5c.dat")
        let wav = Array("RIFF".utf8) + [36, 0, 0, 0] + Array("WAVEfmt ".utf8) + [UInt8](repeating: 0, count: 24)
        for (name, bytes) in [
            ("file_00aa.dat", png), ("file_00bb.dat", wav), ("file_00cc.dat", Array("plain notes\n".utf8)),
            ("file_00dd.dat", [0, 1, 2, 3]), ("file-Legacy1-trip plan.md", Array("# Trip\n".utf8)),
        ] {
            _ = FileManager.default.createFile(atPath: temp + "/" + name, contents: Data(bytes))
        }
        let files = ExportFiles(source: .folder(temp), assetNames: ["file_00aa.dat": "beach.png"])
        var reader = JSONReader(file: "conversations.json")
        func get(_ id: String, name: String? = nil, declared: String? = nil) -> ImportedAttachment {
            files.attachment(id: id, name: name, declaredType: declared, size: 9, at: nil, path: "p", reader: &reader)
        }
        #expect(get("file_00aa").name == "beach.png")  // the asset names
        #expect(get("file_00aa", name: "Beach day.png").name == "Beach day.png")  // the message's name wins
        #expect(get("file_00aa", name: "file_00aa").name == "beach.png")  // a raw id is no name
        #expect([get("file_00bb").name, get("file_00bb").contentType] == ["audio.wav", "audio/wav"])
        #expect([get("file_00cc").name, get("file_00cc").contentType] == ["document.txt", "text/plain"])
        // Nothing known at all, not even a type: only then the stored name.
        #expect([get("file_00dd").name, get("file_00dd").contentType] == ["file_00dd.dat", "application/octet-stream"])
        #expect(get("file_00dd", declared: "application/pdf").name == "document.pdf")
        #expect(get("file-Legacy1").name == "trip plan.md")  // 2024: the name after the id
        #expect(reader.diagnostics.isEmpty)
        // Missing: named from what the message declares, or the asset names, never the id.
        let missing = [get("file_0404", declared: "image/png"), get("file_0405", declared: "image/jpeg"), get("file_0406")]
        #expect(missing.map(\.name) == ["image.png", "image.jpg", "file_0406"])
        #expect(
            ExportFiles(source: .folder(temp), assetNames: ["file_0407": "scan.pdf"])
                .attachment(id: "file_0407", name: nil, declaredType: nil, size: 1, at: nil, path: "p", reader: &reader).name == "scan.pdf")
        #expect(missing.allSatisfy { $0.content == .unavailable } && reader.diagnostics.count == 4)
    }

    @Test func assetNamesInEveryShape() throws {
        func names(_ json: String) throws -> ([String: String], String?) {
            let (found, problem) = ExportManifest.assetNames(try JSONParser.parse(Array(json.utf8)))
            return (found, problem)
        }
        #expect(try names(#"{"file_01.dat": "a.png", "file_02": "b.pdf"}"#).0 == ["file_01.dat": "a.png", "file_01": "a.png", "file_02": "b.pdf"])
        #expect(try names(#"{"file_01.dat": {"name": "a.png"}}"#).0["file_01"] == "a.png")
        #expect(try names(#"[{"file": "user-x/file_01.dat", "original_name": "a.png"}]"#).0["file_01"] == "a.png")
        let (partial, problem) = try names(#"{"file_01.dat": "a.png", "file_02.dat": 7, "file_03.dat": "  "}"#)
        #expect(partial.count == 2 && problem?.hasPrefix("2 entries without a stored name and an original name") == true)
        #expect(try names("[1, 2]").1?.hasPrefix("2 entries") == true)
        #expect(try names("\"x\"").1?.hasPrefix("expected an object of original file names") == true)
    }

    // MARK: Tolerance

    static let good =
        #"{"title": "Good", "id": "c-good", "mapping": {"r": {"message": null, "parent": null}, "u": {"parent": "r", "message": {"author": {"role": "user"}, "content": {"content_type": "text", "parts": ["hello"]}}}}, "current_node": "u"}"#

    @Test func aBrokenConversationAmongGoodOnesIsLeftOutAndNamed() throws {
        let temp = TestPaths.temporaryFolder("gptlayout")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
        let broken =
            #"{"title": "No author", "id": "c-bad", "mapping": {"u": {"parent": null, "message": {"content": {"content_type": "text", "parts": ["x"]}}}}, "current_node": "u"}"#
        let another = Self.good.replacingOccurrences(of: "c-good", with: "c-good-2")  // a copy with the same id would be shown once
        try "[\(Self.good),\n\(broken),\n\(another)]".write(toFile: temp + "/conversations.json", atomically: false, encoding: .utf8)
        let (chats, warnings) = try read(temp, strip: temp + "/")
        #expect(chats.map(\.title) == ["Good", "Good"])
        #expect(
            warnings == [
                "conversations.json:2:84: warning: [1].mapping.u.message.author: missing required field \"author\"; expected an object with \"role\"; the conversation \"No author\" (id \"c-bad\") is left out"
            ])
        // The CLI imports the rest and exits 0; --strict refuses and writes nothing.
        let run = try CLIRun.run(["import", "chatgpt", temp, "--out", temp + "/out"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasSuffix("wrote 2 conversations and \(temp)/out/index.html, 1 warning\n"))
        let strict = try CLIRun.run(["import", "chatgpt", temp, "--out", temp + "/strict", "--strict"])
        #expect(strict.status == 65 && !FileManager.default.fileExists(atPath: temp + "/strict"))
        #expect(strict.stderr.contains("conversations.json:2:84: error: [1].mapping.u.message.author: missing required field"))
    }

    @Test func nothingReadableIsAnError() {
        // Every conversation of the old "bad" fixture is broken or empty: the import fails, naming each.
        let found = errors(TestPaths.fixture("import/chatgpt/bad/conversations.json"))
        #expect(found.count == 4)
        #expect(
            found.first?.hasSuffix(
                "conversations.json:33:19: error: [0].current_node: no message node \"zzz\" in \"mapping\"; expected the id of one of its members; the conversation \"broken\" is left out"
            ) == true, "\(found)")
        #expect(found.last?.contains("warning: [3]: conversation") == true)
    }

    @Test func aSyntaxErrorInOneShardOfManyLeavesOutThatShard() throws {
        let temp = TestPaths.temporaryFolder("gptlayout")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try Self.copyExport(to: temp + "/e", replacing: ["conversations-001.json": "[\n  {\"title\": \"x\",,}\n]"])
        let (chats, warnings) = try read(temp + "/e", strip: temp + "/e/")
        #expect(chats.map(\.title) == ["Packing for Kyoto"])
        #expect(
            warnings.last
                == "conversations-001.json:2:17: warning: unexpected ','; expected a member name in double quotes; the conversations in conversations-001.json are left out",
            "\(warnings)")
        // A shard that is not a list of conversations, likewise.
        try Self.copyExport(to: temp + "/f", replacing: ["conversations-001.json": "{\"conversations\": []}"])
        let (rest, told) = try read(temp + "/f", strip: temp + "/f/")
        #expect(
            rest.count == 1 && told.last?.hasPrefix("conversations-001.json:1:1: warning: (document): expected an array of conversations") == true, "\(told)")
        // The only conversation file broken: an error, as before.
        try FileManager.default.createDirectory(atPath: temp + "/g", withIntermediateDirectories: true)
        try "[{]".write(toFile: temp + "/g/conversations.json", atomically: false, encoding: .utf8)
        #expect(errors(temp + "/g").first?.hasPrefix("\(temp)/g/conversations.json:1:3: error:") == true)
    }

    @Test func aConversationWithoutCurrentNodeShowsItsNewestThread() throws {
        let temp = TestPaths.temporaryFolder("gptlayout")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
        let conversation = #"""
            [{"title": "Edited", "mapping": {
              "r": {"message": null, "parent": null},
              "q": {"parent": "r", "message": {"author": {"role": "user"}, "create_time": 10, "content": {"content_type": "text", "parts": ["question"]}}},
              "old": {"parent": "q", "message": {"author": {"role": "assistant"}, "create_time": 20, "content": {"content_type": "text", "parts": ["first answer"]}}},
              "new": {"parent": "q", "message": {"author": {"role": "assistant"}, "create_time": 30, "content": {"content_type": "text", "parts": ["second answer"]}}}}}]
            """#
        try conversation.write(toFile: temp + "/conversations.json", atomically: false, encoding: .utf8)
        let (chats, warnings) = try read(temp, strip: temp + "/")
        #expect(chats.first?.turns.map(\.shownText) == ["question", "first answer", "second answer"])
        #expect(chats.first?.turns.map(\.branch) == [[], [2], []])
        #expect(
            warnings == ["conversations.json:1:2: warning: [0].current_node: no \"current_node\"; the thread ending at the newest message, \"new\", is shown"])
    }

    @Test func strictImportRefusesAndWritesNothing() throws {
        let temp = TestPaths.temporaryFolder("gptlayout")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        #expect(throws: DiagnosticError.self) {
            try Importer.run(ImportRequest(format: .chatgpt, inputPath: Self.export, outputDirectory: temp + "/out", strict: true))
        }
        #expect(!FileManager.default.fileExists(atPath: temp + "/out"))
        let result = try Importer.run(ImportRequest(format: .chatgpt, inputPath: Self.export, outputDirectory: temp + "/out"))
        #expect(result.entries.count == 2 && result.warnings.count == 4)
    }

    // MARK: As a user runs it

    @Test func renderFromTheFolderAndTheZip() throws {
        let temp = TestPaths.temporaryFolder("gptlayout")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let zip = ZipBuilder(try Self.zipEntries(prefix: "chatgpt-2026/")).write(to: temp, name: "chatgpt-export.zip")
        for (input, shown) in [(Self.export, Self.export), (zip, zip + "/chatgpt-2026")] {
            let site = temp + "/site-" + FilePath.lastComponent(input)
            let run = try CLIRun.run(["render", "--from", "chatgpt", input, "--out", site])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr == Self.expectedWarnings(shown).joined(separator: "\n") + "\nwrote \(site)/index.html (2 conversations), 4 warnings\n")
            let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
            #expect(index.contains("href=\"packing-for-kyoto/index.html\"") && index.contains("href=\"receipt-totals/index.html\""))
            #expect(!index.contains("New chat") && !index.contains("Broken thread"))
            let kyoto = try String(contentsOfFile: site + "/packing-for-kyoto/index.html", encoding: .utf8)
            let receipts = try String(contentsOfFile: site + "/receipt-totals/index.html", encoding: .utf8)
            #expect(kyoto.contains("itinerary.pdf") && receipts.contains("March statement.pdf") && receipts.contains("Photo unavailable, IMG_0412.jpeg"))
            #expect(!(kyoto + receipts).contains("file_0000") && !(kyoto + receipts).contains(".dat"))
            let written = try FileManager.default.subpathsOfDirectory(atPath: site)
            #expect(written.contains { $0.hasPrefix("packing-for-kyoto/") && $0.hasSuffix(".pdf") })
            // --strict: the same warnings are errors, and nothing is written.
            let refused = try CLIRun.run(["render", "--from", "chatgpt", input, "--out", site + "-refused", "--strict"])
            #expect(refused.status == 65 && !FileManager.default.fileExists(atPath: site + "-refused"))
            #expect(refused.stderr.contains("conversations-000.json:83:2: error: [1]: conversation \"New chat\""))
        }
    }
}

extension ImportedTurn {
    /// The words the turn shows: its text, or the text of its parts when parts hold the reply
    /// (an assistant reply is one turn of parts since replies are read whole).
    var shownText: String {
        guard !parts.isEmpty else { return text }
        return parts.compactMap { part -> String? in
            if case .text(let text) = part { return text }
            return nil
        }.joined(separator: "\n\n")
    }
}
