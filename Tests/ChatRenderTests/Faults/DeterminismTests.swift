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

/// Every example renders byte-for-byte the same on two runs, and with one core or all of them.
@Suite struct DeterminismTests {
    static let examples: [String] = {
        let root = TestPaths.repo("examples")
        let walker = FileManager.default.enumerator(atPath: root)
        var found: [String] = []
        while let relative = walker?.nextObject() as? String {
            if relative.hasSuffix(".json") { found.append(root + "/" + relative) }
        }
        return found.sorted()
    }()

    @Test func thereAreExamples() {
        #expect(Self.examples.count >= 2)
        #expect(Self.examples.contains { $0.hasSuffix("garden/conversation.json") })
    }

    @Test(arguments: examples)
    func twoRunsAndTwoThreadCountsGiveIdenticalOutput(example: String) throws {
        let dir = Faults.folder("determinism")
        let pinned = try Faults.pinned(dir)
        var trees: [[String: Data]] = []
        for (index, prefix) in [[], [], ["/usr/bin/taskset", "-c", "0"]].enumerated() {
            let out = dir + "/out\(index)"
            let process = try Faults.start(["render", example, "--out", out, "--quiet"] + pinned, prefix: prefix)
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "render \(index) of \(example) failed")
            trees.append(Faults.tree(out))
        }
        #expect(!trees[0].isEmpty)
        #expect(
            trees[0] == trees[1],
            "two runs differ: \(Set(trees[0].keys).symmetricDifference(trees[1].keys)) \(trees[0].keys.filter { trees[0][$0] != trees[1][$0] })")
        #expect(trees[0] == trees[2], "one core differs from all: \(trees[0].keys.filter { trees[0][$0] != trees[2][$0] })")
        // Re-rendering over the previous output (reusing its images) changes nothing either.
        let again = try Faults.start(["render", example, "--out", dir + "/out0", "--quiet"] + pinned)
        again.waitUntilExit()
        #expect(Faults.tree(dir + "/out0") == trees[0])
    }

    @Test func importsAreDeterministicToo() throws {
        let dir = Faults.folder("determinism-import")
        for format in ["openai", "anthropic"] {
            let input = TestPaths.fixture(format == "openai" ? "import/openai/trip.json" : "import/anthropic/support.json")
            var trees: [[String: Data]] = []
            for index in 0..<2 {
                let run = try CLIRun.run(["render", "--from", format, input, "--out", dir + "/\(format)\(index)", "--quiet"])
                try #require(run.status == 0, "\(run.stderr)")
                trees.append(Faults.tree(dir + "/\(format)\(index)"))
            }
            #expect(trees[0] == trees[1], "\(format): \(trees[0].keys.filter { trees[0][$0] != trees[1][$0] })")
        }
    }
}
