import ChatModel
import ChatSupport
/// Writes conversations in chatrender's own format (docs/conversation-format.md), byte for byte
/// the same for the same input: fixed member order, two-space indent, UTF-8 kept as it is.
package enum NativeJSON {
    /// The conversation file `render` reads: every member the loader reads back, turn parts,
    /// sources, speaker and model included, so an imported chat loses nothing on its way through
    /// the file.
    package static func encode(_ conversation: Conversation) -> [UInt8] {
        var out = "{\n  \"title\": \(conversation.title.map(quote) ?? "null"),"
        if let markup = conversation.markup { out += "\n  \"markup\": \(quote(markup.rawValue))," }
        if let date = conversation.date { out += "\n  \"date\": \(quote(date.iso))," }
        if let project = conversation.project { out += "\n  \"project\": \(quote(project))," }
        if let agent = conversation.agent { out += "\n  \"agent\": \(quote(agent))," }
        if !conversation.facts.isEmpty {
            out +=
                "\n  \"facts\": ["
                + conversation.facts.map {
                    "\n    {\"label\": \(quote($0.label)), \"value\": \(quote($0.value))\(($0.key.map { UIPhrase($0) }).map { ", \"phrase\": " + phrase($0) } ?? "")\($0.valuePhrases.isEmpty ? "" : ", \"valuePhrases\": [" + $0.valuePhrases.map(phrase).joined(separator: ", ") + "]")}"
                }.joined(separator: ",") + "\n  ],"
        }
        if let redaction = conversation.redaction {
            out += "\n  \"redaction\": {" + redaction.counts.map { "\(quote($0.kind)): \($0.count)" }.joined(separator: ", ") + "},"
        }
        if !conversation.sessionUsage.isEmpty {
            out +=
                "\n  \"sessionUsage\": ["
                + conversation.sessionUsage.map { "\n    {\"model\": \($0.model.map(quote) ?? "null"), " + usageMembers($0.usage) + "}" }.joined(separator: ",")
                + "\n  ],"
        }
        out += "\n  \"messages\": "
        appendMessages(conversation.messages ?? [], indent: "  ", to: &out)
        out += "\n}\n"
        return Array(out.utf8)
    }

    /// A usage object's members, in the order the loader documents them.
    private static func usageMembers(_ usage: TokenUsage) -> String {
        var out = "\"input\": \(usage.input), \"output\": \(usage.output), \"cacheRead\": \(usage.cacheRead), \"cacheWrite\": \(usage.cacheWrite)"
        if !usage.cacheWrite1h.isZero { out += ", \"cacheWrite1h\": \(usage.cacheWrite1h)" }
        if let context = usage.context { out += ", \"context\": \(context)" }
        if let window = usage.contextWindow { out += ", \"contextWindow\": \(window)" }
        if let cost = usage.recordedCost { out += ", \"recordedCost\": \(cost)" }
        return out
    }

    /// `[ … ]` of messages, each on its own lines under `indent`.
    private static func appendMessages(_ messages: [Message], indent: String, to out: inout String) {
        guard !messages.isEmpty else { out += "[]"; return }
        out += "["
        for (index, message) in messages.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            appendMessage(message, indent: indent + "  ", to: &out)
        }
        out += "\n\(indent)]"
    }

    private static func appendMessage(_ message: Message, indent: String, to out: inout String) {
        let member = indent + "  "
        out +=
            "\(indent){\n\(member)\"id\": \(quote(message.id)),\n\(member)\"role\": \(quote(message.role.rawValue)),\n\(member)\"text\": \(quote(message.text))"
        if let speaker = message.speaker { out += ",\n\(member)\"speaker\": \(quote(speaker))" }
        if let phrase = message.speakerPhrase { out += ",\n\(member)\"speakerPhrase\": \(Self.phrase(phrase))" }
        if let model = message.model { out += ",\n\(member)\"model\": \(quote(model))" }
        if let modelID = message.modelID { out += ",\n\(member)\"modelID\": \(quote(modelID))" }
        if let version = message.version { out += ",\n\(member)\"version\": {\"index\": \(version.index), \"count\": \(version.count)}" }
        if !message.branch.isEmpty { out += ",\n\(member)\"branch\": [\(message.branch.map(String.init).joined(separator: ", "))]" }
        if let date = message.date { out += ",\n\(member)\"date\": \(quote(date.iso))" }
        if let usage = message.usage { out += ",\n\(member)\"usage\": {" + usageMembers(usage) + "}" }
        if !message.attachments.isEmpty {
            out += ",\n\(member)\"attachments\": ["
            for (a, attachment) in message.attachments.enumerated() {
                out += a == 0 ? "\n" : ",\n"
                out +=
                    "\(member)  {\"id\": \(quote(attachment.id)), \"name\": \(quote(attachment.name)), \"byteCount\": \(attachment.byteCount), \"contentType\": \(quote(attachment.contentType))"
                switch attachment.url {
                case .local(let path)?, .remote(let path)?: out += ", \"url\": \(quote(path))"
                case nil: break
                }
                if let preview = attachment.preview { out += ", \"preview\": \(quote(preview))" }
                if let alt = attachment.alt { out += ", \"alt\": \(quote(alt))" }
                switch attachment.upload {
                case .done: break
                case .uploading(let progress): out += ", \"upload\": {\"state\": \"uploading\", \"progress\": \(progress)}"
                case .failed(let reason): out += ", \"upload\": {\"state\": \"failed\", \"reason\": \(quote(reason))}"
                }
                if attachment.status != .available { out += ", \"status\": \(quote(attachment.status.rawValue))" }
                out += "}"
            }
            out += "\n\(member)]"
        }
        if !message.parts.isEmpty {
            out += ",\n\(member)\"parts\": ["
            for (p, part) in message.parts.enumerated() {
                out += p == 0 ? "\n" : ",\n"
                appendPart(part, indent: member + "  ", to: &out)
            }
            out += "\n\(member)]"
        }
        if !message.sources.isEmpty {
            out += ",\n\(member)\"sources\": ["
            for (i, source) in message.sources.enumerated() {
                out += i == 0 ? "\n" : ",\n"
                out += "\(member)  {\"id\": \(quote(source.id))"
                if let title = source.title { out += ", \"title\": \(quote(title))" }
                if let url = source.url { out += ", \"url\": \(quote(url))" }
                if let snippet = source.snippet { out += ", \"snippet\": \(quote(snippet))" }
                out += "}"
            }
            out += "\n\(member)]"
        }
        out += "\n\(indent)}"
    }

    /// One part as the loader reads it (`"type"` first, then its members in the documented order).
    private static func appendPart(_ part: TurnPart, indent: String, to out: inout String) {
        var fields: [(String, String)] = []
        func add(_ name: String, _ value: String?) { if let value { fields.append((name, quote(value))) } }
        func ids(_ list: [String]) { if !list.isEmpty { fields.append(("attachments", "[" + list.map(quote).joined(separator: ", ") + "]")) } }
        var nested: TranscriptPart?
        switch part {
        case .text(let text):
            fields.append(("type", quote("text"))); add("text", text)
        case .thinking(let thinking):
            fields.append(("type", quote("thinking"))); add("text", thinking.text)
            if let duration = thinking.duration { fields.append(("durationSeconds", number(duration))) }
            add("summary", thinking.summary)
        case .toolCall(let call):
            fields.append(("type", quote("toolCall"))); add("name", call.name); add("title", call.title); add("input", call.input)
            add("status", call.status.rawValue); add("result", call.result); ids(call.attachmentIDs)
            if let phrase = call.titlePhrase { fields.append(("titlePhrase", Self.phrase(phrase))) }
            add("url", call.url)
        case .codeExecution(let run):
            fields.append(("type", quote("codeExecution"))); add("language", run.language); add("code", run.code)
            add("output", run.output); add("status", run.status.rawValue); ids(run.attachmentIDs)
            if run.title != .ranCode { add("title", run.title.rawValue) }
        case .diff(let diff):
            fields.append(("type", quote("diff"))); add("path", diff.path); add("unified", diff.unified); add("old", diff.old); add("new", diff.new)
            if diff.created { fields.append(("created", "true")) }
        case .terminal(let terminal):
            fields.append(("type", quote("terminal"))); add("command", terminal.command); add("output", terminal.output)
            if let code = terminal.exitCode { fields.append(("exitCode", String(code))) }
            add("title", terminal.title)
        case .document(let document):
            fields.append(("type", quote("document"))); add("title", document.title); add("kind", document.kind.rawValue)
            add("language", document.language); add("content", document.content)
            if !document.versions.isEmpty { fields.append(("versions", "[" + document.versions.map(quote).joined(separator: ", ") + "]")) }
            if let phrase = document.titlePhrase { fields.append(("titlePhrase", Self.phrase(phrase))) }
        case .notice(let notice):
            fields.append(("type", quote("notice"))); add("kind", notice.kind.rawValue); add("text", notice.text); add("detail", notice.detail)
            if let phrase = notice.phrase { fields.append(("phrase", Self.phrase(phrase))) }
        case .transcript(let transcript):
            fields.append(("type", quote("transcript"))); add("title", transcript.title)
            if let phrase = transcript.phrase { fields.append(("phrase", Self.phrase(phrase))) }
            add("started", transcript.started?.iso); add("ended", transcript.ended?.iso); add("agent", transcript.agent)
            switch transcript.reference {
            case .shownElsewhere?: add("reference", "shownElsewhere")
            case .cycle?: add("reference", "cycle")
            case nil: break
            }
            nested = transcript
        }
        out += indent + "{" + fields.map { "\(quote($0.0)): \($0.1)" }.joined(separator: ", ")
        if let nested {
            out += ", \"messages\": "
            appendMessages(nested.messages, indent: indent, to: &out)
        }
        out += "}"
    }

    /// Interface words beside their English text: `{"key": "workedFor", "seconds": 48}`
    /// (docs/conversation-format.md#interface-words).
    static func phrase(_ phrase: UIPhrase) -> String {
        var out = "{\"key\": \(quote(phrase.key.name))"
        if !phrase.values.isEmpty {
            out += ", \"values\": {" + phrase.values.sorted { $0.key < $1.key }.map { "\(quote($0.key)): \(quote($0.value))" }.joined(separator: ", ") + "}"
        }
        if let seconds = phrase.seconds { out += ", \"seconds\": \(number(seconds))" }
        return out + "}"
    }

    /// A number as JSON writes it: whole numbers without a fraction.
    private static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// A JSON string literal (``JSONQuote``, the one quoter), short because this file writes dozens.
    private static func quote(_ text: String) -> String { JSONQuote.quote(text) }

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
