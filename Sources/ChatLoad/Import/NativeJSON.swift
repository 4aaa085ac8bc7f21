import ChatModel
/// Writes conversations in chatrender's own format (docs/conversation-format.md), byte for byte
/// the same for the same input: fixed member order, two-space indent, UTF-8 kept as it is.
package enum NativeJSON {
    /// The conversation file `render` reads.
    package static func encode(_ conversation: Conversation) -> [UInt8] {
        var out = "{\n  \"title\": \(conversation.title.map(quote) ?? "null"),"
        if let markup = conversation.markup { out += "\n  \"markup\": \(quote(markup.rawValue)),"}
        out += "\n  \"messages\": ["
        let messages = conversation.messages ?? []
        for (index, message) in messages.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += "    {\n      \"id\": \(quote(message.id)),\n      \"role\": \(quote(message.role.rawValue)),\n      \"text\": \(quote(message.text))"
            if let date = message.date { out += ",\n      \"date\": \(quote(date.iso))" }
            if !message.attachments.isEmpty {
                out += ",\n      \"attachments\": ["
                for (a, attachment) in message.attachments.enumerated() {
                    out += a == 0 ? "\n" : ",\n"
                    out += "        {\"id\": \(quote(attachment.id)), \"name\": \(quote(attachment.name)), \"byteCount\": \(attachment.byteCount), \"contentType\": \(quote(attachment.contentType))"
                    switch attachment.url {
                    case .local(let path)?, .remote(let path)?: out += ", \"url\": \(quote(path))"
                    case nil: break
                    }
                    if let alt = attachment.alt { out += ", \"alt\": \(quote(alt))" }
                    if attachment.status != .available { out += ", \"status\": \(quote(attachment.status.rawValue))" }
                    out += "}"
                }
                out += "\n      ]"
            }
            out += "\n    }"
        }
        out += messages.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return Array(out.utf8)
    }

    /// A JSON string literal: `"`, `\` and control characters escaped, everything else as it is.
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A parsed value written back as indented JSON (tool call arguments shown with `--include-system`).
    static func pretty(_ node: JSONNode, indent: String = "") -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value, let integer):
            if let integer { return String(integer) }
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let text): return quote(text)
        case .array(let items):
            if items.isEmpty { return "[]" }
            let inner = indent + "  "
            return "[\n" + items.map { inner + pretty($0, indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let inner = indent + "  "
            return "{\n" + members.map { inner + quote($0.key) + ": " + pretty($0.node, indent: inner) }.joined(separator: ",\n") + "\n\(indent)}"
        }
    }
}
