/// A fixed set of words (keywords, built-in types, constants) looked up straight from the source
/// bytes: open addressing over FNV-1a hashes, no `String` made per identifier.
struct WordTable: Sendable {
    /// What a word is, and whether the name after it is a function's or a type's (`def f`, `class C`).
    struct Entry: Sendable {
        var kind: TokenKind
        var introduces: TokenKind?
    }

    private var slots: [Int32]
    private var starts: [Int32] = []
    private var bytes: [UInt8] = []
    private var entries: [Entry] = []
    private let mask: Int
    let ignoresCase: Bool
    private(set) var longest = 0

    /// `groups`: (kind, space-separated words). A word in two groups keeps the first.
    /// `functionIntroducers` and `typeIntroducers` must also be in a group.
    init(_ groups: [(TokenKind, String)], functionIntroducers: String = "", typeIntroducers: String = "", ignoresCase: Bool = false) {
        self.ignoresCase = ignoresCase
        var words: [(String, Entry)] = []
        var seen = Set<String>()
        let functions = Set(functionIntroducers.split(separator: " ").map(String.init))
        let types = Set(typeIntroducers.split(separator: " ").map(String.init))
        for (kind, list) in groups {
            for word in list.split(separator: " ") {
                let word = ignoresCase ? word.lowercased() : String(word)
                guard seen.insert(word).inserted else { continue }
                words.append((word, Entry(kind: kind, introduces: functions.contains(word) ? .function : types.contains(word) ? .type : nil)))
            }
        }
        var size = 16
        while size < words.count * 3 { size *= 2 }
        mask = size - 1
        slots = Array(repeating: -1, count: size)
        for (word, entry) in words {
            let utf8 = Array(word.utf8)
            longest = Swift.max(longest, utf8.count)
            var slot = Self.hash(utf8.withUnsafeBufferPointer { $0 }, 0, utf8.count, ignoresCase: false) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(entries.count)
            starts.append(Int32(bytes.count))
            bytes.append(contentsOf: utf8)
            entries.append(entry)
        }
        starts.append(Int32(bytes.count))
    }

    @inline(__always) private static func hash(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, ignoresCase: Bool) -> Int {
        var hash: UInt32 = 2_166_136_261
        for index in start..<end {
            var byte = text[index]
            if ignoresCase && ByteClass.isUpper(byte) { byte |= 0x20 }
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return Int(hash)
    }

    /// The entry for `text[start..<end]`, if it is one of the words.
    func lookup(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Entry? {
        let count = end - start
        guard count > 0, count <= longest else { return nil }
        var slot = Self.hash(text, start, end, ignoresCase: ignoresCase) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return nil }
            let wordStart = Int(starts[index])
            if Int(starts[index + 1]) - wordStart == count {
                var same = true
                for k in 0..<count {
                    var byte = text[start + k]
                    if ignoresCase && ByteClass.isUpper(byte) { byte |= 0x20 }
                    if byte != bytes[wordStart + k] { same = false; break }
                }
                if same { return entries[index] }
            }
            slot = (slot + 1) & mask
        }
    }
}
