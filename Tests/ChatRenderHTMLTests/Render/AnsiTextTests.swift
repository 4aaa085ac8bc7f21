import Foundation
import Testing
@testable import ChatModel
@testable import ChatRenderHTML

/// Terminal output: colours become spans, every other escape goes, and hostile input stays fast
/// and never puts an ESC byte or another control character on the page.
@Suite struct AnsiTextTests {
    /// These inputs once made the work grow with the square of their size. The bound only catches
    /// that coming back (minutes, not seconds): how fast they run is the benchmark's business, and
    /// a tight bound fails on a busy machine.
    static let hangGuard: Duration = .seconds(600)

    func html(_ text: String) -> String { AnsiText.render(text).description }

    func assertClean(_ out: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(
            !out.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F || (0x80...0x9F).contains($0.value) },
            "a control character reached the page", sourceLocation: sourceLocation)
    }

    @Test func basicColoursAndStylesBecomeSpans() {
        #expect(html("\u{1B}[31mred\u{1B}[0m plain") == "<span class=\"cr-ansi-f1\">red</span> plain")
        #expect(
            html("\u{1B}[1;32mok\u{1B}[22m still green\u{1B}[39m")
                == "<span class=\"cr-ansi-b cr-ansi-f2\">ok</span><span class=\"cr-ansi-f2\"> still green</span>")
        #expect(html("\u{1B}[2;3;4;9mx") == "<span class=\"cr-ansi-d cr-ansi-i cr-ansi-u cr-ansi-s\">x</span>")
        #expect(html("\u{1B}[94;41mx\u{1B}[m") == "<span class=\"cr-ansi-f12 cr-ansi-g1\">x</span>")
        #expect(html("\u{1B}[mplain") == "plain")
    }

    @Test func extendedColoursMapToTheNearestBasicOne() {
        #expect(html("\u{1B}[38;5;196mx") == "<span class=\"cr-ansi-f9\">x</span>")
        #expect(html("\u{1B}[38;5;2mx") == "<span class=\"cr-ansi-f2\">x</span>")
        #expect(html("\u{1B}[38;2;10;200;10mx") == "<span class=\"cr-ansi-f2\">x</span>")
        #expect(html("\u{1B}[38:2::250:0:0mx") == "<span class=\"cr-ansi-f9\">x</span>")
        #expect(html("\u{1B}[48;5;244mx") == "<span class=\"cr-ansi-g8\">x</span>")
        // A colour that says nothing: dropped, and the parameters after it still read.
        #expect(html("\u{1B}[38;5;999;1mx") == "<span class=\"cr-ansi-b\">x</span>")
    }

    @Test func otherEscapesAreRemovedAndTextKept() {
        #expect(html("a\u{1B}[2Kb\u{1B}[10;20Hc\u{1B}[?25ld") == "abcd")
        #expect(html("\u{1B}]0;window title\u{07}text") == "text")
        #expect(html("\u{1B}]8;;https://example.com\u{1B}\\link\u{1B}]8;;\u{1B}\\ after") == "link after")
        #expect(html("\u{1B}(Bx\u{1B}7y\u{1B}=z") == "xyz")
        #expect(html("a\u{07}b\u{08}c\u{7F}d") == "abcd")
        #expect(html("\u{9B}31mx") == "<span class=\"cr-ansi-f1\">x</span>")
        #expect(html("<b>&amp;</b>") == "&lt;b&gt;&amp;amp;&lt;/b&gt;")
    }

    @Test func carriageReturnsKeepWhatTheLineFinallyShowed() {
        #expect(html("Downloading 10%\rDownloading 55%\rDownloading 100%\ndone") == "Downloading 100%\ndone")
        #expect(html("a\r\nb\r\n") == "a\nb")
        #expect(html("progress\r") == "progress")
        #expect(html("\u{1B}[32m10%\r\u{1B}[1m100%\u{1B}[0m") == "<span class=\"cr-ansi-b cr-ansi-f2\">100%</span>")
    }

    @Test func hostileInputIsDroppedNotShown() {
        for text in [
            "\u{1B}", "x\u{1B}", "\u{1B}[", "\u{1B}[31", "\u{1B}[31;", "\u{1B}]0;never closed", "\u{1B}[31\nnext", "\u{1B}\u{1B}[",
            "\u{1B}[999999999999999999999m",
        ] {
            assertClean(html(text))
        }
        #expect(html("x\u{1B}") == "x")
        #expect(html("\u{1B}[31\nnext") == "\nnext")
        #expect(html("\u{1B}]0;never closed\nnext") == "\nnext")
        #expect(html("\u{1B}[999999999999999999999mx") == "x")
    }

    @Test func aMegabyteOfEscapesIsLinear() {
        let unit = "\u{1B}[1;31m\u{1B}[38;2;1;2;3m\u{1B}]0;t\u{07}\u{1B}[2K\r\u{1B}[0mx\u{1B}"
        let text = String(repeating: unit, count: 1_048_576 / unit.utf8.count)
        let clock = ContinuousClock()
        var out = ""
        let elapsed = clock.measure { out = html(text) }
        assertClean(out)
        #expect(!out.contains("\u{1B}"))
        // A bound far above the time it takes, against a quadratic slip, not a benchmark.
        #expect(elapsed < Self.hangGuard)
        let lone = String(repeating: "\u{1B}", count: 1 << 20)
        #expect(html(lone) == "")
        let unterminated = "\u{1B}[" + String(repeating: "1;", count: 1 << 19)
        #expect(html(unterminated) == "")
    }

    @Test func spansNeverCrossALine() {
        let lines = AnsiText.lines("\u{1B}[31mone\ntwo\u{1B}[0m\nthree")
        #expect(lines.map(\.description) == ["<span class=\"cr-ansi-f1\">one</span>", "<span class=\"cr-ansi-f1\">two</span>", "three"])
    }
}
