import ChatModel
import ChatPlan

/// Where a conversation branches (a rewound or edited prompt, a regenerated reply): a named
/// group at the fork that says which branch the page shows (the first, the one the person last
/// saw, which goes on below) and holds each other branch folded in a `<details>`, so it is one
/// click or key press away without a script. "Branch 2 of 3", its length and its first words
/// name each; its turns are drawn as the page's, a heading level deeper, with their own ids
/// (`cr-t7`), and a fork inside a branch is drawn inside it the same way.
enum BranchView {
    /// The turns `range` of `messages`: one fork's other branches, whose ``Message/branch``
    /// paths are longer than `depth` (the depth of the branch the fork is in).
    static func render(_ messages: [Message], _ range: Range<Int>, depth: Int, headingLevel: Int, assets: AssetTable, options: RenderOptions) -> HTML {
        let s = options.strings
        // The branches, in order: runs of turns with the same number at this depth.
        var branches: [Range<Int>] = []
        var start = range.lowerBound
        for index in range where index > start && messages[index].branch[depth] != messages[index - 1].branch[depth] {
            branches.append(start..<index)
            start = index
        }
        branches.append(start..<range.upperBound)
        let count = branches.count + 1
        let forkID = "cr-fork-\(range.lowerBound)"
        let level = min(headingLevel, 6)
        // A named group, not a region: a long session forks many times, and landmarks are for
        // the page's few places (axe: landmarks must be unique).
        var html: HTML = "<div class=\"cr-fork\" role=\"group\" id=\"\(forkID)\" aria-labelledby=\"\(forkID)-h\">"
        html.append("<h\(level) class=\"cr-fork-title\" id=\"\(forkID)-h\">\(s[.branchesHere])</h\(level)>")
        html.append("<p class=\"cr-fork-shown\">\(s.text(.branchShown, ["number": s.number(1), "count": s.number(count)]))</p>")
        for (offset, branch) in branches.enumerated() {
            let number = offset + 2
            let name = s.text(.branchOf, ["number": s.number(number), "count": s.number(count)])
            let turns = branch.filter { messages[$0].branch.count == depth + 1 }.count
            var summary: HTML = "<span class=\"cr-branch-name\">\(name)</span> <span class=\"cr-part-meta\">(\(s.counted(.turnCount, turns)))</span>"
            if let first = firstWords(messages, branch) {
                summary.append(" <span class=\"cr-branch-start\" dir=\"auto\">\(first)</span>")
            }
            html.append(
                "<details class=\"cr-branch\" id=\"\(forkID)-b\(number)\"><summary>\(summary)</summary><div class=\"cr-branch-turns\" role=\"group\" aria-label=\"\(name)\">"
            )
            html.append(turnsOf(messages, branch, depth: depth + 1, headingLevel: headingLevel + 1, assets: assets, options: options))
            html.append("</div></details>")
        }
        html.append("</div>\n")
        return html
    }

    /// The turns of one branch (paths of `depth` numbers), with the forks inside it.
    private static func turnsOf(_ messages: [Message], _ range: Range<Int>, depth: Int, headingLevel: Int, assets: AssetTable, options: RenderOptions) -> HTML {
        var html = HTML()
        var index = range.lowerBound
        while index < range.upperBound {
            if messages[index].branch.count == depth {
                html.append(TurnView.render(messages[index], index: index, assets: assets, options: options, headingLevel: headingLevel))
                index += 1
                continue
            }
            var end = index + 1
            while end < range.upperBound && messages[end].branch.count > depth { end += 1 }
            html.append(render(messages, index..<end, depth: depth, headingLevel: headingLevel, assets: assets, options: options))
            index = end
        }
        return html
    }

    /// The first words of a branch: its first prompt's, else its first turn's, on one line.
    static func firstWords(_ messages: [Message], _ range: Range<Int>) -> String? {
        let own = range.filter { !messages[$0].branch.isEmpty }
        let pick = own.first { messages[$0].role == .user && !text(messages[$0]).isEmpty } ?? own.first { !text(messages[$0]).isEmpty }
        guard let pick else { return nil }
        let line = text(messages[pick]).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let words = line.trimmingASCIIWhitespace()
        guard words.count > 80 else { return words }
        return String(words.prefix(79)) + "…"
    }

    private static func text(_ message: Message) -> String {
        if !message.text.isEmpty { return message.text }
        for case .text(let text) in message.parts where !text.isEmpty { return text }
        return ""
    }
}
