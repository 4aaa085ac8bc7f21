import ChatModel

/// The shape of a JSON document's beginning, read without parsing it: which member names occur
/// where, and the values of a few naming members (`type`, `role`, `object`). It reads any prefix
/// of a document (the first 256 KiB of a 2 GB export) and stops quietly where the bytes do, so
/// `--from auto` can tell formats apart by their first records without reading them whole.
///
/// Paths are written from the root: `title`, `messages`, `messages[].role`, `[].mapping`;
/// a naming member's value is a path too: `messages[].role=tool`.
package struct JSONShape: Sendable, Equatable {
    /// What the document is: `{` or `[` (nil for anything else or nothing).
    package var root: UInt8?
    /// Every path seen, at most ``maxDepth`` deep.
    package var paths: Set<String> = []

    /// How deep paths are kept; deeper members are walked over.
    static let maxDepth = 5
    /// The members whose short string values are kept as `path=value`.
    static let namingMembers: Set<String> = ["type", "role", "object", "kind"]

    package func has(_ path: String) -> Bool { paths.contains(path) }

    /// Reads `bytes`, a whole document or its beginning.
    package init(_ bytes: [UInt8]) {
        var i = 0
        func skipSpace() { while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 } }
        // Skips a UTF-8 byte-order mark.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "[") else { return }
        root = bytes[i]

        var stack: [Frame] = []
        var found: Set<String> = []

        /// Reads a string starting at `i` (a quote); returns its text when it is short, and
        /// moves past it. nil when the bytes end inside it.
        func readString(keep: Bool) -> String?? {
            i += 1
            let start = i
            var escaped = false
            while i < bytes.count {
                let b = bytes[i]
                if escaped {
                    escaped = false
                } else if b == UInt8(ascii: "\\") {
                    escaped = true
                } else if b == UInt8(ascii: "\"") {
                    let text: String? = keep && i - start <= 64 ? String(decoding: bytes[start..<i], as: UTF8.self) : nil
                    i += 1
                    return .some(text)
                }
                i += 1
            }
            return nil
        }
        func childPath(_ frame: Frame) -> String {
            frame.isObject ? (frame.path.isEmpty ? (frame.key ?? "") : frame.path + "." + (frame.key ?? "")) : frame.path + "[]"
        }

        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                // Below the kept depth a path is never used: not built (a 100,000-deep document
                // would otherwise build paths of every length, quadratic in its depth).
                let path = stack.count > Self.maxDepth ? "" : stack.last.map(childPath) ?? ""
                stack.append(Frame(path: path, isObject: b == UInt8(ascii: "{"), expectingKey: true, key: nil))
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
                i += 1
                if stack.isEmpty { paths = found; return }
            case UInt8(ascii: "\""):
                guard var frame = stack.last else { paths = found; return }
                if frame.isObject && frame.expectingKey {
                    guard let key = readString(keep: true) else { paths = found; return }
                    frame.key = key ?? ""
                    frame.expectingKey = false
                    stack[stack.count - 1] = frame
                    if stack.count <= Self.maxDepth { found.insert(childPath(frame)) }
                } else {
                    let naming = frame.isObject && Self.namingMembers.contains(frame.key ?? "")
                    guard let value = readString(keep: naming) else { paths = found; return }
                    if naming, let value, stack.count <= Self.maxDepth { found.insert(childPath(frame) + "=" + value) }
                }
            case UInt8(ascii: ","):
                if var frame = stack.last, frame.isObject { frame.expectingKey = true; stack[stack.count - 1] = frame }
                i += 1
            default:
                i += 1
            }
        }
        paths = found
    }

    /// One open container: its path, whether it is an object, and in an object whether a
    /// member's name is expected next and the last name read.
    private struct Frame { var path: String; var isObject: Bool; var expectingKey: Bool; var key: String? }
}
