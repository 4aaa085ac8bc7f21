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

    /// Each node's place in ``nodes``. A long session's tree is hundreds of thousands of lines:
    /// its parents and ranks are kept by place, in arrays, rather than in tables by name, and a
    /// parent's name (a string of its own in each line) is kept only while its node is unknown.
    private var index: [String: Int32] = [:]
    /// The nodes in the order added.
    private var nodes: [String] = []
    /// Each node's parent (by place): a node's place, ``root`` (it hangs from the start of the
    /// conversation), or ``named`` (not in the tree when the node was added: its name is in
    /// ``laterParents``).
    private var parents: [Int32] = []
    private var laterParents: [Int32: String] = [:]
    private static let root: Int32 = -1
    private static let named: Int32 = -2
    /// Each node's place in time (a log's line number, a message's order by date): the newest
    /// node of a branch ends the path shown inside it.
    private var ranks: [Int] = []

    /// The start of the conversation, the parent of every root.
    private static let start = "\u{0}start"

    package init() {}

    /// Adds a node; a node added again keeps its first parent (a line written twice).
    package mutating func add(_ node: String, parent: String?, rank: Int) {
        guard index[node] == nil else { return }
        let place = Int32(nodes.count)
        index[node] = place
        nodes.append(node)
        ranks.append(rank)
        if let parent {
            if let known = index[parent] {
                parents.append(known)
            } else {
                parents.append(Self.named)
                laterParents[place] = parent
            }
        } else {
            parents.append(Self.root)
        }
    }

    package var isEmpty: Bool { nodes.isEmpty }

    /// The turns in the page's order. `isBranch` says whether the turns off the path that part
    /// from it at one node are a branch of their own (a Claude Code log's parallel tool results
    /// also leave the path, with no prompt: those stay where they are).
    package func arrange(_ items: [Item], leaf: String?, isBranch: ([ImportedTurn]) -> Bool) -> [ImportedTurn] {
        guard let order = order(items.map(\.node), leaf: leaf, isBranch: { isBranch($0.map { items[$0].turn }) }) else { return items.map(\.turn) }
        return Self.apply(order, to: items.map(\.turn))
    }

    /// ``arrange(_:leaf:isBranch:)`` as an order, for turns kept by the caller: the node of each
    /// turn (`nodes[i]` began turn `i`), and back each turn's index in the page's order with the
    /// branch to put before its own ``ImportedTurn/branch`` (see ``apply(_:to:)``). Nil when the
    /// turns keep their order and no branch (most logs: one thread), so nothing is copied.
    /// `isBranch` is given the indexes of the turns a branch would hold.
    package func order(_ nodes: [String?], leaf: String?, isBranch: ([Int]) -> Bool) -> [(index: Int, branch: [Int])]? {
        guard let leaf, index[leaf] != nil, nodes.contains(where: { $0 != nil }) else { return nil }
        // Most logs are one thread, each line the child of the one before it, ending at the
        // leaf: nothing branches, and the path need not be walked (a table of every node).
        if isOneThread(to: leaf) { return nil }
        return arrange(Array(nodes.indices), nodes: nodes, scope: self.nodes, leaf: leaf, isBranch: isBranch)
    }

    /// `turns` in `order` (see ``order(_:leaf:isBranch:)``), each with its branch.
    package static func apply(_ order: [(index: Int, branch: [Int])], to turns: [ImportedTurn]) -> [ImportedTurn] {
        var arranged: [ImportedTurn] = []
        arranged.reserveCapacity(order.count)
        for (index, branch) in order {
            var turn = turns[index]
            if !branch.isEmpty { turn.branch = branch + turn.branch }
            arranged.append(turn)
        }
        return arranged
    }

    private func parent(of node: String) -> String?? {
        guard let place = index[node] else { return nil }  // not in the tree
        switch parents[Int(place)] {
        case Self.root: return .some(Self.start)
        case Self.named: return .some(laterParents[place]!)
        case let known: return .some(nodes[Int(known)])
        }
    }

    /// Whether the nodes are one chain from the first added to `leaf`, the last, each the child of
    /// the one added before it.
    private func isOneThread(to leaf: String) -> Bool {
        guard index[leaf] == Int32(nodes.count - 1), parents.first == Self.root else { return false }
        for place in parents.indices.dropFirst() where parents[place] != Int32(place - 1) { return false }
        return true
    }

    private func rank(of node: String) -> Int? {
        index[node].map { ranks[Int($0)] }
    }

    /// `items` (indexes of `nodes`, the node that began each turn) in the page's order with their
    /// branches; nil when they keep their order and none is a branch.
    private func arrange(_ items: [Int], nodes: [String?], scope: [String], leaf: String, isBranch: ([Int]) -> Bool) -> [(index: Int, branch: [Int])]? {
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
                if walked.count > nodes.count { found = .some(nil); break }  // the links loop
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
            if let best = newest[root], (rank(of: best) ?? 0) >= (rank(of: node) ?? 0) { continue }
            newest[root] = node
        }

        // The turns off the path, by the branch they are in.
        var roots: [String] = []
        var grouped: [String: (fork: String, items: [Int], offsets: [Int])] = [:]
        var kept: [(offset: Int, item: Int)] = []
        for (offset, item) in items.enumerated() {
            guard let node = nodes[item], depth[node] == nil, let (fork, root) = find(node) else {
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
            if isBranch(group.items) {
                branches.append((group.fork, root))
            } else {
                // Not a branch: its turns keep their places among the path's.
                kept += zip(group.offsets, group.items).map { ($0, $1) }
            }
        }
        guard !branches.isEmpty else { return nil }
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
            let at = main.firstIndex { item in nodes[item].flatMap { depth[$0] }.map { $0 > forkDepth } ?? false } ?? main.count
            before[at, default: []].append(fork)
        }
        var turns: [(index: Int, branch: [Int])] = []
        turns.reserveCapacity(items.count)
        for index in 0...main.count {
            for fork in before[index] ?? [] {
                for (number, root) in byFork[fork]!.enumerated() {
                    let group = grouped[root]!
                    let inner =
                        newest[root].flatMap { arrange(group.items, nodes: nodes, scope: members[root] ?? [root], leaf: $0, isBranch: isBranch) }
                        ?? group.items.map { ($0, []) }
                    for (item, branch) in inner { turns.append((item, [number + 2] + branch)) }
                }
            }
            if index < main.count { turns.append((main[index], [])) }
        }
        return turns
    }
}
