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

/// `chatrender import` and `render --from` as a person runs them: exit codes, messages, files.
@Suite struct ImportEndToEndTests {
    func fixture(_ relative: String) -> String { TestPaths.fixture("import/" + relative) }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test func importThenRenderEachFormat() throws {
        let temp = TestPaths.temporaryFolder("import")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        for (format, input, json) in [
            ("openai", "openai/trip.json", "trip.json"),
            ("anthropic", "anthropic/support.json", "support.json"),
            ("chatgpt", "chatgpt/export", "weekend-in-lisbon.json"),
        ] {
            let out = temp + "/" + format
            let run = try CLIRun.run(["import", format, fixture(input), "--out", out])
            #expect(run.status == 0, "\(format): \(run.stderr)")
            #expect(exists(out + "/index.html") && exists(out + "/" + json) && exists(out + "/.chatrender"))
            // The native file renders as it is, with the full markup it asks for.
            let page = temp + "/" + format + "-page"
            let render = try CLIRun.run(["render", out + "/" + json, "--out", page, "--strict"])
            #expect(render.status == 0, "\(format): \(render.stderr)")
            #expect(exists(page + "/index.html"))
            #expect(try String(contentsOfFile: out + "/" + json, encoding: .utf8).contains(",\n  \"markup\": \"full\",\n"))
        }
        let lisbon = try String(contentsOfFile: temp + "/chatgpt/weekend-in-lisbon.json", encoding: .utf8)
        #expect(lisbon.contains("\"url\": \"files/weekend-in-lisbon/tram.png\""))
        #expect(lisbon.contains("\"name\": \"route.gpx\", \"byteCount\": 51200, \"contentType\": \"application/gpx+xml\", \"status\": \"unavailable\"}"))
        // Rendered without --markup: the file's "markup": "full" makes the list a list; --markup inline wins.
        let full = try String(contentsOfFile: temp + "/chatgpt-page/index.html", encoding: .utf8)
        #expect(full.contains("<ul><li>about 20 minutes</li><li>pay on board</li></ul>"))
        let bytes = try FileManager.default.attributesOfItem(atPath: temp + "/openai/files/trip/booking.pdf")[.size] as? Int
        #expect(bytes == 45)
        let index = try String(contentsOfFile: temp + "/chatgpt/index.html", encoding: .utf8)
        let order = ["weekend-in-lisbon.json", "unicode-plan-more.json", "weekend-in-lisbon-2.json"].map { index.range(of: "href=\"\($0)\"")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order[0]! < order[1]! && order[1]! < order[2]!)
        #expect(index.contains("Ünïcode — &lt;Plan&gt; &amp; more"))
    }

    @Test func renderFromChatGPTMakesASite() throws {
        let temp = TestPaths.temporaryFolder("from")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let run = try CLIRun.run(["render", "--from", "chatgpt", fixture("chatgpt/export"), "--out", temp + "/site"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasSuffix("wrote \(temp)/site/index.html (3 conversations), 2 warnings\n"))
        for slug in ["weekend-in-lisbon", "weekend-in-lisbon-2", "unicode-plan-more"] {
            #expect(exists("\(temp)/site/\(slug)/index.html"))
        }
        let page = try String(contentsOfFile: temp + "/site/weekend-in-lisbon/index.html", encoding: .utf8)
        // Full markup by default for imported chats.
        #expect(page.contains("<ul><li>about 20 minutes</li><li>pay on board</li></ul>"))
        #expect(page.contains("Photo unavailable, image.png"))
        let index = try String(contentsOfFile: temp + "/site/index.html", encoding: .utf8)
        #expect(index.contains("href=\"weekend-in-lisbon/index.html\""))
    }

    @Test func renderFromOpenAIMakesOnePageAndMarkupCanBeInline() throws {
        let temp = TestPaths.temporaryFolder("from")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let full = try CLIRun.run(["render", "--from=openai", fixture("openai/trip.json"), "--out", temp + "/full", "-q"])
        #expect(full.status == 0, "\(full.stderr)")
        let page = try String(contentsOfFile: temp + "/full/index.html", encoding: .utf8)
        #expect(page.contains("<figcaption class=\"cr-code-lang\">swift</figcaption>"))
        #expect(page.contains("See &lt;script&gt;alert(1)&lt;/script&gt; map.</p>"))
        #expect(!page.contains("javascript:"))
        let inline = try CLIRun.run(["render", "--from", "openai", fixture("openai/trip.json"), "--out", temp + "/inline", "--markup", "inline", "-q"])
        #expect(inline.status == 0)
        #expect(try String(contentsOfFile: temp + "/inline/index.html", encoding: .utf8).contains("| Stop | Time |"))
        let bad = try CLIRun.run(["render", "--from", "openai", fixture("openai/trip.json"), "--markup", "rich"])
        #expect(bad.status == 64 && bad.stderr == "chatrender: error: --markup takes inline, full or auto, not \"rich\"\n")
    }

    @Test func badInputWritesNothing() throws {
        let temp = TestPaths.temporaryFolder("bad")
        defer { try? FileManager.default.removeItem(atPath: temp) }
        let run = try CLIRun.run(["import", "anthropic", "bad.json", "--out", temp + "/out"], in: fixture("anthropic"))
        #expect(run.status == 65)
        #expect(
            run.stderr == """
                bad.json:2:60: error: [0].content[0].source.data: missing required field "data"; expected a string
                bad.json:3:77: error: [1].content[0].source.type: expected source type "base64", "text", "content", "url" or "file", found "ftp"
                bad.json:4:12: error: [2].role: expected "user" or "assistant", found "system"
                bad.json:5:3: error: [3].content: missing required field "content"; expected a string or an array of content blocks

                """)
        #expect(!exists(temp + "/out"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp).isEmpty)
        let from = try CLIRun.run(["render", "--from", "chatgpt", fixture("chatgpt/bad"), "--out", temp + "/site"])
        #expect(from.status == 65 && !exists(temp + "/site"))
        let format = try CLIRun.run(["import", "claude", "x.json"])
        #expect(format.status == 64 && format.stderr == "chatrender: error: unknown import format \"claude\"; expected auto, \(ImportFormat.spokenList)\n")
        let zip = try CLIRun.run(["import", "chatgpt", "missing-export.zip", "--out", temp + "/z"])
        #expect(zip.status == 66 && zip.stderr == "missing-export.zip: error: no such file; expected a zip archive\n")
        #expect(!exists(temp + "/z"))
    }
}
