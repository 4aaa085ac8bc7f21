import Foundation
import ChatModel

/// How a rendered page differs from its snapshot, in two forms: the whole `diff -u` (kept in the
/// diffs folder; `patch` applies it) and the one `check` prints, which shows the real change first:
///
/// - lines that differ only in `sha256-…` hashes (the Content-Security-Policy, which follows the
///   inline style and scripts and so changes with any of them) are folded into one note after
///   the diff, instead of being the first hunk of every diff;
/// - a change repeated elsewhere in the page (the same lines removed and added, ignoring
///   indentation and `!important`, as one design token appears in the light, the forced-light
///   and the print rules) is shown once, its hunk header naming the lines it repeats at;
/// - in both, within a change the removed lines come before the added ones, as in `diff -u`.
package struct PageDiff: Sendable, Equatable {
    /// Every change: what `index.html.diff` holds.
    package var full: UnifiedDiff
    /// The changes worth reading first: what `check` prints.
    package var shown: UnifiedDiff
    /// New-page line numbers of lines that differ only in hashes (folded out of ``shown``).
    package var hashOnlyLines: [Int]

    /// Whether the pages are equal.
    package var isEmpty: Bool { full.isEmpty }
    /// Lines added and removed in the whole diff.
    package var counts: (added: Int, removed: Int) { full.counts }

    package static func == (l: PageDiff, r: PageDiff) -> Bool {
        l.full == r.full && l.shown == r.shown && l.hashOnlyLines == r.hashOnlyLines
    }

    /// Compares two pages; the names head the diff (`---`, `+++`).
    package init(old: String, new: String, oldName: String, newName: String, context: Int = 3) {
        let a = LineDiff.lines(old), b = LineDiff.lines(new)
        let script = PageDiff.removalsFirst(LineDiff.edits(a, b))
        full = PageDiff.unifiedDiff(LineDiff.hunks(script, a, b, context: context), oldName: oldName, newName: newName)

        // The changes: runs of edits that are not `same`.
        struct Change { var range: Range<Int>; var removed: [Substring]; var added: [Substring]; var newLine: Int }
        var changes: [Change] = []
        var index = 0, newLine = 0
        while index < script.count {
            if case .same = script[index] { index += 1; newLine += 1; continue }
            var change = Change(range: index..<index, removed: [], added: [], newLine: newLine + 1)
            while index < script.count {
                if case .delete(let o) = script[index] {
                    change.removed.append(a[o])
                } else if case .insert(let n) = script[index] {
                    change.added.append(b[n]); newLine += 1
                } else {
                    break
                }
                index += 1
            }
            change.range = change.range.lowerBound..<index
            changes.append(change)
        }

        var hidden = Set<Int>()  // indices into `changes`
        var hashOnly: [Int] = []
        var firstOfKind: [[String]: Int] = [:]
        var repeats: [Int: [Int]] = [:]
        for (number, change) in changes.enumerated() {
            if change.removed.count == change.added.count,
                zip(change.removed, change.added).allSatisfy({ $0 != $1 && PageDiff.withoutHashes($0) == PageDiff.withoutHashes($1) })
            {
                hidden.insert(number)
                hashOnly += (0..<change.added.count).map { change.newLine + $0 }
                continue
            }
            let key = change.removed.map { "-" + PageDiff.normalized($0) } + change.added.map { "+" + PageDiff.normalized($0) }
            if let first = firstOfKind[key] {
                hidden.insert(number)
                repeats[first, default: []].append(change.newLine)
            } else {
                firstOfKind[key] = number
            }
        }
        hashOnlyLines = hashOnly

        // The shown diff: hidden changes become context (they are still in `full`), so hunks form
        // only around the others; a hidden change that falls inside a shown hunk is printed there.
        var shownScript = script
        var shownAt: [Int: Int] = [:]  // script index of a shown change's first edit → its number
        for (number, change) in changes.enumerated() {
            if hidden.contains(number) { continue }
            shownAt[change.range.lowerBound] = number
        }
        var body: [String] = []
        if !shownAt.isEmpty {
            // Mark hidden edits as same so `hunks` groups only around shown ones, then restore the
            // real lines: build from the real script, but choose hunks from the shown changes.
            for (number, change) in changes.enumerated() where hidden.contains(number) {
                for position in change.range { shownScript[position] = .same(old: -1, new: -1) }
            }
            body = PageDiff.hunks(
                real: script, choosing: shownScript, a, b, context: context,
                annotate: { start in
                    guard let number = shownAt[start], let lines = repeats[number], !lines.isEmpty else { return nil }
                    return "the same change again at line\(lines.count == 1 ? "" : "s") \(lines.map(String.init).joined(separator: ", "))"
                })
        }
        shown = PageDiff.unifiedDiff(body, oldName: oldName, newName: newName)
    }

    /// The printed diff, at most `maxLines` lines of hunks, then the note on folded hash lines.
    package func text(maxLines: Int) -> String {
        var out = shown.text(maxLines: maxLines)
        if out.isEmpty && !full.isEmpty { out = "--- \(full.oldName)\n+++ \(full.newName)\n" }
        if !hashOnlyLines.isEmpty {
            let lines = hashOnlyLines.map(String.init).joined(separator: ", ")
            out +=
                "~ line\(hashOnlyLines.count == 1 ? "" : "s") \(lines): only sha256 hashes differ "
                + "(the Content-Security-Policy follows the inline style and scripts)\n"
        }
        return out
    }

    /// A `UnifiedDiff` with the given hunks (its memberwise initialiser is internal to ChatModel).
    static func unifiedDiff(_ body: [String], oldName: String, newName: String) -> UnifiedDiff {
        var diff = LineDiff.unified(old: "", new: "", oldName: oldName, newName: newName)
        diff.body = body
        return diff
    }

    /// Within each run of changes, removals before additions (`diff -u` order), each kept in order.
    static func removalsFirst(_ script: [LineDiff.Edit]) -> [LineDiff.Edit] {
        var result: [LineDiff.Edit] = []
        result.reserveCapacity(script.count)
        var removed: [LineDiff.Edit] = [], added: [LineDiff.Edit] = []
        func flush() { result += removed; result += added; removed.removeAll(); added.removeAll() }
        for edit in script {
            switch edit {
            case .same: flush(); result.append(edit)
            case .delete: removed.append(edit)
            case .insert: added.append(edit)
            }
        }
        flush()
        return result
    }

    /// A line with each `sha256-…` hash replaced by a placeholder.
    static func withoutHashes(_ line: Substring) -> String {
        var out = ""
        var rest = line[...]
        while let found = rest.range(of: "sha256-") {
            out += rest[..<found.upperBound]
            var after = found.upperBound
            while after < rest.endIndex, rest[after].isASCII, rest[after].isLetter || rest[after].isNumber || "+/=_-".contains(rest[after]) {
                after = rest.index(after: after)
            }
            out += "…"
            rest = rest[after...]
        }
        return out + rest
    }

    /// A line as compared for repeats: without indentation, line break and `!important`.
    static func normalized(_ line: Substring) -> String {
        var text = line.trimmingCharacters(in: .whitespacesAndNewlines)
        while let important = text.range(of: " !important") { text.removeSubrange(important) }
        return text
    }

    /// Hunks over the real edit script, grouped around the changes `choosing` still has (the same
    /// script with hidden changes turned into `same`), each header followed by `annotate`'s text
    /// for the script index of the hunk's first shown change.
    static func hunks(
        real: [LineDiff.Edit], choosing: [LineDiff.Edit], _ a: [Substring], _ b: [Substring], context: Int,
        annotate: (Int) -> String?
    ) -> [String] {
        let changes = choosing.indices.filter {
            if case .same = choosing[$0] { return false }; return true
        }
        var output: [String] = []
        var groupStart = 0
        while groupStart < changes.count {
            var groupEnd = groupStart
            while groupEnd + 1 < changes.count && changes[groupEnd + 1] - changes[groupEnd] <= 2 * context + 1 { groupEnd += 1 }
            let from = max(0, changes[groupStart] - context)
            let to = min(real.count, changes[groupEnd] + context + 1)
            let part = Array(real[from..<to])
            var oldStart = 0, newStart = 0
            for edit in real[..<from] {
                switch edit {
                case .same: oldStart += 1; newStart += 1
                case .delete: oldStart += 1
                case .insert: newStart += 1
                }
            }
            // `LineDiff.hunks` over just this stretch, with its line numbers moved to where it sits.
            let local = part.map { edit -> LineDiff.Edit in
                switch edit {
                case .same(let o, let n): .same(old: o, new: n)
                case .delete(let o): .delete(old: o)
                case .insert(let n): .insert(new: n)
                }
            }
            var lines = LineDiff.hunks(local, a, b, context: to - from)
            if !lines.isEmpty {
                lines[0] = header(oldStart: oldStart, newStart: newStart, part)
                // Marks of the shown changes in this hunk: the first one's repeats are named.
                var notes: [String] = []
                for position in changes[groupStart...groupEnd] {
                    let isStart =
                        position == 0
                        || {
                            if case .same = choosing[position - 1] { return true }; return false
                        }()
                    if isStart, let note = annotate(position) { notes.append(note) }
                }
                if !notes.isEmpty { lines[0] += " " + notes.joined(separator: "; ") }
            }
            output += lines
            groupStart = groupEnd + 1
        }
        return output
    }

    /// `@@ -18,7 +18,7 @@` for a stretch of edits starting at the given 0-based lines.
    private static func header(oldStart: Int, newStart: Int, _ part: [LineDiff.Edit]) -> String {
        var oldCount = 0, newCount = 0
        for edit in part {
            switch edit {
            case .same: oldCount += 1; newCount += 1
            case .delete: oldCount += 1
            case .insert: newCount += 1
            }
        }
        func range(_ start: Int, _ count: Int) -> String {
            switch count {
            case 0: "\(start),0"
            case 1: "\(start + 1)"
            default: "\(start + 1),\(count)"
            }
        }
        return "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@"
    }
}
