/// A small deterministic generator (SplitMix64), so a random test repeats exactly and a failure
/// can be replayed from its seed.
package struct SplitMix: RandomNumberGenerator {
    package var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SplitMix {
    /// Fewer than `most` of `pieces`, drawn at random and joined: a random text made of pieces
    /// chosen to meet the rules under test (grapheme breaks, escapes, braces) at every join.
    package mutating func text(from pieces: [String], fewerThan most: Int) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0..<most, using: &self) { text += pieces[Int.random(in: 0..<pieces.count, using: &self)] }
        return text
    }
}
