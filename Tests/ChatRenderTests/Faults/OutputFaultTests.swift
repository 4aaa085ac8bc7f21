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

/// The output folder under stress: read-only, full, and a render killed at random points. The
/// previous output is always complete and untouched, and no staging folder outlives the next run.
@Suite(.serialized) struct OutputFaultTests {
    static let garden = TestPaths.repo("examples/garden/conversation.json")

    /// Staging and aside folders left beside `out` in `parent`.
    func strays(in parent: String, for base: String = "out") -> Set<String> {
        Faults.names(parent).filter { $0.hasPrefix(".\(base)\(OutputWriter.stagingInfix)") }
    }

    @Test func aReadOnlyOutputFolderIsAClearErrorAndNothingIsWritten() throws {
        let dir = Faults.folder("readonly")
        let parent = dir + "/ro"
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        // A previous output inside, made while writable.
        let first = try CLIRun.run(["render", Self.garden, "--out", parent + "/out", "--quiet"])
        try #require(first.status == 0, "\(first.stderr)")
        let before = Faults.tree(parent)
        var mounted = false
        if getuid() == 0 {
            // Root ignores permission bits: make the folder really read-only with a bind mount.
            mounted =
                Faults.tool("/bin/mount", ["--bind", parent, parent]) == 0
                && Faults.tool("/bin/mount", ["-o", "remount,bind,ro", parent]) == 0
            try #require(mounted || !Faults.canMount, "could not make a read-only bind mount")
        } else {
            #expect(chmod(parent, 0o555) == 0)
        }
        defer {
            if mounted { _ = Faults.tool("/bin/umount", [parent]) } else { chmod(parent, 0o755) }
        }
        if getuid() == 0 && !mounted { return }  // no way to make a read-only folder here
        for target in [parent + "/out", parent + "/new"] {
            let run = try CLIRun.run(["render", Self.garden, "--out", target, "--quiet"])
            Faults.expectNoCrash(run)
            #expect(run.status == 73, "\(run.stderr)")
            #expect(run.stderr.contains(": error: "))
            #expect(run.stderr.contains("Read-only file system") || run.stderr.contains("ermission denied"), "\(run.stderr)")
        }
        #expect(Faults.tree(parent) == before, "the read-only folder changed")
        let imported = try CLIRun.run(["import", "openai", TestPaths.fixture("import/openai/trip.json"), "--out", parent + "/imp", "--quiet"])
        Faults.expectNoCrash(imported)
        #expect(imported.status == 73)
        #expect(Faults.tree(parent) == before)
    }

    @Test(.enabled(if: Faults.canMount, "needs root to mount a 1 MB tmpfs"))
    func aFullDiskIsAClearErrorAndThePreviousOutputSurvives() throws {
        let dir = Faults.folder("full")
        let mountPoint = dir + "/disk"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        try #require(Faults.tool("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint]) == 0)
        defer { _ = Faults.tool("/bin/umount", [mountPoint]) }
        // A small previous output fits.
        Faults.write(Faults.json(["title": "Small", "messages": [["id": "m", "role": "user", "text": "hi"]]]), dir + "/small.json")
        let small = try CLIRun.run(["render", dir + "/small.json", "--out", mountPoint + "/out", "--quiet"])
        try #require(small.status == 0, "\(small.stderr)")
        let before = Faults.tree(mountPoint + "/out")
        // Noise photos at full size and quality do not.
        let noise = try Faults.photos(3, in: dir + "/big", prefix: "n", width: 1400, height: 1000)
        Faults.write(Faults.conversation(photos: noise), dir + "/big/c.json")
        let bigArguments = ["render", dir + "/big/c.json", "--quiet", "--originals", "--image-format", "jpeg", "--quality", "100"]
        let big = try CLIRun.run(bigArguments + ["--out", mountPoint + "/out"])
        Faults.expectNoCrash(big)
        #expect(big.status == 73, "\(big.stderr)")
        #expect(big.stderr.contains("No space left on device") || big.stderr.contains("space"), "\(big.stderr)")
        #expect(Faults.tree(mountPoint + "/out") == before, "the previous output changed")
        #expect(strays(in: mountPoint).isEmpty, "staging left behind: \(strays(in: mountPoint))")
        // A fresh target on the full disk: nothing half-written.
        let fresh = try CLIRun.run(bigArguments + ["--out", mountPoint + "/fresh"])
        #expect(fresh.status == 73)
        #expect(!FileManager.default.fileExists(atPath: mountPoint + "/fresh"))
        #expect(strays(in: mountPoint, for: "fresh").isEmpty)
        // Import onto the full disk.
        let imported = try CLIRun.run(["import", "openai", TestPaths.fixture("import/openai/trip.json"), "--out", mountPoint + "/imp", "--quiet"])
        Faults.expectNoCrash(imported)
    }

    @Test func fiftyRandomKillsNeverDamageThePreviousOutput() throws {
        let dir = Faults.folder("kill")
        let pinned = try Faults.pinned(dir)
        let photos = try Faults.photos(12, in: dir + "/in", prefix: "b", width: 700, height: 500)
        let previous = try Faults.photos(2, in: dir + "/in", prefix: "a", width: 300, height: 200)
        Faults.write(Faults.conversation(photos: previous, title: "Before"), dir + "/in/a.json")
        Faults.write(Faults.conversation(photos: photos, title: "After"), dir + "/in/b.json")
        let out = dir + "/site/out"
        func render(_ name: String, into target: String = out) throws -> Duration {
            let (run, elapsed) = try Faults.timed(["render", dir + "/in/\(name).json", "--out", target, "--quiet"] + pinned)
            try #require(run.status == 0, "\(run.stderr)")
            return elapsed
        }
        // What a finished B looks like (output is deterministic, wherever it is written), and how long it takes.
        let fullTime = try render("b", into: dir + "/reference")
        let expectedB = Faults.tree(dir + "/reference")
        _ = try render("a")
        let expectedA = Faults.tree(out)
        try #require(!expectedA.isEmpty && expectedA != expectedB)
        // How long a render takes, as first measured; it shrinks whenever a kill came after the
        // swap, so a slow first run on a busy machine still leaves most kills inside a render.
        var window = max(0.2, Double(fullTime.components.seconds) + Double(fullTime.components.attoseconds) / 1e18)
        var generator = SplitMix(seed: 50)
        var committed = 0
        for round in 0..<50 {
            let process = try Faults.start(["render", dir + "/in/b.json", "--out", out, "--quiet"] + pinned)
            let delay = Double(generator.next() % 10_000) / 10_000 * window * 1.1
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = Faults.tree(out)
            if now == expectedB {
                committed += 1  // killed after the swap: the new output is complete; start again from A
                window = max(0.05, window * 0.7)
                _ = try render("a")
                #expect(Faults.tree(out) == expectedA)
            } else {
                #expect(now == expectedA, "round \(round) (killed after \(delay) s): the previous output changed")
            }
        }
        // Staging folders of killed runs may remain until the next run, which removes them.
        _ = try render("b")
        #expect(Faults.tree(out) == expectedB)
        #expect(strays(in: dir + "/site").isEmpty, "stray staging folders: \(strays(in: dir + "/site"))")
        #expect(Faults.names(dir + "/site") == ["out"])
        #expect(committed < 50, "every kill came too late to test anything")
    }
}
