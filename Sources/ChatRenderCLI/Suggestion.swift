/// "Did you mean …?" for a mistyped command or option: the known name closest by edit distance
/// (insertions, deletions, substitutions and swaps of two neighbouring letters), offered only when
/// it is close, so a wild guess is not dressed up as help.
enum Suggestion {
    /// The closest of `candidates` to `typed`, or nil when none is close enough. Leading dashes
    /// are not counted: `--qiet` is one letter away from `--quiet`.
    static func closest(to typed: String, among candidates: [String]) -> String? {
        let word = Array(typed.drop(while: { $0 == "-" }).lowercased())
        guard !word.isEmpty else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let other = Array(candidate.drop(while: { $0 == "-" }).lowercased())
            let distance = editDistance(word, other)
            // One edit in a short name, up to three in a long one: "rendr" → render, "bogus" → nothing.
            let allowed = max(1, min(3, max(word.count, other.count) / 3))
            guard distance <= allowed, distance < other.count else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Optimal string alignment distance: Levenshtein plus adjacent transpositions (`tehme`).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
