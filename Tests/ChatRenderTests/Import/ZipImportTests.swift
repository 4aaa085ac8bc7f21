import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
@testable import ChatOutput
@testable import ChatAssets
@testable import ChatBrowser
@testable import ChatRender
import TestSupport

/// `chatrender import chatgpt EXPORT.zip` and `render --from chatgpt EXPORT.zip`: the export read
/// in place, the same conversations as from the unzipped folder, only used files extracted.
@Suite struct ZipImportTests {
    typealias Entry = ZipBuilder.Entry
    static let export = TestPaths.fixture("import/chatgpt/export")

    /// The fixture export's files as zip entries under `prefix`, deflated, plus `extra`.
    static func exportEntries(prefix: String = "", extra: [Entry] = []) throws -> [Entry] {
        var entries: [Entry] = []
        for name in ["conversations.json", "file-Img001-tram.png", "file-Doc002-booking.pdf", "user-abc/file_00000000aa11-3f2c.png"] {
            let bytes = try #require(FileManager.default.contents(atPath: export + "/" + name))
            entries.append(Entry(prefix + name, bytes: [UInt8](bytes), deflate: true))
        }
        return entries + extra
    }

    func read(_ path: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: .chatgpt, inputPath: path, outputDirectory: "unused"))
        return (chats, warnings.map(\.description))
    }

    func errors(_ path: String) -> [String] {
        do {
            _ = try Importer.read(ImportRequest(format: .chatgpt, inputPath: path, outputDirectory: "unused"))
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func theZipGivesWhatTheFolderGives() throws {
        let temp = TestPaths.temporaryFolder("zipimport")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let (folderChats, _) = try read(Self.export)
        let atRoot = ZipBuilder(try Self.exportEntries()).write(to: temp, name: "root.zip")
        let inFolder = ZipBuilder(try Self.exportEntries(prefix: "chatgpt-export/")).write(to: temp, name: "nested.zip")
        for (path, shown) in [
            (atRoot, "root.zip/conversations.json"), (inFolder, "nested.zip/chatgpt-export/conversations.json"),
            (TestPaths.fixture("import/chatgpt/export-zip64.zip"), "export-zip64.zip/export/conversations.json"),
        ] {
            let (chats, warnings) = try read(path)
            #expect(chats.map(\.title) == folderChats.map(\.title))
            #expect(chats.map { $0.turns.map(\.text) } == folderChats.map { $0.turns.map(\.text) })
            let files = chats[1].turns[0].attachments
            let expected = folderChats[1].turns[0].attachments
            #expect(files.map(\.name) == expected.map(\.name))
            #expect(files.map(\.contentType) == expected.map(\.contentType))
            #expect(files.map(\.byteCount) == expected.map(\.byteCount))
            guard case .zipEntry(_, let tram) = files[0].content else { Issue.record("\(path): tram.png is not read from the zip"); continue }
            #expect(tram.name.hasSuffix("file-Img001-tram.png"))
            #expect(files[2].content == .unavailable && files[4].content == .unavailable)
            // Warnings name the file inside the archive, with line:column and JSON path.
            #expect(warnings.count == 2)
            #expect(
                warnings.first?.hasSuffix(
                    "\(shown):146:26: warning: [1].mapping.u1.message.content.parts[2].asset_pointer: the export has no file for \"file-Gone999\"; shown as unavailable"
                ) == true, "\(warnings)")
        }
    }

    @Test func importWritesOnlyTheFilesTheConversationsUse() throws {
        let temp = TestPaths.temporaryFolder("zipimport")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let unused = Entry("dalle-generations/file-Unused-big.webp", bytes: Array(repeating: 9, count: 4096), deflate: true)
        let zip = ZipBuilder(try Self.exportEntries(extra: [unused, Entry("notes/readme.txt", "not a chat file")])).write(to: temp)
        let run = try CLIRun.run(["import", "chatgpt", zip, "--out", temp + "/out"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains(
                "export.zip/conversations.json:171:8: warning: [1].mapping.u1.message.metadata.attachments[2]: the export has no file for \"file-Missing7\"; shown as unavailable"
            ))
        let written = try FileManager.default.subpathsOfDirectory(atPath: temp + "/out/files").sorted()
        #expect(written == ["weekend-in-lisbon", "weekend-in-lisbon/3f2c.png", "weekend-in-lisbon/booking.pdf", "weekend-in-lisbon/tram.png"])
        let tram = try #require(FileManager.default.contents(atPath: temp + "/out/files/weekend-in-lisbon/tram.png"))
        #expect(tram == FileManager.default.contents(atPath: Self.export + "/file-Img001-tram.png"))
        let native = try String(contentsOfFile: temp + "/out/weekend-in-lisbon.json", encoding: .utf8)
        #expect(native.contains("\"markup\": \"full\""))
        #expect(
            native.contains(
                "{\"id\": \"a5\", \"name\": \"route.gpx\", \"byteCount\": 51200, \"contentType\": \"application/gpx+xml\", \"status\": \"unavailable\"}"))
        #expect(!native.contains("(unavailable)"))
        // Nothing but the output: no extraction beside the zip or in the working folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp).sorted() == ["export.zip", "out"])
    }

    @Test func renderFromTheZipMakesTheSite() throws {
        let temp = TestPaths.temporaryFolder("zipfrom")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let run = try CLIRun.run(["render", "--from", "chatgpt", TestPaths.fixture("import/chatgpt/export-deflated.zip"), "--out", temp + "/site"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasSuffix("wrote \(temp)/site/index.html (3 conversations), 2 warnings\n"))
        let page = try String(contentsOfFile: temp + "/site/weekend-in-lisbon/index.html", encoding: .utf8)
        #expect(page.contains("<ul><li>about 20 minutes</li><li>pay on board</li></ul>"))
        #expect(page.contains("aria-label=\"Photo unavailable, image.png\""))
        #expect(page.contains("aria-label=\"route.gpx, Source code, 51 KB, File unavailable\""))
        #expect(page.contains("<span class=\"cr-chip-line\">51 KB · File unavailable</span>"))
    }

    @Test func hostileAndUnusableZipsFailWithTheirNamesAndWriteNothing() throws {
        let temp = TestPaths.temporaryFolder("zipbad")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        // No conversations.json; two of them; a path out of the archive; a damaged photo that is used.
        let none = ZipBuilder([Entry("chat.html", "<p>")]).write(to: temp, name: "none.zip")
        #expect(
            errors(none) == [
                "\(none): error: no ChatGPT conversations at the top of the zip archive or in one top-level folder; expected ChatGPT's data export (the zip, or its unzipped folder) holding conversations.json, or conversations-000.json, conversations-001.json, … (listed in export_manifest.json)"
            ])
        let two = ZipBuilder([Entry("a/conversations.json", "[]"), Entry("b/conversations.json", "[]")]).write(to: temp, name: "two.zip")
        #expect(
            errors(two) == [
                "\(two): error: 2 exports in the top-level folders \"a/\", \"b/\"; expected one export per zip archive, at its root or in one top-level folder"
            ])
        let evil = ZipBuilder(try Self.exportEntries(extra: [Entry("../../.bashrc", "rm -rf ~")])).write(to: temp, name: "evil.zip")
        #expect(errors(evil) == ["\(evil): error: entry \"../../.bashrc\": the name contains \"..\", which would leave the folder it is extracted into"])
        var entries = try Self.exportEntries()
        entries[1].crc = 0xDEAD_BEEF
        let damaged = ZipBuilder(entries).write(to: temp, name: "damaged.zip")
        let run = try CLIRun.run(["import", "chatgpt", damaged, "--out", temp + "/out"])
        #expect(run.status == 65)
        #expect(
            run.stderr.contains("\(damaged): error: entry \"file-Img001-tram.png\": CRC-32 mismatch (0x69c826c9, expected 0xdeadbeef); the data is damaged"),
            "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: temp + "/out"))
        // A bad conversations.json inside the zip: line:column in the file inside the archive.
        let syntax = ZipBuilder([Entry("conversations.json", "[\n  {\"title\": }\n]")]).write(to: temp, name: "syntax.zip")
        #expect(errors(syntax).first?.hasPrefix("\(syntax)/conversations.json:2:13: error: ") == true, "\(errors(syntax))")
        #expect(errors(temp + "/missing.zip") == ["\(temp)/missing.zip: error: no such file; expected a zip archive"])
    }
}
