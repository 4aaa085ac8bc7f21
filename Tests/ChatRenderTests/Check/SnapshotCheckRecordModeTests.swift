import Foundation
import Testing
@testable import ChatRender
import TestSupport

/// Each `--record-mode` through the built executable: exit codes, what is printed and what is on
/// disk afterwards.
@Suite struct SnapshotCheckRecordModeTests {
    typealias Workspace = SnapshotCheckTests.Workspace

    static func arguments(_ work: Workspace) -> [String] {
        ["check", work.fixture, "--snapshots", work.snapshots, "--diffs", work.diffs]
    }

    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// The inode of a file: a new one means the file was written again, even with the same bytes.
    static func fileNumber(_ path: String) throws -> UInt64? {
        (try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?.uint64Value
    }

    static let changedReply = "Simmer for **twenty minutes**."

    @Test func neverComparesOnlyAndIsTheDefault() throws {
        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        let never = try CLIRun.run(Self.arguments(work) + ["--record-mode", "never"])
        #expect(never.status == 1)
        #expect(never.stdout.hasPrefix("recipe: no snapshot in \(work.snapshots)/recipe/; run with --record to make one\n"))
        #expect(!FileManager.default.fileExists(atPath: work.snapshots))
        let plain = try CLIRun.run(Self.arguments(work))
        #expect(plain.status == 1)
        #expect(plain.stdout == never.stdout)

        #expect(try CLIRun.run(Self.arguments(work) + ["--record"]).status == 0)
        let stored = try #require(Self.bytes(work.snapshots + "/recipe/index.html"))
        #expect(try CLIRun.run(Self.arguments(work) + ["--record-mode", "never"]).stdout == "recipe: matches\n1 fixture: 1 matches\n")
        try work.write(reply: Self.changedReply, file: "Tomatoes, onion, garlic.\n")
        let changed = try CLIRun.run(Self.arguments(work) + ["--record-mode", "never"])
        #expect(changed.status == 1)
        #expect(changed.stdout.hasPrefix("recipe: differs from \(work.snapshots)/recipe/\n"))
        #expect(Self.bytes(work.snapshots + "/recipe/index.html") == stored)
    }

    @Test func missingWritesOnlyWhatIsNotStored() throws {
        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        let first = try CLIRun.run(Self.arguments(work) + ["--record-mode", "missing"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stdout == "recipe: recorded \(work.snapshots)/recipe/ (index.html, assets.txt)\n"
                + "wrote \(work.snapshots)/chatrender.check.json: theme SP (bundled), locale en-US, no screenshots\n1 fixture: 1 recorded\n")
        let stored = try #require(Self.bytes(work.snapshots + "/recipe/index.html"))
        let again = try CLIRun.run(Self.arguments(work) + ["--record-mode", "missing"])
        #expect(again.status == 0)
        #expect(again.stdout == "recipe: matches\n1 fixture: 1 matches\n")

        // A partial snapshot of a changed fixture: the absent file is added, the differing one is
        // left alone and still fails the run.
        try FileManager.default.removeItem(atPath: work.snapshots + "/recipe/assets.txt")
        try work.write(reply: Self.changedReply, file: "Tomatoes, onion, garlic.\n")
        let partial = try CLIRun.run(Self.arguments(work) + ["--record-mode", "missing"])
        #expect(partial.status == 1)
        #expect(partial.stdout.hasPrefix("recipe: differs from \(work.snapshots)/recipe/\n  recorded assets.txt, which the snapshot lacked\n--- "))
        #expect(partial.stdout.hasSuffix("1 fixture: 1 differs; if the changes are intended, run again with --record\n"))
        #expect(Self.bytes(work.snapshots + "/recipe/index.html") == stored)
        let manifest = try String(contentsOfFile: work.snapshots + "/recipe/assets.txt", encoding: .utf8)
        #expect(manifest.split(separator: "\n").count == 2)
        #expect(FileManager.default.fileExists(atPath: work.diffs + "/recipe/index.html.diff"))
    }

    /// `--record` and `--record-mode failed` are one mode: missing and differing files are written.
    @Test(arguments: [["--record"], ["--record-mode", "failed"]])
    func failedUpdatesWhatDiffers(_ flags: [String]) throws {
        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        let first = try CLIRun.run(Self.arguments(work) + flags)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stdout == "recipe: recorded \(work.snapshots)/recipe/ (index.html, assets.txt)\n"
                + "wrote \(work.snapshots)/chatrender.check.json: theme SP (bundled), locale en-US, no screenshots\n1 fixture: 1 recorded\n")

        try work.write(reply: Self.changedReply, file: "Tomatoes, onion, garlic.\n")
        let updated = try CLIRun.run(Self.arguments(work) + flags)
        #expect(updated.status == 0)
        #expect(
            updated.stdout == "recipe: updated \(work.snapshots)/recipe/: index.html (+1 −1 lines)\n"
                + "1 fixture: 1 updated\n")
        let html = try String(contentsOfFile: work.snapshots + "/recipe/index.html", encoding: .utf8)
        #expect(html.contains("<strong>twenty minutes</strong>"))
        let number = try Self.fileNumber(work.snapshots + "/recipe/index.html")

        let unchanged = try CLIRun.run(Self.arguments(work) + flags)
        #expect(unchanged.status == 0)
        #expect(unchanged.stdout == "recipe: unchanged\n1 fixture: 1 unchanged\n")
        #expect(try Self.fileNumber(work.snapshots + "/recipe/index.html") == number)
        #expect(try CLIRun.run(Self.arguments(work)).status == 0)
    }

