/// A line diff (Myers's O(ND) algorithm in linear space) and its unified-diff text: how a
/// rendered page differs from its snapshot (`check`), and how a file changed in a turn's diff part.
package enum LineDiff {
    /// One step of an edit script, with 0-based line indices into the old and new texts.
    package enum Edit: Equatable, Sendable {
        case same(old: Int, new: Int)
        case delete(old: Int)
        case insert(new: Int)
    }

    /// The lines of a text, each with its line break (the last may have none), so a missing final
    /// newline shows as a change, as in `diff -u`.
    package static func lines(_ text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        var index = start
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "\n" {
                result.append(text[start..<next])
                start = next
            }
            index = next
        }
        if start < text.endIndex { result.append(text[start...]) }
        return result
    }

    /// A shortest edit script turning `old` into `new`. Past `budget` comparison steps the rest
    /// is given as a plain replacement, so a huge change stays fast; the result depends only on
    /// the input, never on the machine.
    package static func edits<T: Hashable>(_ old: [T], _ new: [T], budget: Int = 50_000_000) -> [Edit] {
        // Compare small integers, not strings.
        var ids: [T: Int] = [:]
        func id(_ value: T) -> Int {
            if let known = ids[value] { return known }
            ids[value] = ids.count
            return ids.count - 1
        }
        var differ = Differ(a: old.map(id), b: new.map(id), budget: budget)
        differ.compare(0, old.count, 0, new.count)
        return differ.edits
    }

    /// `diff -u` text for two texts: `---`/`+++` headers, `@@` hunks with `context` lines around
    /// each change. Empty when the texts are equal.
    package static func unified(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> UnifiedDiff {
        let a = lines(old), b = lines(new)
        let script = edits(a, b)
        return UnifiedDiff(body: hunks(script, a, b, context: context), oldName: oldName, newName: newName)
    }

    /// Groups an edit script into hunks: changes closer than twice the context share one.
    package static func hunks(_ script: [Edit], _ a: [Substring], _ b: [Substring], context: Int) -> [String] {
        let changes = script.indices.filter {
            if case .same = script[$0] { return false }; return true
        }
        guard !changes.isEmpty else { return [] }
        var output: [String] = []
        var groupStart = 0
        while groupStart < changes.count {
            var groupEnd = groupStart
            while groupEnd + 1 < changes.count && changes[groupEnd + 1] - changes[groupEnd] <= 2 * context + 1 {
                groupEnd += 1
            }
            let from = max(0, changes[groupStart] - context)
            let to = min(script.count, changes[groupEnd] + context + 1)
            // Where the hunk starts in each file: the first old/new line at or after `from`.
            var oldStart = 0, newStart = 0
            for edit in script[..<from] {
                switch edit {
                case .same: oldStart += 1; newStart += 1
                case .delete: oldStart += 1
                case .insert: newStart += 1
                }
            }
            var body: [String] = []
            var oldCount = 0, newCount = 0
            func line(_ prefix: String, _ text: Substring) {
                if text.hasSuffix("\n") {
                    body.append(prefix + text.dropLast())
                } else {
                    body.append(prefix + text)
                    body.append("\\ No newline at end of file")
                }
            }
            for edit in script[from..<to] {
                switch edit {
                case .same(let o, _): line(" ", a[o]); oldCount += 1; newCount += 1
                case .delete(let o): line("-", a[o]); oldCount += 1
                case .insert(let n): line("+", b[n]); newCount += 1
                }
            }
            output.append("@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@")
            output += body
            groupStart = groupEnd + 1
        }
        return output
    }

    /// `diff -u`'s range: 1-based start, count omitted when 1, and an empty range names the line before it.
    private static func range(_ start: Int, _ count: Int) -> String {
        switch count {
        case 0: return "\(start),0"
        case 1: return "\(start + 1)"
        default: return "\(start + 1),\(count)"
        }
    }

    /// Myers's divide-and-conquer diff on integer ids (the structure follows diff-match-patch's
    /// `bisect`): find where the forward and backward searches meet, split there, recurse.
    private struct Differ {
        let a: [Int]
        let b: [Int]
        var budget: Int
        var edits: [Edit] = []

        init(a: [Int], b: [Int], budget: Int) {
            self.a = a
            self.b = b
            self.budget = budget
            edits.reserveCapacity(max(a.count, b.count))
        }

        mutating func compare(_ aLo: Int, _ aHi: Int, _ bLo: Int, _ bHi: Int) {
            var aLo = aLo, bLo = bLo, aHi = aHi, bHi = bHi
            while aLo < aHi && bLo < bHi && a[aLo] == b[bLo] {
                edits.append(.same(old: aLo, new: bLo))
                aLo += 1; bLo += 1
            }
            var suffix = 0
            while aLo < aHi && bLo < bHi && a[aHi - 1] == b[bHi - 1] {
                aHi -= 1; bHi -= 1; suffix += 1
            }
            if aLo == aHi {
                for n in bLo..<bHi { edits.append(.insert(new: n)) }
            } else if bLo == bHi {
                for o in aLo..<aHi { edits.append(.delete(old: o)) }
            } else if let (x, y) = bisect(aLo, aHi, bLo, bHi) {
                compare(aLo, x, bLo, y)
                compare(x, aHi, y, bHi)
            } else {
                for o in aLo..<aHi { edits.append(.delete(old: o)) }
                for n in bLo..<bHi { edits.append(.insert(new: n)) }
            }
            for i in 0..<suffix { edits.append(.same(old: aHi + i, new: bHi + i)) }
        }

        /// The split point of a shortest edit path, or nil past the budget.
        private mutating func bisect(_ aLo: Int, _ aHi: Int, _ bLo: Int, _ bHi: Int) -> (Int, Int)? {
            let n = aHi - aLo, m = bHi - bLo
            let maxD = (n + m + 1) / 2
            let offset = maxD
            let length = 2 * maxD + 2
            var v1 = [Int](repeating: -1, count: length)
            var v2 = [Int](repeating: -1, count: length)
            v1[offset + 1] = 0
            v2[offset + 1] = 0
            let delta = n - m
            let front = delta % 2 != 0
            var k1start = 0, k1end = 0, k2start = 0, k2end = 0
            for d in 0..<maxD {
                if budget <= 0 { return nil }
                var k1 = -d + k1start
                while k1 <= d - k1end {
                    let k1Offset = offset + k1
                    var x1 = (k1 == -d || (k1 != d && v1[k1Offset - 1] < v1[k1Offset + 1])) ? v1[k1Offset + 1] : v1[k1Offset - 1] + 1
                    var y1 = x1 - k1
                    while x1 < n && y1 < m && a[aLo + x1] == b[bLo + y1] { x1 += 1; y1 += 1; budget -= 1 }
                    budget -= 1
                    v1[k1Offset] = x1
                    if x1 > n {
                        k1end += 2
                    } else if y1 > m {
                        k1start += 2
                    } else if front {
                        let k2Offset = offset + delta - k1
                        if k2Offset >= 0 && k2Offset < length && v2[k2Offset] != -1 && x1 >= n - v2[k2Offset] {
                            return (aLo + x1, bLo + y1)
                        }
                    }
                    k1 += 2
                }
                var k2 = -d + k2start
                while k2 <= d - k2end {
                    let k2Offset = offset + k2
                    var x2 = (k2 == -d || (k2 != d && v2[k2Offset - 1] < v2[k2Offset + 1])) ? v2[k2Offset + 1] : v2[k2Offset - 1] + 1
                    var y2 = x2 - k2
                    while x2 < n && y2 < m && a[aHi - x2 - 1] == b[bHi - y2 - 1] { x2 += 1; y2 += 1; budget -= 1 }
                    budget -= 1
                    v2[k2Offset] = x2
                    if x2 > n {
                        k2end += 2
                    } else if y2 > m {
                        k2start += 2
                    } else if !front {
                        let k1Offset = offset + delta - k2
                        if k1Offset >= 0 && k1Offset < length && v1[k1Offset] != -1 {
                            let x1 = v1[k1Offset]
                            let y1 = offset + x1 - k1Offset
                            if x1 >= n - x2 { return (aLo + x1, bLo + y1) }
                        }
                    }
                    k2 += 2
                }
            }
            return nil
        }
    }
}

/// A unified diff, ready to print whole or cut short.
package struct UnifiedDiff: Sendable, Equatable {
    /// Hunk headers and lines, without line breaks.
    package var body: [String]
    package var oldName: String
    package var newName: String

    /// Whether the two texts were equal.
    package var isEmpty: Bool { body.isEmpty }

    /// The whole diff, headers first, ending with a line break (empty when equal).
    package var text: String { text(maxLines: .max) }

    /// The diff with at most `maxLines` lines after the headers, then "… N more lines".
    package func text(maxLines: Int) -> String {
        guard !body.isEmpty else { return "" }
        var out = "--- \(oldName)\n+++ \(newName)\n"
        for line in body.prefix(maxLines) { out += line + "\n" }
        if body.count > maxLines {
            let more = body.count - maxLines
            out += "… \(more) more line\(more == 1 ? "" : "s")\n"
        }
        return out
    }

    /// Lines added and removed (not counting context).
    package var counts: (added: Int, removed: Int) {
        var added = 0, removed = 0
        for line in body {
            if line.hasPrefix("+") { added += 1 } else if line.hasPrefix("-") { removed += 1 }
        }
        return (added, removed)
    }
}
