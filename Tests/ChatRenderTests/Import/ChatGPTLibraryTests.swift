import Foundation
import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad
@testable import ChatRender
import TestSupport

/// Two things newer ChatGPT exports need: the same conversation in two shards (or twice in one
/// file) is shown once, from its newest copy; and `library_files.json`, the person's Library,
/// names and types the files conversations point at.
@Suite struct ChatGPTLibraryTests {
    /// A small conversation: a question and its answer.
    static func conversation(_ id: String, _ title: String, updated: Double?, answer: String = "Sure.") -> String {
        let time = updated.map { String($0) } ?? "null"
        return """
            {"id": "\(id)", "conversation_id": "\(id)", "title": "\(title)", "create_time": 1767225600, "update_time": \(time),
             "mapping": {"root": {"id": "root", "message": null, "parent": null},
              "u1": {"id": "u1", "parent": "root", "message": {"id": "u1", "author": {"role": "user"}, "create_time": 1767225600, "content": {"content_type": "text", "parts": ["Plan it?"]}, "recipient": "all"}},
              "a1": {"id": "a1", "parent": "u1", "message": {"id": "a1", "author": {"role": "assistant"}, "create_time": 1767225610, "content": {"content_type": "text", "parts": ["\(answer)"]}, "recipient": "all"}}},
             "current_node": "a1"}
            """
    }

