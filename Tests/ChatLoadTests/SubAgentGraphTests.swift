import Testing
@testable import ChatLoad
@testable import ChatModel

/// Each sub-agent shown once, a cycle cut: the rule every agent reader nests by.
@Suite struct SubAgentGraphTests {
    /// Builds the page of `root` as a reader does: every call of an agent in `calls` asks the
    /// graph, shows (and walks into) only what it is given to show. Returns what was shown, in
    /// order, and the references made.
    static func walk(_ root: String, _ calls: [String: [String]]) -> (shown: [String], references: [(String, TranscriptPart.Reference)]) {
        var graph = SubAgentGraph()
        var shown: [String] = []
        var references: [(String, TranscriptPart.Reference)] = []
        func build(_ agent: String) {
            for callee in calls[agent] ?? [] {
                if let reference = graph.claim(callee) {
                    references.append((callee, reference))
                    continue
                }
                shown.append(callee)
                graph.enter(callee)
                build(callee)
                graph.leave()
            }
        }
        graph.showAtTop(root)
        build(root)
        return (shown, references)
    }

    @Test func aFanOutOfAgentsThatStartEachOtherShowsEachOnce() {
        // Five agents, each starting the other four (the attack that made 4^8 copies).
        let names = ["a", "b", "c", "d", "e"]
        let calls = Dictionary(uniqueKeysWithValues: names.map { name in (name, names.filter { $0 != name }) })
        let (shown, references) = Self.walk("a", calls)
        #expect(shown == ["b", "c", "d", "e"])
        // 20 calls in all: 4 show, the rest refer; the calls back into a caller are cycles.
        #expect(references.count == 16)
        #expect(references.allSatisfy { $0.1 == .cycle || $0.1 == .shownElsewhere })
        #expect(references.contains { $0.0 == "a" && $0.1 == .cycle })
    }

    @Test func twoAgentsThatStartEachOtherAreACycleCutOnce() {
        let (shown, references) = Self.walk("a", ["a": ["b"], "b": ["a"]])
        #expect(shown == ["b"])
        #expect(references.map(\.0) == ["a"] && references.map(\.1) == [.cycle])
    }

    @Test func anAgentNamedByTwoCallsIsShownAtTheFirst() {
        let (shown, references) = Self.walk("root", ["root": ["x", "y"], "y": ["x"]])
        #expect(shown == ["x", "y"])
        #expect(references.map(\.0) == ["x"] && references.map(\.1) == [.shownElsewhere])
    }

    @Test func theAnchorIsTheSameForEveryCallAndCarriesNoInput() {
        let anchor = TranscriptPart.anchor(agent: "019e5b10-7f21-7c00-9a42-0d1e2f3a4b5c\"><script>")
        #expect(anchor == TranscriptPart.anchor(agent: "019e5b10-7f21-7c00-9a42-0d1e2f3a4b5c\"><script>"))
        #expect(anchor.hasPrefix("cr-agent-") && anchor.count == 9 + 16)
        #expect(anchor.dropFirst(9).allSatisfy { $0.isHexDigit })
    }
}
