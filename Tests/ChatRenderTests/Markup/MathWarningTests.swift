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

/// A formula that cannot be converted is shown as its TeX source, and the run says so, naming
/// where it is; `--strict` refuses it.
@Suite struct MathWarningTests {
    @Test func eachFallbackIsAWarningWithItsPath() {
        let conversation = Conversation(messages: [
            Message(id: "u", role: .user, text: "What is $\\unknowncommand{x}$?"),  // the person's words are not read as maths
            Message(id: "a", role: .assistant, text: "It is $\\unknowncommand{x}$, but $x^2$ is fine."),
            {
                var m = Message(id: "b", role: .assistant, text: "")
                m.parts = [.thinking(ThinkingPart(text: "Maybe $$a^b^c$$")), .text("Plain.")]
                return m
            }(),
        ])
        let warnings = MathWarnings.diagnostics(for: conversation, options: RenderOptions(), file: "c.json")
        #expect(
            warnings.map(\.description) == [
                "c.json: warning: messages[1].text: formula \"$\\unknowncommand{x}$\" is shown as its TeX source: unsupported command \\unknowncommand",
                "c.json: warning: messages[2].parts[0].text: formula \"$$a^b^c$$\" is shown as its TeX source: double superscript",
            ])
        // Under --markup inline nothing is read as maths, so nothing falls back.
        #expect(MathWarnings.diagnostics(for: conversation, options: RenderOptions(markup: .inline), file: "c.json").isEmpty)
    }

    @Test func renderWarnsAndStrictRefuses() throws {
        let folder = TestPaths.temporaryFolder("math-warning")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/c.json"
        try #"{"messages": [{"id": "a", "role": "assistant", "text": "See $\\unknowncommand{x}$."}]}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        var request = RenderRequest(
            conversationPath: file, themePath: TestPaths.defaultTheme,
            templatesDirectory: TestPaths.templates, outputDirectory: folder + "/out")
        let result = try ChatRenderer.render(request)
        #expect(result.warnings.map(\.message) == ["formula \"$\\unknowncommand{x}$\" is shown as its TeX source: unsupported command \\unknowncommand"])
        let page = try String(contentsOfFile: folder + "/out/index.html", encoding: .utf8)
        #expect(page.contains("cr-math-source"))
        request.strict = true
        request.outputDirectory = folder + "/strict"
        #expect(throws: DiagnosticError.self) { try ChatRenderer.render(request) }
        #expect(!FileManager.default.fileExists(atPath: folder + "/strict"))
    }
}
