import Foundation
import Testing
@testable import ChatModel
@testable import ChatAssets
@testable import ChatBrowser
@testable import ChatRender
import TestSupport

/// `chatrender check` as a user meets it: the real executable in a temporary folder, recording
/// and checking. The settings file, screenshots refreshed by a record, long pages compared
/// whole, stale diffs, and the examples of docs/snapshots.md.
@Suite(.serialized) struct CheckBaselineTests {
    typealias Workspace = SnapshotCheckTests.Workspace
    static let hasChromium = HeadlessChromium.locate(environment: ProcessInfo.processInfo.environment) != nil

    func check(_ work: Workspace, _ extra: [String], environment: [String: String] = [:]) throws -> CLIRun {
        try CLIRun.run(["check", work.fixture, "--snapshots", work.snapshots, "--diffs", work.diffs] + extra, environment: environment)
    }

    @Test func theSettingsFileGuardsTheBaseline() throws {
        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        let config = work.snapshots + "/chatrender.check.json"

        let recorded = try check(work, ["--record"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdout.contains("wrote \(config): theme SP (bundled), locale en-US, no screenshots\n"))
        #expect(try String(contentsOfFile: config, encoding: .utf8) == "{\n  \"chatrender.check\": 1,\n  \"locale\": \"en-US\"\n}\n")

        // A flag that disagrees with the recording is an error naming both values, not a diff.
        let locale = try check(work, ["--locale", "de-DE"])
        #expect(locale.status == 64)
        #expect(locale.stderr.contains("\(config): error: --locale de-DE differs from the locale the snapshots were recorded with (en-US)"))
        #expect(locale.stderr.contains("or run with --record to record with de-DE on purpose"))
        let paper = TestPaths.repo("themes/paper.resolver.json")
        let theme = try check(work, ["--theme", paper])
        #expect(theme.status == 64)
        #expect(theme.stderr.contains("--theme \(paper) differs from the theme the snapshots were recorded with (the bundled SP theme"))
        // The bundled theme named by its path is the same theme.
        #expect(try check(work, ["--theme", TestPaths.repo("themes/sp.resolver.json")]).status == 0)

        // --record changes the baseline on purpose; afterwards the recorded settings apply unasked.
        let changed = try check(work, ["--record", "--theme", paper, "--locale", "de-DE"])
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stdout.contains("recipe: updated"))
        #expect(changed.stdout.contains("updated \(config): theme "))
        let stored = try #require(try CheckConfig.read(in: work.snapshots))
        #expect(stored.locale == "de-DE")
        #expect(CheckConfig.sameFile(CheckConfig.resolve(try #require(stored.theme), in: work.snapshots), paper))
        #expect(!(stored.theme ?? "/").hasPrefix("/"))  // relative: the folder can move with its repository
        let same = try check(work, [])
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")
        #expect(same.stdout == "recipe: matches\n1 fixture: 1 matches\n")
        #expect(try check(work, ["--locale", "en-US"]).status == 64)
    }

