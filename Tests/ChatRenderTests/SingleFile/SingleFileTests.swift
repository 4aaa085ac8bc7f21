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

/// `render --single-file` through the real executable: one page with everything inlined, the
/// same bytes on every run, what goes over `--inline-limit` beside it with a warning each, and
/// the rules for what may be replaced.
@Suite struct SingleFileTests {
    let garden = TestPaths.repo("examples/garden/conversation.json")
    let gardenFolder = TestPaths.repo("examples/garden")

    func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
    func size(_ path: String) -> Int { ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? -1 }
    func names(_ folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }

    @Test func everythingIsInlinedAndNothingElseIsWritten() throws {
        let dir = TestPaths.temporaryFolder("single")
        let run = try CLIRun.run(["render", garden, "--single-file", "--out", dir + "/garden.html"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(names(dir) == ["garden.html"])
        let page = read(dir + "/garden.html")
        #expect(!page.contains("assets/"))
        #expect(!page.contains("garden_files"))
        #expect(page.hasSuffix(SingleFileWriter.marker))
        // Every image: src only (the 2x thumbnail in the 1x box), no srcset repeating it.
        #expect(page.components(separatedBy: "<img ").count - 1 == 6)
        #expect(page.components(separatedBy: "<img src=\"data:image/webp;base64,").count - 1 == 6)
        #expect(!page.contains("srcset="))
        // Each viewer image once, as the photo's link, saved under the photo's name.
        #expect(!page.contains("data-cr-display=\""))
        #expect(page.contains("download=\"backyard-lawn.webp\""))
        // The file: Open saves it; Share is a button pointing at Open's data, not a second copy.
        let pdf = try Data(contentsOf: URL(fileURLWithPath: gardenFolder + "/bed-plan.pdf")).base64EncodedString()
        #expect(page.components(separatedBy: pdf).count - 1 == 1)
        #expect(page.contains("<a class=\"cr-capsule cr-open\" href=\"data:application/pdf;base64,\(pdf)\" download=\"Raised bed plan.pdf\""))
        #expect(
            page.contains(
                "<button type=\"button\" class=\"cr-capsule cr-share\" data-cr-share data-name=\"Raised bed plan.pdf\" aria-label=\"Share Raised bed plan.pdf\" hidden>"
            ))
        let size = try FileManager.default.attributesOfItem(atPath: dir + "/garden.html")[.size] as! Int
        #expect(run.stderr == "wrote \(dir)/garden.html (\(ByteCountFormat.string(Int64(size))))\n")
    }

    @Test func twoRunsWriteTheSameBytes() throws {
        let one = TestPaths.temporaryFolder("single"), two = TestPaths.temporaryFolder("single")
        for (dir, limit) in [(one, "150KB"), (two, "150KB")] {
            let run = try CLIRun.run(["render", garden, "--single-file", "--inline-limit", limit, "--out", dir + "/g.html", "-q"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: one + "/g.html")) == Data(contentsOf: URL(fileURLWithPath: two + "/g.html")))
        #expect(names(one + "/g_files") == names(two + "/g_files"))
        // And a third run over the first replaces it with the same bytes.
        let before = try Data(contentsOf: URL(fileURLWithPath: one + "/g.html"))
        #expect(try CLIRun.run(["render", garden, "--single-file", "--inline-limit", "150KB", "--out", one + "/g.html", "-q"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: one + "/g.html")) == before)
    }

    @Test func theLimitKeepsThePageSmallAndSpillsWithAWarningEach() throws {
        let dir = TestPaths.temporaryFolder("single")
        // The page alone (its stylesheets and scripts inline) is about 161 KB: the limit leaves
        // room for some images and not for the six viewer images.
        let run = try CLIRun.run(["render", garden, "--single-file", "--inline-limit", "180KB", "--out", dir + "/g.html"])
        #expect(run.status == 0, "\(run.stderr)")
        let size = try FileManager.default.attributesOfItem(atPath: dir + "/g.html")[.size] as! Int
        #expect(size <= 180_000)
        let spilled = names(dir + "/g_files").filter { $0 != OutputWriter.marker }
        #expect(names(dir + "/g_files").contains(OutputWriter.marker))
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(warnings.count == spilled.count && !spilled.isEmpty)
        // Thumbnails first, then viewer images: all six viewer images stay out; thumbnails go in.
        #expect(spilled.filter { $0.hasSuffix("-1200x900.webp") }.count == 6)
        for name in spilled {
            let bytes = try FileManager.default.attributesOfItem(atPath: dir + "/g_files/" + name)[.size] as! Int
            let line = warnings.first { $0.contains("g_files/\(name):") }
            #expect(line != nil, "no warning for \(name)")
            #expect(line?.contains("(\(ByteCountFormat.string(Int64(bytes))))") == true)
            #expect(line?.contains("--inline-limit 180 KB") == true)
            #expect(read(dir + "/g.html").contains("\"g_files/\(name)\""))
        }
        #expect(warnings.contains { $0.hasPrefix("\(garden): warning: messages[0].attachments[0].preview: the viewer image of \"backyard-lawn.jpg\" (") })
        #expect(
            run.stderr.hasSuffix(
                "wrote \(dir)/g.html (\(ByteCountFormat.string(Int64(size))), \(spilled.count) files beside it in \(dir)/g_files/), \(spilled.count) warnings\n"
            ))
    }

