import ChatModel
import ChatSupport

/// A ChatGPT conversation's `mapping` as a tree, for the branches the visible thread does not
/// show: an edited question's earlier wording and what followed it, a regenerated reply's
/// earlier replies. Each node off the visible thread is read in a branch that runs from where
/// it parts to the newest message under it (by `create_time`); a branch's own forks are
/// branches again, so every message of the tree is in exactly one.
struct ChatGPTBranches {
    private let mapping: JSONNode
    private let versions: ChatGPTVersions
    /// The nodes by parent, with their order in time, for ``ConversationBranches``.
    private(set) var tree = ConversationBranches()
    /// Whether some node has more than one child: when none has, there are no branches.
    let hasBranches: Bool
    private var rank: [String: Int] = [:]
    /// The newest node under each node, itself included.
    private var newest: [String: String] = [:]

    init(mapping: JSONNode, versions: ChatGPTVersions) {
        self.mapping = mapping
        self.versions = versions
        hasBranches = versions.forks
        guard hasBranches, case .object(let members) = mapping.value else { return }
        // In time: by the message's create_time, a node without one (the empty root) where the
        // mapping lists it among those before it.
        var time: [Double] = []
        var last = -Double.infinity
        for member in members {
            if case .number(let seconds, _)? = member.node["message"]?["create_time"]?.value, seconds.isFinite { last = max(last, seconds) }
            time.append(last)
        }
        let order = members.indices.sorted { time[$0] != time[$1] ? time[$0] < time[$1] : $0 < $1 }
        for (place, index) in order.enumerated() { rank[members[index].key] = place }
        for member in members {
            tree.add(member.key, parent: ImportSource.string(member.node["parent"]), rank: rank[member.key] ?? 0)
        }
        // The newest node under each, children before parents (no recursion: a long chat is
        // thousands of nodes deep).
        var done: [String: Bool] = [:]
        for member in members where done[member.key] == nil {
            var stack: [(node: String, expanded: Bool)] = [(member.key, false)]
            while let (node, expanded) = stack.popLast() {
                if expanded {
                    var best = node
                    for child in versions.children(of: node) where done[child] == true {
                        if let under = newest[child], rank[under, default: 0] > rank[best, default: 0] { best = under }
                    }
                    newest[node] = best
                    done[node] = true
                    continue
                }
                guard done[node] == nil else { continue }
                done[node] = false
                stack.append((node, true))
                for child in versions.children(of: node) where done[child] == nil && rank[child] != nil { stack.append((child, false)) }
            }
        }
    }

    /// Every branch off `shown` (the visible thread, root first) and off those branches, each as
    /// its nodes in order: those parting from the same node in the order of its `children`.
    func branches(off shown: [String]) -> [[(id: String, node: JSONNode)]] {
        var chains: [[String]] = [shown]
        var seen = Set(shown)
        var branches: [[(id: String, node: JSONNode)]] = []
        var next = 0
        while next < chains.count {
            let chain = chains[next]
            next += 1
            for (place, node) in chain.enumerated() {
                let onward = place + 1 < chain.count ? chain[place + 1] : nil
                for child in versions.children(of: node) where child != onward && !seen.contains(child) && rank[child] != nil {
                    var path = [child]
                    seen.insert(child)
                    var current = child
                    while let step = versions.children(of: current).filter({ rank[$0] != nil && !seen.contains($0) })
                        .max(by: { rank[newest[$0] ?? $0, default: 0] < rank[newest[$1] ?? $1, default: 0] })
                    {
                        path.append(step)
                        seen.insert(step)
                        current = step
                    }
                    chains.append(path)
                    branches.append(path.compactMap { id in mapping[id].map { (id, $0) } })
                }
            }
        }
        return branches
    }
}
