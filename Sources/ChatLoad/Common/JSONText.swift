import ChatModel
import ChatSupport

/// A parsed value written back as compact JSON text: a tool call's input, as the log held it.
enum JSONText {
    static func compact(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let d, let i): return i.map(String.init) ?? String(d)
        case .string(let s): return JSONQuote.quote(s)
        case .array(let items): return "[" + items.map(compact).joined(separator: ", ") + "]"
        case .object(let members): return "{" + members.map { JSONQuote.quote($0.key) + ": " + compact($0.node) }.joined(separator: ", ") + "}"
        }
    }
}
