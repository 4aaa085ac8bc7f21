import Foundation
import Testing
@testable import ChatModel
@testable import ChatRenderHTML
import TestSupport

/// The formula corpus in `Fixtures/math/corpus.txt`: every kind of TeX the converter takes, with
/// the MathML Core it must become, and formulas it must refuse (shown as their source instead).
/// `RECORD_GOLDENS=1` rewrites the expected lines from the converter and fails the run: read
/// the diff line by line before committing it.
@Suite struct TeXMathCorpusTests {
    struct Entry { var tex: String; var expected: String? }

    static let path = TestPaths.fixture("math/corpus.txt")

    static func entries() -> [Entry] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        var entries: [Entry] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("tex: ") {
                entries.append(Entry(tex: String(line.dropFirst(5)), expected: nil))
            } else if line.hasPrefix("mml: ") || line.hasPrefix("fail: "), !entries.isEmpty {
                entries[entries.count - 1].expected = String(line)
            }
        }
        return entries
    }

    /// What the converter makes of `tex`, as the corpus writes it.
    static func actual(_ tex: String) -> String {
        do {
            return "mml: " + (try TeXMath.body(tex)).replacingOccurrences(of: "\u{2061}", with: "&#x2061;").replacingOccurrences(of: "\u{00A0}", with: "&#xA0;")
        } catch {
            return "fail: " + error.reason
        }
    }

    @Test func corpusHasEveryKindAndOverAHundredFormulas() {
        let entries = Self.entries()
        #expect(entries.count >= 100)
        #expect(entries.filter { $0.expected?.hasPrefix("fail:") == true }.count >= 10)
    }

    @Test func everyFormulaBecomesTheRecordedMathML() throws {
        let record = !(ProcessInfo.processInfo.environment["RECORD_GOLDENS"] ?? "").isEmpty
        if record {
            let text = try String(contentsOfFile: Self.path, encoding: .utf8)
            var out: [String] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("mml: ") || line.hasPrefix("fail: ") { continue }
                out.append(String(line))
                if line.hasPrefix("tex: ") { out.append(Self.actual(String(line.dropFirst(5)))) }
            }
            let updated = out.joined(separator: "\n")
            if updated != text {
                try updated.write(toFile: Self.path, atomically: true, encoding: .utf8)
                Issue.record("recorded math/corpus.txt; read the diff, then run again")
            }
            return
        }
        for entry in Self.entries() {
            #expect(entry.expected != nil, "no expected line for \(entry.tex)")
            #expect(Self.actual(entry.tex) == entry.expected, "\(entry.tex)")
        }
    }

    @Test func wholeElementCarriesTheSourceAsAnAnnotation() throws {
        let inline = try TeXMath.render("a<b", display: false).get().description
        #expect(
            inline
                == "<math><semantics><mrow><mi>a</mi><mo>&lt;</mo><mi>b</mi></mrow><annotation encoding=\"application/x-tex\">a&lt;b</annotation></semantics></math>"
        )
        let block = try TeXMath.render("x", display: true).get().description
        #expect(block.hasPrefix("<math display=\"block\" tabindex=\"0\"><semantics><mrow><mi>x</mi></mrow>"))
    }

    @Test func failuresShowTheSourceEscaped() {
        guard case .failure(let failure) = TeXMath.render("\\foo{<b>}", display: false) else {
            Issue.record("an unknown command converted")
            return
        }
        #expect(failure.reason == "unsupported command \\foo")
        #expect(TeXMath.source("$\\foo{<b>}$", display: false).description == "<code class=\"cr-math-source\">$\\foo{&lt;b&gt;}$</code>")
    }

    @Test func hostileFormulasFailQuicklyWithoutCrashing() {
        let deep = String(repeating: "{", count: 5_000) + "x" + String(repeating: "}", count: 5_000)
        #expect(TeXMath.render(deep, display: true).isFailure)
        let opens = String(repeating: "{", count: 1 << 20)
        #expect(TeXMath.render(opens, display: true).isFailure)
        let nestedFractions = String(repeating: "\\frac{1}{", count: 100) + "x" + String(repeating: "}", count: 100)
        #expect(TeXMath.render(nestedFractions, display: true).isFailure)
        let nestedRoots = String(repeating: "\\sqrt", count: 5_000) + " x"
        #expect(TeXMath.render(nestedRoots, display: true).isFailure)
        let lefts = String(repeating: "\\left(", count: 5_000)
        #expect(TeXMath.render(lefts, display: true).isFailure)
        let long = String(repeating: "x+", count: 9_000) + "x"
        #expect(TeXMath.render(long, display: true).isSuccess)
        #expect(TeXMath.render(long + long, display: true).isFailure)
        let wideTable = "\\begin{matrix}" + String(repeating: "a&", count: 5_000) + "a\\end{matrix}"
        #expect(TeXMath.render(wideTable, display: true).isSuccess)
        for text in [
            "\\", "^", "_", "'", "\\left", "\\right)", "\\begin", "\\end{matrix}", "&", "\\\\", "}", "\\sqrt[", "\\text{", "\\not", "\\frac", "x^", "\u{0}",
            "\\begin{array}", "\\hspace{1e400em}",
        ] {
            _ = TeXMath.render(text, display: false)  // any answer, but an answer
        }
    }
}

extension Result {
    var isFailure: Bool { if case .failure = self { return true } else { return false } }
    var isSuccess: Bool { !isFailure }
}
