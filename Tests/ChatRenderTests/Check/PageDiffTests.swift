import Foundation
import Testing
@testable import ChatModel
@testable import ChatRender

/// What `check` prints for a changed page: the real change first, once, `-` before `+`.
@Suite struct PageDiffTests {
    /// A page shaped like a rendered one: the CSP line near the top, then a token in the light
    /// rules, the forced-light rules and the print rules.
    static func page(accent: String, styleHash: String) -> String {
        var lines = [
            "<!doctype html>", "<html lang=\"en\">", "<head>",
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'sha256-\(styleHash)='; script-src 'sha256-nAy/zuss+NWDhRYt4m1nNKvs='\">",
            "<meta name=\"referrer\" content=\"no-referrer\">", "<title>Garden</title>", "<style>:root {",
        ]
        for block in 0..<3 {
            let important = block == 2 ? " !important" : ""
            let indent = block == 2 ? "    " : "  "
            lines += (1...8).map { "\(indent)--space-\(block)-\($0): \($0)px\(important);" }
            lines.append("\(indent)--color-accent: \(accent)\(important);")
            lines += (1...8).map { "\(indent)--radius-\(block)-\($0): \($0)px\(important);" }
            lines.append("}")
        }
        lines += ["</style>", "</head>", "<body><p>Hello</p></body>", "</html>"]
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aTokenChangeShowsTheTokenFirstAndOnce() {
        let diff = PageDiff(
            old: Self.page(accent: "#0066d6", styleHash: "5Klpkt+iOncDv1P/MF2j9"),
            new: Self.page(accent: "#0055aa", styleHash: "8qaJhn/wyx0Wx+zoSqOS"),
            oldName: "snap/index.html", newName: "garden/index.html")
        let text = diff.text(maxLines: 80)
        let changed = text.split(separator: "\n").filter { ($0.hasPrefix("-") || $0.hasPrefix("+")) && !$0.hasPrefix("---") && !$0.hasPrefix("+++") }
        #expect(changed == ["-  --color-accent: #0066d6;", "+  --color-accent: #0055aa;"])  // once, the token, - first
        #expect(text.contains("@@ -13,7 +13,7 @@ the same change again at lines 34, 52\n"))
        #expect(text.hasSuffix("~ line 4: only sha256 hashes differ (the Content-Security-Policy follows the inline style and scripts)\n"))
        // The whole diff (kept in the diffs folder) still has every change, and patch order.
        #expect(diff.counts == (added: 4, removed: 4))
        #expect(diff.full.text.contains("-<meta http-equiv=\"Content-Security-Policy\""))
        #expect(diff.full.text.contains("+    --color-accent: #0055aa !important;"))
    }

    @Test func removalsComeBeforeAdditionsAsInDiffU() {
        // Myers's split can put an insertion first when lines move; diff -u never does.
        let old = "a\nb\nc\nd\n", new = "a\nx\nb\ny\nd\n"
        let diff = PageDiff(old: old, new: new, oldName: "x", newName: "y")
        var sawAdd = false
        for line in diff.full.body where !line.hasPrefix("@@") {
            if line.hasPrefix("+") { sawAdd = true }
            if line.hasPrefix("-") { #expect(!sawAdd, "a removal after an addition in \(diff.full.body)") }
            if line.hasPrefix(" ") { sawAdd = false }
        }
        let script = PageDiff.removalsFirst([.insert(new: 0), .delete(old: 0), .insert(new: 1), .same(old: 1, new: 2), .insert(new: 3), .delete(old: 2)])
        #expect(script == [.delete(old: 0), .insert(new: 0), .insert(new: 1), .same(old: 1, new: 2), .delete(old: 2), .insert(new: 3)])
    }

    @Test func aDiffOfHashesOnlyStillSaysWhatChanged() {
        let diff = PageDiff(
            old: "<meta content=\"style-src 'sha256-abc='\">\n", new: "<meta content=\"style-src 'sha256-xyz='\">\n",
            oldName: "old", newName: "new")
        #expect(!diff.isEmpty)
        #expect(
            diff.text(maxLines: 80)
                == "--- old\n+++ new\n~ line 1: only sha256 hashes differ (the Content-Security-Policy follows the inline style and scripts)\n")
    }

    @Test func differentChangesAreAllShown() {
        let old = (1...30).map { "line \($0)" }.joined(separator: "\n") + "\n"
        var lines = (1...30).map { "line \($0)" }
        lines[4] = "changed 5"; lines[24] = "changed 25"
        let diff = PageDiff(old: old, new: lines.joined(separator: "\n") + "\n", oldName: "a", newName: "b")
        #expect(diff.shown == diff.full)
        #expect(diff.text(maxLines: 80) == diff.full.text)
    }
}