    @Test func aBrokenOrMissingSettingsFileIsSaidClearly() throws {
        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        #expect(try check(work, ["--record"]).status == 0)
        let config = work.snapshots + "/chatrender.check.json"

        try "{\n  \"chatrender.check\": 1,\n  \"locale\": 5\n}\n".write(toFile: config, atomically: true, encoding: .utf8)
        let wrong = try check(work, [])
        #expect(wrong.status == 65)
        #expect(wrong.stderr.contains("\(config):3:13: error: \"locale\": expected a non-empty string, found a number"))
        try "{ \"chatrender.check\": 7, \"locale\": \"en-US\" }".write(toFile: config, atomically: true, encoding: .utf8)
        #expect(try check(work, []).stderr.contains("format version 7 is not one this chatrender reads (it reads 1)"))

        // Snapshots without the file: nothing says what they were recorded with, so CI fails.
        try FileManager.default.removeItem(atPath: config)
        let missing = try check(work, [])
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("has no chatrender.check.json"))
        #expect(missing.stdout.contains("--record-mode missing"))
        #expect(try check(work, ["--record-mode", "missing"]).status == 0)
        #expect(try check(work, []).status == 0)
    }

    @Test func diffsOfAFixtureThatPassesAgainAreRemoved() throws {
        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        #expect(try check(work, ["--record"]).status == 0)
        try work.write(reply: "Simmer for **twenty minutes**.", file: "Tomatoes, onion, garlic.\n")
        #expect(try check(work, []).status == 1)
        #expect(FileManager.default.fileExists(atPath: work.diffs + "/recipe/index.html.diff"))
        try work.write(reply: "Simmer for **fifteen minutes**.", file: "Tomatoes, onion, garlic.\n")
        #expect(try check(work, []).status == 0)
        #expect(!FileManager.default.fileExists(atPath: work.diffs + "/recipe"))
    }

    /// The bug this guards: a record without --png kept the old screenshots, and the next
    /// check --png failed (or, worse, a check without --png passed) on images nobody looked at.
    @Test func aRecordWithoutPNGRefreshesTheScreenshotsOrRefuses() throws {
        guard Self.hasChromium else {
            print("skipped: Chromium is not installed. \(HeadlessChromium.installHint)")
            return
        }
        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        #expect(try check(work, ["--record", "--png", "--widths", "320"]).status == 0)
        let shot = work.snapshots + "/recipe/320-light.png"
        let before = try PixelImage(contentsOf: shot)

        try work.write(
            reply: "Simmer for **fifteen minutes**, then stir in a long list of herbs: basil, oregano, thyme, parsley and a bay leaf.",
            file: "Tomatoes, onion, garlic.\n")
        // Without a browser the record refuses and leaves the snapshot as it was.
        let refused = try check(work, ["--record"], environment: ["CHATRENDER_CHROMIUM": work.root + "/no-such-browser"])
        #expect(refused.status == 69)
        #expect(refused.stderr.contains("records screenshots at 320 px and recording refreshes every kind of file a snapshot holds"))
        #expect(try String(contentsOfFile: work.snapshots + "/recipe/index.html", encoding: .utf8).contains("fifteen minutes</strong>.</p>"))

        let updated = try check(work, ["--record"])
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(updated.stdout.contains("recipe: updated \(work.snapshots)/recipe/: index.html (+1 −1 lines), 320-light.png ("))
        #expect(!ScreenshotComparison(old: before, new: try PixelImage(contentsOf: shot)).matches)  // the longer reply, photographed again
        let compared = try check(work, ["--png"])
        #expect(compared.status == 0, "\(compared.stdout)\(compared.stderr)")
        #expect(compared.stdout == "recipe: matches\n1 fixture: 1 matches\n")
        // Without --png the run says the screenshots were left out.
        #expect(try check(work, []).stdout.contains("screenshots were not compared"))
    }

    /// A 300-turn page is far taller than one Chromium capture (16,384 px): it is taken in bands
    /// and stitched, and a change at its foot is found.
    @Test func aLongPageIsComparedInFull() throws {
        guard Self.hasChromium else {
            print("skipped: Chromium is not installed. \(HeadlessChromium.installHint)")
            return
        }
        let root = TestPaths.temporaryFolder("long")
        defer { try? FileManager.default.removeItem(atPath: root) }
        func write(last: String) throws {
            let turns = (1...300).map { n in
                n == 300
                    ? last
                    : n % 2 == 1
                        ? "How do I water raised bed \(n) in July?"
                        : "Water bed \(n) deeply twice a week, early in the morning, and check the soil with a finger first."
            }
            let messages = turns.enumerated().map { index, text in
                "{ \"id\": \"m\(index)\", \"role\": \"\(index % 2 == 0 ? "user" : "assistant")\", \"date\": \"2026-04-03T18:02:00Z\", \"text\": \"\(text)\" }"
            }
            try "{ \"title\": \"A long chat\", \"messages\": [\n\(messages.joined(separator: ",\n"))\n] }\n"
                .write(toFile: root + "/long.json", atomically: true, encoding: .utf8)
        }
        try write(last: "The last reply.")
        let arguments = ["check", root + "/long.json", "--snapshots", root + "/snaps", "--diffs", root + "/diffs", "--png", "--widths", "320"]
        let recorded = try CLIRun.run(arguments + ["--record"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let light = try PixelImage(contentsOf: root + "/snaps/long/320-light.png")
        #expect(light.width == 320)
        #expect(light.height > 16_384 + 8_192, "the page is \(light.height) px: not the whole of 300 turns")
        // Not blank at the foot: the last turns were drawn, not left empty by a capture limit.
        let foot = Set((light.height - 400..<light.height - 100).flatMap { y in stride(from: 0, to: 320, by: 4).map { light.pixel(x: $0, y: y) } })
        #expect(foot.count > 4)

        try write(last: "The last reply, changed at the very end of the page.")
        let changed = try CLIRun.run(arguments)
        #expect(changed.status == 1)
        let report = changed.stdout
        let line = try #require(report.split(separator: "\n").first { $0.hasPrefix("  320-light.png: ") })
        // The change is found where it is: below every multiple of the capture limit.
        let y = try #require(line.range(of: ", y ").map { Int(line[$0.upperBound...].prefix { $0.isNumber }) ?? 0 })
        #expect(y > light.height - 1000, "\(line)")
    }

    /// Every `sh` block of docs/snapshots.md, run as written in a folder laid out as it says
    /// (`tests/chats/*.json`), in order; lines with --png only when Chromium is installed.
    @Test func theDocsExamplesRunAsWritten() throws {
        let doc = try String(contentsOfFile: TestPaths.repo("docs/snapshots.md"), encoding: .utf8)
        var blocks: [[String]] = []
        var inBlock = false
        for line in doc.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inBlock = !inBlock && line == "```sh"
                if inBlock { blocks.append([]) }
                continue
            }
            if inBlock && line.hasPrefix("chatrender ") { blocks[blocks.count - 1].append(String(line)) }
        }
        #expect(blocks.joined().count >= 5, "docs/snapshots.md has \(blocks.joined().count) chatrender lines in sh blocks")
        // A block that takes screenshots needs Chromium, all of it (a record refreshes them too).
        let commands = blocks.filter { block in Self.hasChromium || !block.contains { $0.contains("--png") } }.joined()

        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        try FileManager.default.createDirectory(atPath: work.root + "/tests/chats", withIntermediateDirectories: true)
        for name in ["recipe", "kitchen"] {
            try """
            { "title": "\(name)", "messages": [ { "id": "m1", "role": "user", "date": "2026-04-03T18:02:00Z", "text": "What goes in the \(name)?" },
              { "id": "m2", "role": "assistant", "date": "2026-04-03T18:03:00Z", "text": "Plenty of **basil**." } ] }
            """.write(toFile: work.root + "/tests/chats/\(name).json", atomically: true, encoding: .utf8)
        }
        let folder = FilePath.directory(TestPaths.executable)
        for command in commands {
            let run = try CLIRun.run(
                ["-c", command], in: work.root,
                environment: ["PATH": folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")],
                executable: "/bin/sh")
            #expect(run.status == 0, "\(command)\n\(run.stdout)\(run.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: work.root + "/tests/snapshots/kitchen/index.html"))
        #expect(FileManager.default.fileExists(atPath: work.root + "/tests/snapshots/chatrender.check.json"))
    }
}
