import Foundation
import Testing
import TestSupport

/// `theme check`, `preview` and `render` check one list of colour pairs: for the same theme they
/// report the same failures, and `render --strict` refuses a theme that fails.
@Suite("Theme contrast, end to end")
struct ThemeContrastEndToEndTests {
    static let fixture = TestPaths.fixture("themes/low-contrast.tokens.json")

    /// A folder with a one-turn conversation and the failing theme as `faint.tokens.json`.
    static func folder() throws -> String {
        let dir = TestPaths.temporaryFolder("contrast")
        try #"{"messages": [{"id": "1", "role": "user", "text": "Hello"}]}"#.write(toFile: dir + "/chat.json", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: fixture, toPath: dir + "/faint.tokens.json")
        return dir
    }

    /// `light color.textSecondary color.surface` for each failing pair in `diagnostics` (stderr).
    static func failures(inDiagnostics text: String, severity: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("faint.tokens.json: \(severity): ") else { return nil }
            let words = line.split(separator: " ").map(String.init)
            // faint.tokens.json: warning: MODE mode: FG on BG [over BACKDROP] is R:1, …
            guard words.count > 6, words[3] == "mode:", words[5] == "on" else { return nil }
            let background = words[7] == "over" ? "\(words[6]) over \(words[8])" : words[6]
            return "\(words[2]) \(words[4]) \(background)"
        }
    }

    /// The same from `theme check`'s table: rows ending in FAIL, under their mode's heading.
    static func failures(inTable text: String) -> [String] {
        var mode = ""
        var found: [String] = []
        for line in text.split(separator: "\n").map(String.init) {
            if line.hasSuffix(" mode") { mode = String(line.dropLast(5)) }
            guard line.hasSuffix("FAIL") else { continue }
            let cells = line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            found.append("\(mode) \(cells[1]) \(cells[2])")
        }
        return found
    }

    /// The same from the preview page's contrast table.
    static func failures(inPreview html: String) -> [String] {
        html.components(separatedBy: "<tr><td>").dropFirst().compactMap { row -> String? in
            guard row.contains("cr-pv-fail") else { return nil }
            let cells = row.components(separatedBy: "</td><td>").map {
                $0.replacingOccurrences(of: "<code>", with: "").replacingOccurrences(of: "</code>", with: "")
            }
            return "\(cells[0]) \(cells[2]) \(cells[3].components(separatedBy: "</td>")[0])"
        }
    }

    @Test func themeCheckPreviewAndRenderReportTheSameFailures() throws {
        let dir = try Self.folder()
        let check = try CLIRun.run(["theme", "check", "faint.tokens.json"], in: dir)
        #expect(check.status == 65)
        let fromCheck = Self.failures(inTable: check.stdout)
        #expect(fromCheck.contains("light color.textSecondary color.surface"))
        // The fallback of a token the theme leaves out is checked too.
        #expect(fromCheck.contains("light color.syntaxComment color.fill"))

        let preview = try CLIRun.run(["preview", "--theme", "faint.tokens.json", "--out", "gallery"], in: dir)
        #expect(preview.status == 0, "\(preview.stderr)")
        let page = try String(contentsOfFile: dir + "/gallery/index.html", encoding: .utf8)
        #expect(Self.failures(inPreview: page) == fromCheck)
        #expect(Self.failures(inDiagnostics: preview.stderr, severity: "warning") == fromCheck)

        let render = try CLIRun.run(["render", "chat.json", "--theme", "faint.tokens.json", "--out", "page"], in: dir)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(Self.failures(inDiagnostics: render.stderr, severity: "warning") == fromCheck)
        #expect(render.stderr.contains("faint.tokens.json: warning: light mode: color.textSecondary on color.surface is 2.86:1, needs 4.5:1"))
        #expect(FileManager.default.fileExists(atPath: dir + "/page/index.html"))
    }

    @Test func renderStrictRefusesAFailingThemeAndWritesNothing() throws {
        let dir = try Self.folder()
        let strict = try CLIRun.run(["render", "chat.json", "--theme", "faint.tokens.json", "--out", "page", "--strict"], in: dir)
        #expect(strict.status == 65)
        let errors = Self.failures(inDiagnostics: strict.stderr, severity: "error")
        let check = try CLIRun.run(["theme", "check", "faint.tokens.json"], in: dir)
        #expect(errors == Self.failures(inTable: check.stdout))
        #expect(!errors.isEmpty)
        #expect(!strict.stderr.contains("wrote "))
        // Nothing written, nothing half-written: no output and no staging folder beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["chat.json", "faint.tokens.json"])

        // A page already there stays as it was.
        #expect(try CLIRun.run(["render", "chat.json", "--out", "page", "--strict"], in: dir).status == 0)
        let before = try String(contentsOfFile: dir + "/page/index.html", encoding: .utf8)
        #expect(try CLIRun.run(["render", "chat.json", "--theme", "faint.tokens.json", "--out", "page", "--strict"], in: dir).status == 65)
        #expect(try String(contentsOfFile: dir + "/page/index.html", encoding: .utf8) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["chat.json", "faint.tokens.json", "page"])

        // --single-file refuses it the same way.
        let single = try CLIRun.run(["render", "chat.json", "--theme", "faint.tokens.json", "--single-file", "--out", "one", "--strict"], in: dir)
        #expect(single.status == 65)
        #expect(Self.failures(inDiagnostics: single.stderr, severity: "error") == errors)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["chat.json", "faint.tokens.json", "page"])
    }

    @Test(arguments: ["themes/sp.resolver.json", "themes/paper.resolver.json", "themes/mono.tokens.json"])
    func bundledThemesRenderStrictWithoutWarnings(theme: String) throws {
        let dir = try Self.folder()
        let run = try CLIRun.run(["render", "chat.json", "--theme", TestPaths.repo(theme), "--out", "page", "--strict"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("warning"))
        let check = try CLIRun.run(["theme", "check", TestPaths.repo(theme)])
        #expect(check.status == 0, "\(check.stdout)")
    }
}
