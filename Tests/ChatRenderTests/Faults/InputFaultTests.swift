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

/// Inputs that must give a clear error and exit code quickly: never a crash, a hang or a huge
/// allocation. Each runs the real binary.
@Suite struct InputFaultTests {
    func render(_ conversation: String, in dir: String, extra: [String] = []) throws -> CLIRun {
        let run = try CLIRun.run(["render", conversation, "--out", dir + "/out", "--quiet"] + extra, in: dir)
        Faults.expectNoCrash(run)
        return run
    }

    @Test func emptyFileIsABadDataError() throws {
        let dir = Faults.folder("empty")
        Faults.write("", dir + "/c.json")
        let run = try render("c.json", in: dir)
        #expect(run.status == 65)
        #expect(run.stderr == "c.json:1:1: error: the file is empty; expected a JSON value\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
        Faults.write(" \n\t\n", dir + "/blank.json")
        #expect(try render("blank.json", in: dir).status == 65)
    }

    @Test func binaryJunkIsABadDataError() throws {
        let dir = Faults.folder("junk")
        var generator = SplitMix(seed: 6)
        for case let (index, length) in [(0, 1), (1, 17), (2, 4096), (3, 1 << 20)] {
            var bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            if index == 3 { bytes[0] = UInt8(ascii: "[") }  // gets past the first byte
            Faults.write(bytes: bytes, dir + "/junk\(index).json")
            let run = try render("junk\(index).json", in: dir)
            #expect(run.status == 65, "junk\(index): \(run.stderr)")
            #expect(run.stderr.hasPrefix("junk\(index).json:"))
            #expect(run.stderr.contains(": error: "))
        }
        // A UTF-16 file with a byte-order mark, and a PNG passed as the conversation.
        Faults.write(bytes: [0xFF, 0xFE] + Array("{}".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }), dir + "/utf16.json")
        #expect(try render("utf16.json", in: dir).status == 65)
        let png = try #require(FileManager.default.contents(atPath: TestPaths.fixture("render/photos/p1.png")))
        Faults.write(bytes: [UInt8](png), dir + "/photo.json")
        #expect(try render("photo.json", in: dir).status == 65)
    }

    @Test(arguments: ["[", "{\"a\":", "[{\"messages\":"])
    func nesting100000DeepIsAClearError(opening: String) throws {
        let dir = Faults.folder("deep")
        Faults.write(String(repeating: opening, count: 100_000), dir + "/c.json")
        let (run, elapsed) = try Faults.timed(["render", "c.json", "--out", "out", "--quiet"], in: dir)
        Faults.expectNoCrash(run)
        #expect(run.status == 65)
        #expect(run.stderr.contains("error: nesting is deeper than 128 levels"), "\(run.stderr.prefix(300))")
        #expect(elapsed < ThemeFaultTests.hangGuard)
        // The same parser guards themes and imports.
        Faults.write(String(repeating: opening, count: 100_000), dir + "/deep.tokens.json")
        let theme = try CLIRun.run(["theme", "check", "deep.tokens.json"], in: dir)
        Faults.expectNoCrash(theme)
        #expect(theme.status == 65 && theme.stderr.contains("nesting is deeper than 128 levels"))
        for format in ["openai", "anthropic", "chatgpt"] {
            let imported = try CLIRun.run(["import", format, "c.json", "--out", "imp-\(format)", "--quiet"], in: dir)
            Faults.expectNoCrash(imported)
            #expect(imported.status == 65 && imported.stderr.contains("nesting is deeper than 128 levels"), "\(format): \(imported.stderr.prefix(300))")
        }
    }

    @Test func nesting128DeepIsStillRead() throws {
        let dir = Faults.folder("deep-ok")
        // 127 levels inside an unknown member of the document object: accepted, ignored.
        let deep = String(repeating: "[", count: 127) + String(repeating: "]", count: 127)
        Faults.write("{\"extra\": \(deep), \"messages\": []}", dir + "/c.json")
        #expect(try render("c.json", in: dir).status == 0)
    }

    /// A "1 GB string": a sparse file past the documented size limits, refused before any read.
    @Test func aGigabyteFileIsRefusedBeforeReading() throws {
        let dir = Faults.folder("huge")
        func sparse(_ name: String, size: Int, prefix: String) {
            let path = dir + "/" + name
            Faults.write(prefix, path)
            #expect(truncate(path, off_t(size)) == 0)
        }
        sparse("c.json", size: 1 << 30, prefix: "{\"title\": \"")
        let (run, elapsed) = try Faults.timed(["render", "c.json", "--out", "out", "--quiet"], in: dir)
        Faults.expectNoCrash(run)
        #expect(run.status == 65)
        #expect(run.stderr == "c.json: error: is 1.07 GB, over the 268.4 MB limit for a conversation file\n")
        #expect(elapsed < ThemeFaultTests.hangGuard)

        sparse("t.tokens.json", size: 1 << 30, prefix: "{\"x\": \"")
        let theme = try CLIRun.run(["theme", "check", "t.tokens.json"], in: dir)
        Faults.expectNoCrash(theme)
        #expect(theme.status != 0 && theme.stderr.contains("over the 16.8 MB limit for a theme file"), "\(theme.stderr)")

        sparse("export.json", size: (1 << 30) + 1, prefix: "[{\"role\": \"user\", \"content\": \"")
        let imported = try CLIRun.run(["import", "openai", "export.json", "--out", "imp", "--quiet"], in: dir)
        Faults.expectNoCrash(imported)
        #expect(imported.status == 65 && imported.stderr.contains("over the 1.07 GB limit"), "\(imported.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/imp"))
    }

    /// A long string inside the limit (8 MB of text in one message) renders, escaped, in reasonable time.
    @Test func aLongStringInsideTheLimitRenders() throws {
        let dir = Faults.folder("long")
        let text = String(repeating: "<b>&\"'", count: 1 << 20)
        Faults.write(Faults.json(["messages": [["id": "m", "role": "user", "text": text]]]), dir + "/c.json")
        let (run, elapsed) = try Faults.timed(["render", "c.json", "--out", "out", "--quiet"], in: dir)
        Faults.expectNoCrash(run)
        #expect(run.status == 0)
        #expect(elapsed < ThemeFaultTests.hangGuard)
        let page = try String(contentsOfFile: dir + "/out/index.html", encoding: .utf8)
        #expect(!page.contains("<b>&"))
    }

    @Test(arguments: [
        ("\"byteCount\": 1e400", "number 1e400 is out of range"),
        ("\"byteCount\": -1e400", "number -1e400 is out of range"),
        ("\"byteCount\": 9223372036854775808", "byteCount: expected a whole number of bytes"),
        ("\"byteCount\": 99999999999999999999999999", "byteCount: expected a whole number of bytes"),
        ("\"byteCount\": -1", "byteCount: expected an integer ≥ 0, found -1"),
        ("\"byteCount\": 1.5", "byteCount: expected a whole number of bytes"),
        ("\"byteCount\": 1, \"upload\": {\"state\": \"uploading\", \"progress\": 1e308}", "progress: expected a number from 0 to 1"),
        ("\"byteCount\": 1, \"upload\": {\"state\": \"uploading\", \"progress\": -0.0000001}", "progress: expected a number from 0 to 1"),
        ("\"byteCount\": 1, \"upload\": {\"state\": \"uploading\", \"progress\": 1" + String(repeating: "0", count: 400) + "}", "out of range"),
    ])
    func numbersOutOfRangeAreClearErrors(member: String, expected: String) throws {
        let dir = Faults.folder("numbers")
        Faults.write(
            "{\"messages\": [{\"id\": \"m\", \"role\": \"user\", \"text\": \"x\", \"attachments\": [{\"id\": \"a\", \"name\": \"n\", \"contentType\": \"text/plain\", \(member)}]}]}",
            dir + "/c.json")
        let run = try render("c.json", in: dir)
        #expect(run.status == 65)
        #expect(run.stderr.contains(expected), "\(run.stderr)")
    }

    @Test func composerNumbersOutOfRangeAreClearErrors() throws {
        let dir = Faults.folder("composer-numbers")
        Faults.write(
            """
            {"messages": [], "composer": {"type": "model", "models": [{"id": "m", "name": "M"}],
              "usage": {"remaining": 9223372036854775807, "limit": 1e300}}}
            """, dir + "/c.json")
        let run = try render("c.json", in: dir)
        #expect(run.status == 65)
        #expect(run.stderr.contains("composer.usage"))
        Faults.write("{\"messages\": [], \"composer\": {\"type\": \"dictation\", \"elapsed\": 1e300, \"levels\": [1e-400, 2]}}", dir + "/d.json")
        let dictation = try render("d.json", in: dir)
        #expect(dictation.status == 65)
        #expect(dictation.stderr.contains("composer.elapsed") && dictation.stderr.contains("composer.levels[1]"))
    }

    @Test func duplicateIdsAndMembersAreClearErrors() throws {
        let dir = Faults.folder("dup")
        Faults.write(
            """
            {"messages": [
              {"id": "m", "role": "user", "text": "a", "attachments": [
                {"id": "a", "name": "n", "byteCount": 1, "contentType": "text/plain"},
                {"id": "a", "name": "n", "byteCount": 1, "contentType": "text/plain"}]},
              {"id": "m", "role": "assistant", "text": "b"}
            ]}
            """, dir + "/c.json")
        let run = try render("c.json", in: dir)
        #expect(run.status == 65)
        #expect(run.stderr.contains("messages[0].attachments[1].id: duplicate attachment id \"a\""))
        #expect(run.stderr.contains("messages[1].id: duplicate message id \"m\""))
        Faults.write("{\"messages\": [], \"messages\": []}", dir + "/keys.json")
        let keys = try render("keys.json", in: dir)
        #expect(keys.status == 65)
        #expect(keys.stderr == "keys.json:1:18: error: duplicate member name \"messages\"\n")
    }

    @Test func a100000AttachmentMessageIsRefusedQuicklyAtTheDocumentedLimit() throws {
        let dir = Faults.folder("many")
        var items: [String] = []
        items.reserveCapacity(100_000)
        for index in 0..<100_000 {
            items.append("{\"id\": \"a\(index)\", \"name\": \"f\(index).txt\", \"byteCount\": \(index), \"contentType\": \"text/plain\"}")
        }
        Faults.write(
            "{\"messages\": [{\"id\": \"m\", \"role\": \"user\", \"text\": \"x\", \"attachments\": [\(items.joined(separator: ","))]}]}", dir + "/c.json")
        let (run, elapsed) = try Faults.timed(["render", "c.json", "--out", "out", "--quiet"], in: dir)
        Faults.expectNoCrash(run)
        #expect(run.status == 65)
        #expect(run.stderr.contains("messages[0].attachments: 100000 attachments; expected at most 1000 on one message"), "\(run.stderr.prefix(400))")
        #expect(elapsed < ThemeFaultTests.hangGuard)
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
        // At the limit the page is written.
        let atLimit = items.prefix(ConversationLoader.maxAttachmentsPerMessage).joined(separator: ",")
        Faults.write("{\"messages\": [{\"id\": \"m\", \"role\": \"user\", \"text\": \"x\", \"attachments\": [\(atLimit)]}]}", dir + "/ok.json")
        #expect(try render("ok.json", in: dir).status == 0)
    }

    @Test func attachmentPathsThatAreNotRegularFilesBecomeWarningsWithoutHanging() throws {
        let dir = Faults.folder("special")
        try FileManager.default.createDirectory(atPath: dir + "/folder.png", withIntermediateDirectories: true)
        #expect(mkfifo(dir + "/fifo.png", 0o644) == 0)
        #expect(mkfifo(dir + "/fifo.txt", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: dir + "/zero.png", withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: dir + "/zero.txt", withDestinationPath: "/dev/zero")
        func photo(_ id: String, _ path: String) -> [String: Any] {
            ["id": id, "name": path, "byteCount": 1, "contentType": "image/png", "preview": path]
        }
        func file(_ id: String, _ path: String) -> [String: Any] {
            ["id": id, "name": path, "byteCount": 1, "contentType": "text/plain", "url": path]
        }
        let attachments = [
            photo("p1", "folder.png"), photo("p2", "fifo.png"), photo("p3", "zero.png"), photo("p4", "/dev/zero"),
            file("f1", "folder.png"), file("f2", "fifo.txt"), file("f3", "zero.txt"), file("f4", "/dev/zero"),
        ]
        Faults.write(Faults.json(["messages": [["id": "m", "role": "user", "text": "x", "attachments": attachments]]]), dir + "/c.json")
        let (run, elapsed) = try Faults.timed(["render", "c.json", "--out", "out"], in: dir)
        Faults.expectNoCrash(run)
        #expect(run.status == 0)
        #expect(elapsed < ThemeFaultTests.hangGuard)
        #expect(run.stderr.contains("8 warnings"), "\(run.stderr)")
        #expect(run.stderr.contains("directory"))
        #expect(run.stderr.contains("absolute paths are not allowed"))
        #expect(run.stderr.contains("leads outside the conversation's folder (through a symbolic link)"))
        // Even where paths outside are allowed, a device or FIFO is never read.
        let allowed = try CLIRun.run(["render", "c.json", "--out", "out2", "--allow-outside", "/dev"], in: dir)
        Faults.expectNoCrash(allowed)
        #expect(allowed.status == 0)
        #expect(allowed.stderr.contains("not a regular file"))
        let strict = try CLIRun.run(["render", "c.json", "--out", "out3", "--strict", "--quiet"], in: dir)
        #expect(strict.status == 65)
        #expect(!FileManager.default.fileExists(atPath: dir + "/out3"))
        // The conversation and theme themselves.
        for input in ["folder.png", "fifo.png", "/dev/zero", "zero.png"] {
            let conversation = try CLIRun.run(["render", input, "--out", "o", "--quiet"], in: dir)
            Faults.expectNoCrash(conversation)
            // A folder is missing input, as everywhere a file is expected; the rest is bad data.
            #expect(conversation.status == (input == "folder.png" ? 66 : 65), "\(input): \(conversation.stderr)")
            let theme = try CLIRun.run(["render", "c.json", "--theme", input, "--out", "o", "--quiet"], in: dir)
            Faults.expectNoCrash(theme)
            #expect(theme.status != 0, "\(input): \(theme.stderr)")
            #expect(theme.stderr.contains("folder") || theme.stderr.contains("not a regular file"), "\(input): \(theme.stderr)")
            let imported = try CLIRun.run(["import", "openai", input, "--out", "imp", "--quiet"], in: dir)
            Faults.expectNoCrash(imported)
            #expect(imported.status != 0)
        }
    }
}
