import Testing
@testable import ChatModel
@testable import ChatRenderHTML

/// Reading unified diffs and diffing old and new text for a turn's diff part.
@Suite struct DiffTextTests {
    @Test func readsFilesHunksAndNumbers() {
        let diff = DiffText(
            unified: """
                diff --git a/x.py b/x.py
                index 1234567..89abcde 100644
                --- a/x.py
                +++ b/x.py
                @@ -10,3 +10,4 @@ def f():
                 a
                -b
                +B
                +C
                 c
                \\ No newline at end of file
                diff --git a/new.txt b/new.txt
                new file mode 100644
                --- /dev/null
                +++ b/new.txt
                @@ -0,0 +1 @@
                +hello
                """)
        #expect(diff.files.count == 2)
        #expect(diff.files[0].name == "x.py")
        #expect(diff.files[0].header == ["diff --git a/x.py b/x.py", "index 1234567..89abcde 100644"])
        #expect(
            diff.files[0].lines == [
                .hunk("@@ -10,3 +10,4 @@ def f():"),
                .context(old: 10, new: 10, text: "a"), .removed(old: 11, text: "b"), .added(new: 11, text: "B"),
                .added(new: 12, text: "C"), .context(old: 12, new: 13, text: "c"), .note("\\ No newline at end of file"),
            ])
        #expect(diff.files[1].name == "new.txt")
        #expect(diff.files[1].lines == [.hunk("@@ -0,0 +1 @@"), .added(new: 1, text: "hello")])
        #expect((diff.added, diff.removed) == (3, 1))
    }

    @Test func toleratesLinesThatDoNotFitAndDropsNothing() {
        let diff = DiffText(unified: "@@ -1,1 +1,1 @@\n-a\n+b\nstray words\n--- lonely")
        #expect(diff.files.flatMap(\.lines).contains(.note("stray words")))
        #expect(DiffText(unified: "").files.isEmpty)
        #expect(DiffText(unified: "@@ -x +y @@\n+a").files[0].lines == [.note("@@ -x +y @@"), .note("+a")])
        // A removed line that looks like a file header is still a removed line inside a hunk.
        #expect(DiffText(unified: "@@ -1,2 +1 @@\n--- a\n a").files[0].lines[1] == .removed(old: 1, text: "-- a"))
    }

    @Test func computesALineDiffOfOldAndNewText() {
        let diff = DiffText(old: "one\ntwo\nthree\n", new: "one\n2\nthree\nfour\n", name: "n.txt")
        #expect(diff.files.count == 1)
        #expect(diff.files[0].name == "n.txt")
        #expect((diff.added, diff.removed) == (2, 1))
        #expect(diff.files[0].lines.contains(.removed(old: 2, text: "two")))
        #expect(diff.files[0].lines.contains(.added(new: 4, text: "four")))
        #expect(DiffText(old: "same\n", new: "same\n", name: nil).added == 0)
    }

    @Test func aHugeChangeStaysBoundedAndShowsBothWhole() {
        let old = (0..<20_000).map { "old \($0)\n" }.joined()
        let new = (0..<20_000).map { "new \($0 * 7 % 20_000)\n" }.joined()
        let diff = DiffText(old: old, new: new, name: "big", budget: 100_000)
        #expect(diff.removed == 20_000)
        #expect(diff.added == 20_000)
    }
}
