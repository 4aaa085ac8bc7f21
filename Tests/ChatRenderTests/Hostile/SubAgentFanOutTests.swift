import Foundation
import Testing
@testable import ChatModel
import TestSupport

/// Agents that start each other: five Codex rollouts of about 2 KB that each spawn the other four
/// made 4^8 nested copies (12.5 s, 1.67 GB, a 484 MB page), and two that spawn each other,
/// rendered as a folder, ended with exit 65 and no message. Each sub-agent is now shown once, at
/// the first call that started it; the others link there, and a call back into a caller is cut.
@Suite struct SubAgentFanOutTests {
    /// Thread ids in Codex's shape.
    static func thread(_ n: Int) -> String { String(format: "019e5b10-7f21-7c00-9a42-%012d", n) }

    /// A rollout of thread `n` that spawns each of `spawns` (thread numbers), in the real shape.
    static func rollout(_ n: Int, spawns: [Int]) -> String {
        var lines = [
            #"{"timestamp":"2026-06-09T14:00:00.000Z","type":"session_meta","payload":{"id":"\#(thread(n))","timestamp":"2026-06-09T14:00:00.000Z","cwd":"/home/ana/src/tides","originator":"codex_cli_rs","cli_version":"0.135.0","source":"cli","model_provider":"openai"}}"#,
            #"{"timestamp":"2026-06-09T14:00:01.000Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Agent \#(n): ask the others."}]}}"#,
        ]
        for (k, other) in spawns.enumerated() {
            lines.append(
                #"{"timestamp":"2026-06-09T14:00:02.000Z","type":"response_item","payload":{"type":"function_call","name":"spawn_agent","call_id":"call_\#(n)_\#(k)","arguments":"{\"message\": \"Ask agent \#(other).\", \"agent_type\": \"explorer\"}"}}"#
            )
            lines.append(
                #"{"timestamp":"2026-06-09T14:00:03.000Z","type":"response_item","payload":{"type":"function_call_output","call_id":"call_\#(n)_\#(k)","output":"{\"agent_id\":\"\#(thread(other))\",\"nickname\":\"Agent \#(other)\"}"}}"#
            )
        }
        lines.append(
            #"{"timestamp":"2026-06-09T14:00:04.000Z","type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Agent \#(n) is done."}]}}"#
        )
        return lines.joined(separator: "\n") + "\n"
    }

    static func write(_ folder: String, _ agents: [Int: [Int]]) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (n, spawns) in agents {
            try rollout(n, spawns: spawns).write(
                toFile: folder + "/rollout-2026-06-09T14-00-0\(n)-\(thread(n)).jsonl", atomically: false, encoding: .utf8)
        }
    }

    /// The conversation pages' text: the page itself, or a site's pages without its index.
    static func pages(_ out: String, site: Bool) throws -> String {
        guard site else { return try String(contentsOfFile: out + "/index.html", encoding: .utf8) }
        let files = (FileManager.default.enumerator(atPath: out)?.allObjects as? [String] ?? []).filter {
            $0.hasSuffix("/index.html") && !$0.hasPrefix("search/") && !$0.hasPrefix("static/")
        }
        #expect(!files.isEmpty)
        return try files.sorted().map { try String(contentsOfFile: out + "/" + $0, encoding: .utf8) }.joined()
    }

    static func size(_ folder: String) -> Int {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).reduce(0) { total, name in
            total + ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0)
        }
    }

    @Test func fiveRolloutsThatSpawnEachOtherShowEachAgentOnce() throws {
        let temp = TestPaths.temporaryFolder("fan-out")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let names = Array(1...5)
        try Self.write(temp + "/sessions", Dictionary(uniqueKeysWithValues: names.map { n in (n, names.filter { $0 != n }) }))
        let one = temp + "/sessions/rollout-2026-06-09T14-00-01-\(Self.thread(1)).jsonl"
        for input in [one, temp + "/sessions"] {
            let out = temp + "/out-\(input.count)"
            let started = Date()
            let (status, kilobytes) = try AgentDatabaseTests.peakMemory(["render", input, "--out", out])
            #expect(status == 0)
            #expect(Date().timeIntervalSince(started) < 15)
            #expect(kilobytes < 300 * 1024, "peak \(kilobytes) KB")
            #expect(Self.size(out) < 5_000_000, "\(Self.size(out)) bytes")
            // Every agent's words are on the page, each agent's reply once.
            let page = try Self.pages(out, site: input != one)
            for n in names { #expect(page.components(separatedBy: "Agent \(n) is done.").count - 1 == 1, "agent \(n)") }
            #expect(page.contains("shown at the call that first started it"))
            #expect(page.contains("started by one of its own callers; not shown again"))
        }
    }

    @Test func twoRolloutsThatSpawnEachOtherRenderBothFromAFolder() throws {
        let temp = TestPaths.temporaryFolder("spawn-cycle")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try Self.write(temp + "/sessions", [1: [2], 2: [1]])
        let run = try CLIRun.run(["render", temp + "/sessions", "--out", temp + "/out"])
        #expect(run.status == 0, "\(run.stderr)")
        let page = try Self.pages(temp + "/out", site: true)
        #expect(page.contains("Agent 1 is done.") && page.contains("Agent 2 is done."))
        #expect(page.contains("started by one of its own callers; not shown again"))
    }
}

