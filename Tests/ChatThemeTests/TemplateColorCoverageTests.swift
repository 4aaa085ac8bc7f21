import Foundation
import Testing
@testable import ChatTheme
import TestSupport

/// Every `var(--color-…)` a stylesheet reads must be a colour the theme writes; otherwise the
/// browser silently draws with nothing and no contrast check sees it.
@Suite("Template colour coverage")
struct TemplateColorCoverageTests {
    /// The `--color-…` names read through `var()` in `text`.
    static func colorVariables(in text: String) -> Set<String> {
        var names = Set<String>()
        var rest = Substring(text)
        while let range = rest.range(of: "var(--color-") {
            let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
            names.insert("--color-" + name)
            rest = rest[range.upperBound...]
        }
        return names
    }

    static let defined = Set(ThemeTokens.ColorRole.allCases.map(\.customProperty))

    @Test func everyColourTheTemplatesReadIsARole() throws {
        let folder = TestPaths.templates
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".css") }.sorted()
        #expect(files.contains("markup.css"))
        var used = Set<String>()
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            let names = Self.colorVariables(in: text)
            used.formUnion(names)
            for name in names.subtracting(Self.defined).sorted() {
                Issue.record("templates/\(file) reads \(name), which no colour role defines")
            }
        }
        #expect(used.contains("--color-link"))
    }

    @Test func everyColourTheRenderersWriteIsARole() throws {
        // CSS made in code (the print rules, the preview gallery) follows the same rule.
        let sources = TestPaths.repo("Sources")
        guard let walker = FileManager.default.enumerator(atPath: sources) else { return }
        for case let path as String in walker where path.hasSuffix(".swift") {
            let text = try String(contentsOfFile: sources + "/" + path, encoding: .utf8)
            for name in Self.colorVariables(in: text).subtracting(Self.defined).sorted() {
                Issue.record("Sources/\(path) reads \(name), which no colour role defines")
            }
        }
    }

    @Test func theScannerFindsEveryName() {
        #expect(
            Self.colorVariables(in: "a { color: var(--color-link); background: color-mix(in srgb, var(--color-diff-added-bg) 5%, var(--color-nope)) }")
                == ["--color-link", "--color-diff-added-bg", "--color-nope"])
    }
}
