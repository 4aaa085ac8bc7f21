import ChatModel

/// Puts the turns of a conversation kept as a tree (a Claude Code session whose person rewound
/// or edited a prompt, a ChatGPT conversation with a regenerated reply) in the order the page
/// shows them: the path to `leaf` (the branch the person last saw) in full, and every other
/// branch right where it parts from that path, before the path's continuation, its turns marked
/// with ``ImportedTurn/branch``. Nothing is left out: a turn off the path that cannot be placed
/// (its parent is not in the tree, or the parent links loop) keeps its place, as before.
///
/// A branch holds its own forks the same way: inside it, the path to its newest node is shown,
/// and the others are its branches (`[2, 3]`).
package struct ConversationBranches {
    /// A turn and the node of the tree that began it (nil: none, never moved).
    package struct Item {
        package var turn: ImportedTurn
        package var node: String?

        package init(turn: ImportedTurn, node: String?) {
            self.turn = turn
            self.node = node
        }
    }

    /// Each node's parent; nil for a root, which hangs from the start of the conversation.
    private var parents: [String: String?] = [:]
    /// Each node's place in time (a log's line number, a message's order by date): the newest
    /// node of a branch ends the path shown inside it.
    private var rank: [String: Int] = [:]
    /// The nodes in the order added.
    private var nodes: [String] = []

    /// The start of the conversation, the parent of every root.
    private static let start = "\u{0}start"

    package init() {}

    /// Adds a node; a node added again keeps its first parent (a line written twice).
    package mutating func add(_ node: String, parent: String?, rank: Int) {
        guard parents[node] == nil else { return }
        parents[node] = .some(parent)
        self.rank[node] = rank
        nodes.append(node)
    }

    package var isEmpty: Bool { nodes.isEmpty }

    /// The turns in the page's order. `isBranch` says whether the turns off the path that part
    /// from it at one node are a branch of their own (a Claude Code log's parallel tool results
    /// also leave the path, with no prompt: those stay where they are).
    package func arrange(_ items: [Item], leaf: String?, isBranch: ([ImportedTurn]) -> Bool) -> [ImportedTurn] {
        guard let leaf, parents[leaf] != nil, items.contains(where: { $0.node != nil }) else { return items.map(\.turn) }
        return arrange(items, scope: nodes, leaf: leaf, isBranch: isBranch)
    }

    private func parent(of node: String) -> String?? {
        guard let known = parents[node] else { return nil }  // not in the tree
        return .some(known ?? Self.start)
    }

    private func arrange(_ items: [Item], scope: [String], leaf: String, isBranch: ([ImportedTurn]) -> Bool) -> [ImportedTurn] {
        // The path: the leaf and its parents, up to the start (or to a parent not in the tree).
        var depth: [String: Int] = [:]
        var chain: [String] = []
        var node: String? = leaf
        while let current = node, depth[current] == nil {
            depth[current] = 0
            chain.append(current)
            node = current == Self.start ? nil : (parent(of: current) ?? nil)
        }
        for (index, current) in chain.reversed().enumerated() { depth[current] = index }

        // Every other node of the scope: the node of the path it parts from, and the first node
        // of its branch (nil: it does not reach the path).
        var place: [String: (fork: String, root: String)?] = [:]
        func find(_ start: String) -> (fork: String, root: String)? {
            var walked: [String] = []
            var current = start
            var found: (fork: String, root: String)?? = nil
            while true {
                if let known = place[current] { found = known; break }
                guard let up = parent(of: current), let above = up else { found = .some(nil); break }
                walked.append(current)
                if depth[above] != nil { found = .some((above, current)); break }
                if walked.count > parents.count { found = .some(nil); break }  // the links loop
                current = above
            }
            let result = found ?? nil
            for node in walked { place[node] = .some(result) }
            return result
        }
        var newest: [String: String] = [:]
        var members: [String: [String]] = [:]
        for node in scope where depth[node] == nil {
            guard let (_, root) = find(node) else { continue }
            members[root, default: []].append(node)
            if let best = newest[root], (rank[best] ?? 0) >= (rank[node] ?? 0) { continue }
            newest[root] = node
        }

        // The turns off the path, by the branch they are in.
        var roots: [String] = []
        var grouped: [String: (fork: String, items: [Item], offsets: [Int])] = [:]
        var kept: [(offset: Int, item: Item)] = []
        for (offset, item) in items.enumerated() {
            guard let node = item.node, depth[node] == nil, let (fork, root) = find(node) else {
                kept.append((offset, item))
                continue
            }
            if grouped[root] == nil { roots.append(root); grouped[root] = (fork, [], []) }
            grouped[root]!.items.append(item)
            grouped[root]!.offsets.append(offset)
        }
        var branches: [(fork: String, root: String)] = []
        for root in roots {
            let group = grouped[root]!
            if isBranch(group.items.map(\.turn)) {
                branches.append((group.fork, root))
            } else {
                // Not a branch: its turns keep their places among the path's.
                kept += zip(group.offsets, group.items).map { ($0, $1) }
            }
        }
        guard !branches.isEmpty else { return items.map(\.turn) }
        let main = kept.sorted { $0.offset < $1.offset }.map(\.item)

        // Each fork's branches go before the first turn of the path that comes after the fork.
        var forks: [String] = []
        var byFork: [String: [String]] = [:]
        for (fork, root) in branches {
            if byFork[fork] == nil { forks.append(fork) }
            byFork[fork, default: []].append(root)
        }
        forks.sort { depth[$0]! < depth[$1]! }
        var before: [Int: [String]] = [:]
        for fork in forks {
            let forkDepth = depth[fork]!
            let at = main.firstIndex { item in item.node.flatMap { depth[$0] }.map { $0 > forkDepth } ?? false } ?? main.count
            before[at, default: []].append(fork)
        }
        var turns: [ImportedTurn] = []
        turns.reserveCapacity(items.count)
        for index in 0...main.count {
            for fork in before[index] ?? [] {
                for (number, root) in byFork[fork]!.enumerated() {
                    let group = grouped[root]!
                    let inner =
                        newest[root].map { arrange(group.items, scope: members[root] ?? [root], leaf: $0, isBranch: isBranch) }
                        ?? group.items.map(\.turn)
                    for var turn in inner {
                        turn.branch = [number + 2] + turn.branch
                        turns.append(turn)
                    }
                }
            }
            if index < main.count { turns.append(main[index].turn) }
        }
        return turns
    }
}