/// Twelve Claude Code agent logs that each call Task on all twelve took 6.4 s, 1.04 GB and a
/// 460 MB page; each log is now read and shown once.
@Suite struct ClaudeCodeFanOutTests {
    typealias T = ClaudeCodeImporterTests

    @Test func twelveAgentLogsThatEachCallAllTwelveShowEachOnce() throws {
        let root = TestPaths.temporaryFolder("cc-fan-out")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/p/s/subagents", withIntermediateDirectories: true)
        let agents = 1...12
        func calls(_ from: String) -> [String] {
            agents.flatMap { n in
                [
                    T.call("toolu_\(from)_\(n)", "Task", "{\"description\":\"Ask \(n)\",\"prompt\":\"Ask agent \(n)\",\"subagent_type\":\"Explore\"}"),
                    T.result("toolu_\(from)_\(n)", "\"Asked\"", record: "{\"agentId\":\"a\(n)\"}"),
                ]
            }
        }
        let session = [T.user("\"Go\"")] + calls("root") + [T.assistant("msg_root", "{\"type\":\"text\",\"text\":\"All asked.\"}")]
        _ = FileManager.default.createFile(atPath: root + "/p/s.jsonl", contents: Data(session.joined(separator: "\n").utf8))
        for n in agents {
            let lines = [T.user("\"Ask agent \(n)\"")] + calls("a\(n)") + [T.assistant("msg_a\(n)", "{\"type\":\"text\",\"text\":\"Agent \(n) is done.\"}")]
            _ = FileManager.default.createFile(atPath: root + "/p/s/subagents/agent-a\(n).jsonl", contents: Data(lines.joined(separator: "\n").utf8))
        }
        let started = Date()
        let (status, kilobytes) = try AgentDatabaseTests.peakMemory(["render", "--from", "claude-code", root + "/p/s.jsonl", "--out", root + "/out"])
        #expect(status == 0)
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(kilobytes < 300 * 1024, "peak \(kilobytes) KB")
        #expect(SubAgentFanOutTests.size(root + "/out") < 5_000_000, "\(SubAgentFanOutTests.size(root + "/out")) bytes")
        let page = try String(contentsOfFile: root + "/out/index.html", encoding: .utf8)
        for n in agents { #expect(page.components(separatedBy: "Agent \(n) is done.").count - 1 == 1, "agent \(n)") }
        #expect(page.contains("shown at the call that first started it"))
        #expect(page.contains("started by one of its own callers; not shown again"))
    }
}