    @Test func limitZeroInlinesNothingAndStrictRefusesToSpill() throws {
        let dir = TestPaths.temporaryFolder("single")
        #expect(try CLIRun.run(["render", garden, "--single-file", "--inline-limit", "0", "--out", dir + "/g.html", "-q"]).status == 0)
        #expect(!read(dir + "/g.html").contains("=\"data:"))
        #expect(names(dir + "/g_files").count == 15)  // 6 thumbnails, 6 viewer images, 2 files, the marker
        let strict = TestPaths.temporaryFolder("single")
        let run = try CLIRun.run(["render", garden, "--single-file", "--inline-limit", "100KB", "--strict", "--out", strict + "/g.html"])
        #expect(run.status == 65)
        #expect(run.stderr.contains(": error: messages[0].attachments[0].preview: the viewer image of \"backyard-lawn.jpg\""))
        #expect(names(strict) == [])
    }

    @Test func thePredictedSizeIsTheWrittenSize() throws {
        // The limit is met exactly: a page one byte under a limit that needs everything inlined spills.
        let dir = TestPaths.temporaryFolder("single")
        #expect(try CLIRun.run(["render", garden, "--single-file", "--out", dir + "/g.html", "-q"]).status == 0)
        let full = try FileManager.default.attributesOfItem(atPath: dir + "/g.html")[.size] as! Int
        let exact = try CLIRun.run(["render", garden, "--single-file", "--inline-limit", String(full), "--out", dir + "/exact.html"])
        #expect(exact.status == 0 && !exact.stderr.contains("warning"))
        #expect(size(dir + "/exact.html") == full)
        let under = try CLIRun.run(["render", garden, "--single-file", "--inline-limit", String(full - 1), "--out", dir + "/under.html"])
        #expect(under.status == 0 && under.stderr.contains("warning"))
        #expect(size(dir + "/under.html") <= full - 1)
    }