    /// An export folder of the given files (name → text).
    static func export(_ files: [String: String]) throws -> String {
        let folder = TestPaths.temporaryFolder("gptlibrary")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: false, encoding: .utf8) }
        return folder
    }

    func read(_ folder: String) throws -> ([ImportedChat], [String]) {
        let (chats, warnings) = try Importer.read(ImportRequest(format: .chatgpt, inputPath: folder, outputDirectory: "unused"))
        return (chats, warnings.map { $0.description.replacingOccurrences(of: folder + "/", with: "") })
    }

    // MARK: Copies of a conversation

    @Test func aNewerCopyInALaterShardIsShownInTheFirstCopysPlace() throws {
        let folder = try Self.export([
            "conversations-000.json": "[" + Self.conversation("c-trip", "Trip", updated: 100, answer: "Old plan.") + ",\n"
                + Self.conversation("c-other", "Other", updated: 50) + "]",
            "conversations-001.json": "[" + Self.conversation("c-trip", "Trip, revised", updated: 200, answer: "New plan.") + "]",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (chats, warnings) = try read(folder)
        #expect(chats.map(\.title) == ["Trip, revised", "Other"])
        #expect(chats.first?.turns.last?.shownText == "New plan.")
        #expect(
            warnings == [
                "conversations-000.json:1:2: warning: [0]: conversation \"Trip\" (id \"c-trip\") is also in conversations-001.json at [0], updated later; only that copy is shown"
            ])
    }

    @Test func anOlderCopyInALaterShardIsLeftOut() throws {
        let folder = try Self.export([
            "conversations-000.json": "[" + Self.conversation("c-trip", "Trip", updated: 300, answer: "Newest plan.") + "]",
            "conversations-001.json": "[" + Self.conversation("c-other", "Other", updated: 50) + ",\n" + Self.conversation("c-trip", "Trip (old)", updated: 100)
                + "]",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (chats, warnings) = try read(folder)
        #expect(chats.map(\.title) == ["Trip", "Other"])
        #expect(chats.first?.turns.last?.shownText == "Newest plan.")
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.hasPrefix(
                "conversations-001.json:6:1: warning: [1]: conversation \"Trip (old)\" (id \"c-trip\") is also in conversations-000.json at [0], updated later")
                == true, "\(warnings)")
    }

    @Test func twiceInOneFileTheLaterOfEqualCopiesIsShown() throws {
        let folder = try Self.export([
            "conversations.json": "[" + Self.conversation("c-trip", "Trip", updated: 100, answer: "First.") + ",\n"
                + Self.conversation("c-trip", "Trip", updated: 100, answer: "Second.") + ",\n" + Self.conversation("c-none", "No time", updated: nil) + "]"
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (chats, warnings) = try read(folder)
        #expect(chats.map(\.title) == ["Trip", "No time"])
        #expect(chats.first?.turns.last?.shownText == "Second.")
        #expect(
            warnings == [
                "conversations.json:1:2: warning: [0]: conversation \"Trip\" (id \"c-trip\") is also in conversations.json at [1], updated at the same time and later in the export; only that copy is shown"
            ])
    }

    @Test func pageNamesAreThoseOfTheExportWithoutTheCopy() throws {
        let folder = try Self.export([
            "conversations-000.json": "[" + Self.conversation("c-trip", "Trip", updated: 100) + ",\n" + Self.conversation("c-other", "Other", updated: 50)
                + "]",
            "conversations-001.json": "[" + Self.conversation("c-trip", "Trip", updated: 200) + "]",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Importer.run(ImportRequest(format: .chatgpt, inputPath: folder, outputDirectory: folder + "/out"))
        #expect(result.entries.map(\.slug).sorted() == ["other", "trip"])  // no "trip-2"
        #expect(result.warnings.count == 1)
    }

    // MARK: The Library

    /// The fixture export with its Library replaced by `library` (nil: without one).
    func fixtureWith(library: String?) throws -> (folder: String, receipts: [ImportedAttachment], warnings: [String]) {
        let folder = TestPaths.temporaryFolder("gptlibrary")
        try ChatGPTLayoutTests.copyExport(
            to: folder, leaving: library == nil ? ["library_files.json"] : [],
            replacing: library.map { ["library_files.json": $0] } ?? [:])
        let (chats, warnings) = try read(folder)
        return (folder, chats.last?.turns.flatMap(\.attachments) ?? [], warnings)
    }

    @Test func withoutALibraryFilesFallBackToNamesFromTheirType() throws {
        let (folder, receipts, warnings) = try fixtureWith(library: nil)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(receipts.map(\.name) == ["receipt.jpg", "image.png", "document.pdf"])
        #expect(receipts.map(\.byteCount) == [2000, 12000, 45])
        #expect(warnings.count == 4)  // the fixture's own, nothing about the Library
    }

    @Test func badRecordsAreWarningsAndTheRestIsUsed() throws {
        let library = """
            [
             "file_00000000fee10718293a4b5c6d7e8f00",
             {"file_name": "orphan.pdf"},
             {"file_id": "file_00000000fee10718293a4b5c6d7e8f00", "file_name": 42, "mime_type": "pdf", "file_size_bytes": -3, "created_at": "yesterday"},
             {"file_id": "file_00000000bad0000000000000000000aa", "file_name": "IMG_0412.jpeg", "mime_type": "image/jpeg", "file_size_bytes": 12000.0, "created_at": null}
            ]
            """
        let (folder, receipts, warnings) = try fixtureWith(library: library)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The statement's record has nothing usable: its bytes type it; the missing photo is named.
        #expect(receipts.map(\.name) == ["receipt.jpg", "IMG_0412.jpeg", "document.pdf"])
        #expect(
            Array(warnings.prefix(6)) == [
                "library_files.json:2:2: warning: [0]: expected a Library record object, found a string; it is not used",
                "library_files.json:3:2: warning: [1].file_id: expected \"file_id\", the id conversations point at (\"file_00ab…\"), found nothing; the record is not used",
                "library_files.json:4:68: warning: [2].file_name: expected a string, found a number; it is not used",
                "library_files.json:4:85: warning: [2].mime_type: expected a MIME type such as \"image/png\", found \"pdf\"; the type is not used",
                "library_files.json:4:111: warning: [2].file_size_bytes: expected a whole number of bytes ≥ 0, found -3; the size is not used",
                "library_files.json:4:129: warning: [2].created_at: expected an ISO 8601 time such as \"2026-08-02T09:41:00Z\", found \"yesterday\"; the time is not used",
            ])
        #expect(warnings.count == 10)
    }

    @Test func aLibraryOfAnotherShapeOrBrokenIsNotUsed() throws {
        for (text, expected) in [
            (
                #"{"version": 1}"#,
                "library_files.json:1:1: warning: (document): expected an array of Library records ({\"file_id\": …, \"file_name\": …, \"mime_type\": …}), found an object; library_files.json is not used"
            ),
            ("[{", "library_files.json:1:3: warning: unexpected end of file; expected a member name in double quotes; library_files.json is not used"),
        ] {
            let (folder, receipts, warnings) = try fixtureWith(library: text)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            #expect(receipts.map(\.name) == ["receipt.jpg", "image.png", "document.pdf"])
            #expect(warnings.first == expected, "\(warnings)")
            #expect(warnings.count == 5)
        }
    }

    @Test func theNewestVersionOfAFileNamesItAndManyProblemsAreCounted() throws {
        let versions = [
            #"{"file_id": "file_01", "file_name": "draft v2.pdf", "mime_type": "application/pdf", "created_at": "2026-02-01T10:00:00.5Z"}"#,
            #"{"file_id": "file_01", "file_name": "draft v1.pdf", "mime_type": "application/pdf", "created_at": "2026-01-01T10:00:00Z"}"#,
        ]
        for order in [versions, versions.reversed()] {
            var warnings: [Diagnostic] = []
            let library = ChatGPTLibrary(
                try JSONParser.parse(Array(("[" + order.joined(separator: ",") + "]").utf8)), file: "library_files.json", warnings: &warnings)
            #expect(library["file_01"]?.name == "draft v2.pdf" && library["file_01"]?.contentType == "application/pdf")
            #expect(library["file_01"]?.created == ChatDate(iso: "2026-02-01T10:00:00Z")?.secondsSinceEpoch)
            #expect(warnings.isEmpty)
        }
        // A folder in the name is no part of it; a wrapper object is read too.
        var warnings: [Diagnostic] = []
        let wrapped = ChatGPTLibrary(
            try JSONParser.parse(Array(#"{"files": [{"file_id": "file_02", "file_name": "dalle-generations/fox.webp"}]}"#.utf8)), file: "l.json",
            warnings: &warnings)
        #expect(wrapped["file_02"]?.name == "fox.webp" && warnings.isEmpty)
        // Thousands of bad records are ten warnings and a count, not thousands of lines.
        let bad = ChatGPTLibrary(
            try JSONParser.parse(Array(("[" + Array(repeating: "1", count: 13).joined(separator: ",") + "]").utf8)), file: "l.json", warnings: &warnings)
        #expect(bad.isEmpty && warnings.count == 11)
        #expect(warnings.last?.message == "3 more problems like these; those values are not used")
    }
}
