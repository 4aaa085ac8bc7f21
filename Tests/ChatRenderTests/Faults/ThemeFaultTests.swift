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

/// Themes that loop, or that are very large, give a clear result in bounded time.
@Suite struct ThemeFaultTests {
    /// These inputs once made the work grow with the square of their size. The bound only catches
    /// that coming back (minutes, not seconds): how fast they run is the benchmark's business, and
    /// a tight bound fails on a busy machine.
    static let hangGuard: Duration = .seconds(600)

    /// The bundled one-mode theme as a mutable JSON object.
    func monoTheme() throws -> [String: Any] {
        let data = try #require(FileManager.default.contents(atPath: TestPaths.repo("themes/mono.tokens.json")))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func check(_ theme: [String: Any], in dir: String, name: String = "t.tokens.json") throws -> (CLIRun, Duration) {
        Faults.write(Faults.json(theme), dir + "/" + name)
        let result = try Faults.timed(["theme", "check", name], in: dir)
        Faults.expectNoCrash(result.0)
        return result
    }

    @Test func aliasLoopsAreClearErrors() throws {
        let dir = Faults.folder("theme-loop")
        var theme = try monoTheme()
        var color = try #require(theme["color"] as? [String: Any])
        color["accent"] = ["$value": "{color.accentOn}"]
        color["accentOn"] = ["$value": "{color.danger}"]
        color["danger"] = ["$value": "{color.accent}"]
        color["warning"] = ["$value": "{color.warning}"]
        color["statusOn"] = ["$value": ["$ref": "#/color/statusOn/$value"]]
        theme["color"] = color
        let (run, elapsed) = try check(theme, in: dir)
        #expect(run.status == 65)
        #expect(run.stderr.contains("aliases form a cycle: color.accent → color.accentOn → color.danger → color.accent"), "\(run.stderr)")
        #expect(run.stderr.contains("aliases form a cycle: color.warning → color.warning"))
        #expect(run.stderr.contains("aliases form a cycle: color.statusOn → color.statusOn"))
        #expect(elapsed < Self.hangGuard)
        // Rendering with it fails the same way and writes nothing.
        Faults.write(Faults.json(["messages": []]), dir + "/c.json")
        let render = try CLIRun.run(["render", "c.json", "--theme", "t.tokens.json", "--out", "out", "--quiet"], in: dir)
        #expect(render.status == 65)
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    @Test func aLongAliasLoopIsFoundOnce() throws {
        let dir = Faults.folder("theme-long-loop")
        var theme = try monoTheme()
        var group: [String: Any] = ["$type": "color"]
        let count = 20_000
        for index in 0..<count { group["t\(index)"] = ["$value": "{loop.t\((index + 1) % count)}"] }
        theme["loop"] = group
        let (run, elapsed) = try check(theme, in: dir)
        #expect(run.status == 65)
        #expect(run.stderr.components(separatedBy: "aliases form a cycle").count == 2, "one report for one cycle")
        #expect(elapsed < Self.hangGuard)
    }

    @Test func fiftyThousandTokensLoadInBoundedTime() throws {
        let dir = Faults.folder("theme-big")
        var theme = try monoTheme()
        var flat: [String: Any] = ["$type": "color"]
        var chain: [String: Any] = ["$type": "color"]
        for index in 0..<25_000 {
            let v = Double(index % 256) / 255
            flat["c\(index)"] = ["$value": ["colorSpace": "srgb", "components": [v, v, v]]]
            // A 25,000-long alias chain ending at a real colour: resolved without deep recursion.
            chain["a\(index)"] = ["$value": index == 0 ? "{color.accent}" : "{chain.a\(index - 1)}"]
        }
        theme["flat"] = flat
        theme["chain"] = chain
        var color = try #require(theme["color"] as? [String: Any])
        color["link"] = ["$value": "{chain.a24999}"]
        theme["color"] = color
        let (run, elapsed) = try check(theme, in: dir)
        #expect(run.status == 0, "\(run.stderr.prefix(500))")
        #expect(elapsed < Self.hangGuard, "50,000 tokens took \(elapsed)")
        // And a render with it.
        Faults.write(Faults.json(["messages": [["id": "m", "role": "user", "text": "hi"]]]), dir + "/c.json")
        let (render, renderTime) = try Faults.timed(["render", "c.json", "--theme", "t.tokens.json", "--out", "out", "--quiet"], in: dir)
        #expect(render.status == 0, "\(render.stderr.prefix(500))")
        #expect(renderTime < Self.hangGuard)
    }

    @Test func resolverReferencesCannotReadDevicesOrLeaveTheFolder() throws {
        let dir = Faults.folder("theme-refs")
        try FileManager.default.createSymbolicLink(atPath: dir + "/zero.tokens.json", withDestinationPath: "/dev/zero")
        #expect(mkfifo(dir + "/fifo.tokens.json", 0o644) == 0)
        let outside = Faults.folder("theme-outside")
        try FileManager.default.copyItem(atPath: TestPaths.repo("themes/mono.tokens.json"), toPath: outside + "/mono.tokens.json")
        try FileManager.default.createSymbolicLink(atPath: dir + "/out.tokens.json", withDestinationPath: outside + "/mono.tokens.json")
        for reference in [
            "zero.tokens.json", "fifo.tokens.json", "out.tokens.json", "../theme-outside/mono.tokens.json", outside + "/mono.tokens.json", "/dev/zero",
        ] {
            let resolver: [String: Any] = [
                "version": "2025.10",
                "sets": ["base": ["sources": [["$ref": reference]]]],
                "resolutionOrder": [["$ref": "#/sets/base"]],
            ]
            Faults.write(Faults.json(resolver), dir + "/t.resolver.json")
            let (run, elapsed) = try Faults.timed(["theme", "check", "t.resolver.json"], in: dir)
            Faults.expectNoCrash(run)
            #expect(run.status != 0, "\(reference) was read: \(run.stdout.prefix(200))")
            #expect(elapsed < Self.hangGuard)
        }
    }

    /// A resolver whose sets include each other many times over: ten levels of ten inclusions
    /// each (10^10 sources if expanded naively, a "billion laughs"), and two sets that include each
    /// other hundreds of times (a loop, reported, but once expanded again at every inclusion:
    /// minutes for a few kilobytes). Each set is expanded once, and more than
    /// `ThemeResolverReader.maxSources` sources is an error.
    @Test func setsIncludedManyTimesOverAreBoundedNotExponential() throws {
        let dir = Faults.folder("theme-laughs")
        var sets: [String: Any] = [:]
        for level in 0..<10 { sets["s\(level)"] = ["sources": Array(repeating: ["$ref": "#/sets/s\(level + 1)"], count: 10)] }
        sets["s10"] = ["sources": [try monoTheme()]]
        Faults.write(Faults.json(["version": "2025.10", "sets": sets, "resolutionOrder": [["$ref": "#/sets/s0"]]]), dir + "/laughs.resolver.json")
        let (laughs, laughsTime) = try Faults.timed(["theme", "check", "laughs.resolver.json"], in: dir)
        Faults.expectNoCrash(laughs)
        #expect(laughs.status == 65)
        #expect(laughs.stderr.contains("the sets expand to more than \(ThemeResolverReader.maxSources) token sources"), "\(laughs.stderr.prefix(500))")
        #expect(laughsTime < Self.hangGuard, "took \(laughsTime)")

        let mutual: [String: Any] = [
            "version": "2025.10",
            "sets": [
                "base": ["sources": Array(repeating: ["$ref": "#/sets/base"], count: 200) + Array(repeating: ["$ref": "#/sets/other"], count: 200)],
                "other": ["sources": Array(repeating: ["$ref": "#/sets/base"], count: 200)],
            ],
            "resolutionOrder": [["$ref": "#/sets/base"]],
        ]
        Faults.write(Faults.json(mutual), dir + "/mutual.resolver.json")
        let (loop, loopTime) = try Faults.timed(["theme", "check", "mutual.resolver.json"], in: dir)
        Faults.expectNoCrash(loop)
        #expect(loop.status == 65)
        #expect(loop.stderr.contains("sets include each other in a loop: base → other → base"), "\(loop.stderr.prefix(500))")
        #expect(loopTime < Self.hangGuard, "took \(loopTime)")
    }

    /// Expanding each set once changes nothing for a valid theme that includes a set several times.
    @Test func aSetIncludedSeveralTimesGivesTheSameTheme() throws {
        let mono = try monoTheme()
        let resolver: [String: Any] = [
            "version": "2025.10",
            "sets": [
                "all": ["sources": [mono]],
                "again": ["sources": [["$ref": "#/sets/all"]]],
                "both": ["sources": [["$ref": "#/sets/again"], ["$ref": "#/sets/all"], ["$ref": "#/sets/again"]]],
            ],
            "resolutionOrder": [["$ref": "#/sets/both"], ["$ref": "#/sets/all"]],
        ]
        let direct = try ThemeLoader.load(bytes: Array(Faults.json(mono).utf8), displayPath: "t.tokens.json", baseDirectory: "/nonexistent")
        let nested = try ThemeLoader.load(bytes: Array(Faults.json(resolver).utf8), displayPath: "t.resolver.json", baseDirectory: "/nonexistent")
        #expect(ThemeStylesheet.css(for: nested) == ThemeStylesheet.css(for: direct))
    }
}