    @Test func outputNames() throws {
        let dir = TestPaths.temporaryFolder("single")
        try FileManager.default.createDirectory(atPath: dir + "/chats", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: gardenFolder, toPath: dir + "/chats/garden")
        // Default: out/NAME.html.
        #expect(try CLIRun.run(["render", "chats/garden/conversation.json", "--single-file", "-q"], in: dir).status == 0)
        #expect(exists(dir + "/out/conversation.html"))
        // An existing folder, or a path ending in /, receives NAME.html.
        #expect(try CLIRun.run(["render", "chats/garden/conversation.json", "--single-file", "--out", "chats", "-q"], in: dir).status == 0)
        #expect(exists(dir + "/chats/conversation.html"))
        #expect(try CLIRun.run(["render", "chats/garden/conversation.json", "--single-file", "--out", "new/", "-q"], in: dir).status == 0)
        #expect(exists(dir + "/new/conversation.html"))
        // A name with a space: the folder beside is percent-encoded in links.
        #expect(
            try CLIRun.run(["render", "chats/garden/conversation.json", "--single-file", "--inline-limit", "0", "--out", "my garden.html", "-q"], in: dir)
                .status == 0)
        #expect(exists(dir + "/my garden_files"))
        #expect(read(dir + "/my garden.html").contains("src=\"my%20garden_files/"))
        #expect(names(dir).filter { $0.contains("staging") } == [])
    }

    @Test func replacesOnlyItsOwnPageAndFolder() throws {
        let dir = TestPaths.temporaryFolder("single")
        let page = dir + "/g.html"
        try "<!doctype html><p>someone's page</p>\n".write(toFile: page, atomically: true, encoding: .utf8)
        let foreign = try CLIRun.run(["render", garden, "--single-file", "--out", page])
        #expect(foreign.status == 73)
        #expect(
            foreign.stderr
                == "\(page): error: exists and was not written by chatrender --single-file; refusing to replace it (choose another --out or remove it)\n")
        #expect(read(page) == "<!doctype html><p>someone's page</p>\n")
        #expect(names(dir) == ["g.html"])

        try FileManager.default.removeItem(atPath: page)
        #expect(try CLIRun.run(["render", garden, "--single-file", "--inline-limit", "0", "--out", page, "-q"]).status == 0)
        #expect(exists(dir + "/g_files"))
        // A chatrender page is replaced; the folder beside goes when nothing stays out any more.
        #expect(try CLIRun.run(["render", garden, "--single-file", "--out", page, "-q"]).status == 0)
        #expect(names(dir) == ["g.html"])

        // A folder beside that someone else filled is never replaced, and the page stays as it was.
        try FileManager.default.createDirectory(atPath: dir + "/g_files", withIntermediateDirectories: true)
        try "mine".write(toFile: dir + "/g_files/notes.txt", atomically: true, encoding: .utf8)
        let before = read(page)
        let blocked = try CLIRun.run(["render", garden, "--single-file", "--inline-limit", "0", "--out", page])
        #expect(blocked.status == 73)
        #expect(blocked.stderr.contains("\(dir)/g_files: error: exists, is not empty and was not made by chatrender"))
        #expect(read(page) == before)
        #expect(names(dir + "/g_files") == ["notes.txt"])
        #expect(names(dir) == ["g.html", "g_files"])
        // ... nor removed when nothing spills.
        #expect(try CLIRun.run(["render", garden, "--single-file", "--out", page, "-q"]).status == 0)
        #expect(names(dir + "/g_files") == ["notes.txt"])
    }

    @Test func usageErrors() throws {
        for (arguments, message) in [
            (
                ["--inline-limit", "lots"],
                "chatrender: error: --inline-limit \"lots\": expected a size such as 25MB, 500KB, 2MiB or a number of bytes (0 inlines nothing)\n"
            ),
            (
                ["--inline-limit", "-5MB"],
                "chatrender: error: --inline-limit \"-5MB\": expected a size such as 25MB, 500KB, 2MiB or a number of bytes (0 inlines nothing)\n"
            ),
            (
                ["--inline-limit=1.5.MB"],
                "chatrender: error: --inline-limit \"1.5.MB\": expected a size such as 25MB, 500KB, 2MiB or a number of bytes (0 inlines nothing)\n"
            ),
            (["--inline-limit"], "chatrender: error: --inline-limit needs a value\n"),
        ] {
            let run = try CLIRun.run(["render", garden, "--single-file"] + arguments)
            #expect(run.status == 64)
            #expect(run.stderr == message)
        }
        let alone = try CLIRun.run(["render", garden, "--inline-limit", "1MB"])
        #expect(alone.status == 64)
        #expect(alone.stderr == "chatrender: error: --inline-limit applies only with --single-file\n")
        // With --from, the input is read as that format: one conversation of it is one file.
        let dir = TestPaths.temporaryFolder("single")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let from = try CLIRun.run(["render", "--from", "openai", TestPaths.fixture("import/openai/trip.json"), "--single-file", "--out", dir + "/trip.html"])
        #expect(from.status == 0, "\(from.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/trip.html"))
        #expect(try CLIRun.run(["render", "--help"]).stdout.contains("\n  --inline-limit SIZE "))
    }
}
