import Foundation
import Testing
@testable import ChatModel
import TestSupport

@Suite struct LineDiffTests {
    @Test func unifiedDiffMatchesDiffU() {
        let old = (1...20).map { "line \($0)\n" }.joined()
        var lines = (1...20).map { "line \($0)\n" }
        lines[2] = "line three\n"  // a change near the top
        lines.insert("inserted\n", at: 10)  // an insertion in the middle, its own hunk
        lines.remove(at: 19)  // a deletion 7 lines later: more than 2 × 3 apart, so apart
        // Byte for byte what `diff -u` prints for these two files.
        let new = lines.joined()
        let diff = LineDiff.unified(old: old, new: new, oldName: "a/page.html", newName: "b/page.html")
        #expect(
            diff.text == """
                --- a/page.html
                +++ b/page.html
                @@ -1,6 +1,6 @@
                 line 1
                 line 2
                -line 3
                +line three
                 line 4
                 line 5
                 line 6
                @@ -8,6 +8,7 @@
                 line 8
                 line 9
                 line 10
                +inserted
                 line 11
                 line 12
                 line 13
                @@ -16,5 +17,4 @@
                 line 16
                 line 17
                 line 18
                -line 19
                 line 20

                """)
        #expect(diff.counts.added == 2 && diff.counts.removed == 2)
    }

    @Test func edgesOfTheFile() {
        #expect(LineDiff.unified(old: "a\nb\n", new: "a\nb\n", oldName: "x", newName: "y").isEmpty)
        #expect(LineDiff.unified(old: "", new: "a\n", oldName: "x", newName: "y").text == "--- x\n+++ y\n@@ -0,0 +1 @@\n+a\n")
        #expect(LineDiff.unified(old: "a\n", new: "", oldName: "x", newName: "y").text == "--- x\n+++ y\n@@ -1 +0,0 @@\n-a\n")
        // A lost final newline is a change, shown as diff -u shows it.
        #expect(
            LineDiff.unified(old: "a\nb\n", new: "a\nb", oldName: "x", newName: "y").text == """
                --- x
                +++ y
                @@ -1,2 +1,2 @@
                 a
                -b
                +b
                \\ No newline at end of file

                """)
    }

    @Test func longDiffsAreCutWithACount() {
        let old = (0..<100).map { "old \($0)\n" }.joined()
        let new = (0..<100).map { "new \($0)\n" }.joined()
        let diff = LineDiff.unified(old: old, new: new, oldName: "x", newName: "y")
        let text = diff.text(maxLines: 5)
        #expect(text == "--- x\n+++ y\n@@ -1,100 +1,100 @@\n-old 0\n-old 1\n-old 2\n-old 3\n… 196 more lines\n")
        #expect(diff.body.count == 201)
    }

    /// The edit script is always valid and as short as the longest common subsequence allows.
    @Test func shortestScriptOnRandomInputs() {
        var generator = SplitMix(seed: 42)
        for _ in 0..<300 {
            let a = (0..<Int.random(in: 0...30, using: &generator)).map { _ in Int.random(in: 0...4, using: &generator) }
            let b = (0..<Int.random(in: 0...30, using: &generator)).map { _ in Int.random(in: 0...4, using: &generator) }
            let script = LineDiff.edits(a, b)
            var rebuilt: [Int] = [], nextOld = 0, nextNew = 0
            for edit in script {
                switch edit {
                case .same(let o, let n):
                    #expect(o == nextOld && n == nextNew && a[o] == b[n])
                    rebuilt.append(b[n]); nextOld += 1; nextNew += 1
                case .delete(let o): #expect(o == nextOld); nextOld += 1
                case .insert(let n): #expect(n == nextNew); rebuilt.append(b[n]); nextNew += 1
                }
            }
            #expect(rebuilt == b && nextOld == a.count)
            let same = script.filter {
                if case .same = $0 { return true }; return false
            }.count
            #expect(same == lcsLength(a, b), "not a shortest script for \(a) → \(b)")
        }
    }

    @Test func aHugeChangeStaysFastAndValid() {
        let a = (0..<20_000).map { "a\($0)" }, b = (0..<20_000).map { "b\($0 % 7)" }
        let script = LineDiff.edits(a, b, budget: 100_000)
        #expect(script.count == 40_000)  // past the budget: a plain replacement
    }

    func lcsLength(_ a: [Int], _ b: [Int]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }
}