    @Test func allWritesEverySnapshotAgain() throws {
        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        let first = try CLIRun.run(Self.arguments(work) + ["--record-mode", "all"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stdout == "recipe: recorded \(work.snapshots)/recipe/ (index.html, assets.txt)\n"
                + "wrote \(work.snapshots)/chatrender.check.json: theme SP (bundled), locale en-US, no screenshots\n1 fixture: 1 recorded\n")
        let stored = try #require(Self.bytes(work.snapshots + "/recipe/index.html"))
        let number = try Self.fileNumber(work.snapshots + "/recipe/index.html")
        try "mine".write(toFile: work.snapshots + "/recipe/notes.txt", atomically: true, encoding: .utf8)

        let again = try CLIRun.run(Self.arguments(work) + ["--record-mode", "all"])
        #expect(again.status == 0)
        #expect(again.stdout == "recipe: recorded again \(work.snapshots)/recipe/ (it matched)\n1 fixture: 1 recorded again\n")
        #expect(try Self.fileNumber(work.snapshots + "/recipe/index.html") != number)  // written, not kept
        #expect(Self.bytes(work.snapshots + "/recipe/index.html") == stored)
        #expect(try String(contentsOfFile: work.snapshots + "/recipe/notes.txt", encoding: .utf8) == "mine")

        try work.write(reply: Self.changedReply, file: "Tomatoes, onion, garlic.\n")
        let changed = try CLIRun.run(Self.arguments(work) + ["--record-mode", "all"])
        #expect(changed.status == 0)
        #expect(changed.stdout.hasPrefix("recipe: updated \(work.snapshots)/recipe/: index.html (+1 −1 lines)"))
    }

    @Test func recordAndRecordModeAreRefusedTogether() throws {
        let work = try Workspace()
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        let both = try CLIRun.run(Self.arguments(work) + ["--record", "--record-mode", "all"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("--record is --record-mode failed; give one or the other"))
        let unknown = try CLIRun.run(Self.arguments(work) + ["--record-mode", "sometimes"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("--record-mode must be missing, failed, all or never, not \"sometimes\""))
        #expect(!FileManager.default.fileExists(atPath: work.snapshots))
    }
}
