import ChatModel
import ChatSupport

/// Writes a ``JSONNode`` back as JSON text for files people edit: two-space indents, and an
/// object or array on one line when it fits in 100 columns (a colour value, a small group).
package enum JSONText {
    /// Lines at most this wide are kept on one line.
    static let width = 100

    package static func pretty(_ node: JSONNode) -> String {
        var out = ""
        write(node, indent: 0, into: &out)
        return out
    }

    static func write(_ node: JSONNode, indent: Int, into out: inout String) {
        let flat = compact(node)
        if indent * 2 + flat.count <= width || !isContainer(node) {
            out += flat
            return
        }
        let pad = String(repeating: "  ", count: indent + 1)
        switch node.value {
        case .object(let members):
            out += "{\n"
            for (i, member) in members.enumerated() {
                out += pad + JSONQuote.quote(member.key) + ": "
                write(member.node, indent: indent + 1, into: &out)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        case .array(let items):
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad
                write(item, indent: indent + 1, into: &out)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        default:
            out += flat
        }
    }

    static func isContainer(_ node: JSONNode) -> Bool {
        switch node.value {
        case .object(let members): return !members.isEmpty
        case .array(let items): return !items.isEmpty
        default: return false
        }
    }

    /// The node on one line, with a space after `:` and `,`.
    static func compact(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let value, let integer):
            if let integer { return String(integer) }
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return "\(value)"
        case .string(let text): return JSONQuote.quote(text)
        case .array(let items): return "[" + items.map(compact).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { JSONQuote.quote($0.key) + ": " + compact($0.node) }.joined(separator: ", ") + "}"
        }
    }
}
