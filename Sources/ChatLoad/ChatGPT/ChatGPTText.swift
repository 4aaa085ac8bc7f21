import ChatModel
import ChatSupport

/// Text from a ChatGPT export made fit for a page: no private-use characters (ChatGPT's
/// markers), `{{file:…}}` tokens taken out as files, `sandbox:` links (files that stayed on
/// ChatGPT's machine) said to be missing instead of linked.
enum ChatGPTText {
    /// The Unicode private-use areas: shown as tofu in every font the page may use.
    static func isPrivateUse(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0xE000...0xF8FF).contains(value) || (0xF0000...0xFFFFD).contains(value) || (0x100000...0x10FFFD).contains(value)
    }

    /// `text` without private-use characters.
    static func plain(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isPrivateUse) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isPrivateUse(scalar) { out.append(scalar) }
        return String(out)
    }

    /// A browsing tool's result list as the model saw it (`【0†Tram 28 – Carris†carris.pt】`): each
    /// entry as "Tram 28 – Carris (carris.pt)", no raw bracket marker. Private-use characters go too.
    static func browsingResult(_ text: String) -> String {
        let text = plain(text)
        guard text.containsBytes("【") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "【") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "】"), rest.distance(from: open, to: close) < 600 else {
                out += rest[open...]
                rest = ""
                break
            }
            let fields = rest[rest.index(after: open)..<close].split(separator: "†", omittingEmptySubsequences: false).dropFirst()
            switch fields.count {
            case 0: break
            case 1: out += fields.first!
            default: out += "\(fields.first!) (\(fields.dropFirst().joined(separator: ", ")))"
            }
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out
    }

    /// `{{file:file-AbC}}` tokens (an agent's answer pointing at files it made): their ids, and
    /// the text with each token replaced by `shown(id)` (the file's name, in bold, where the
    /// sentence points at it), or taken out when it gives nothing.
    static func fileTokens(_ text: String, shown: (String) -> String? = { _ in nil }) -> (text: String, ids: [String]) {
        guard text.containsBytes("{{file:") else { return (text, []) }
        var out = ""
        var ids: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{file:") {
            out += rest[..<open.lowerBound]
            let after = rest[open.upperBound...]
            guard let close = after.range(of: "}}"), after.distance(from: after.startIndex, to: close.lowerBound) <= 200 else {
                out += rest[open]
                rest = after
                continue
            }
            let id = after[..<close.lowerBound].trimming(.whitespaces)
            if !id.isEmpty, !ids.contains(id) { ids.append(id) }
            if !id.isEmpty, let name = shown(id) { out += "**\(name)**" }
            rest = after[close.upperBound...]
        }
        out += rest
        return (out.trimming(.whitespacesAndNewlines), ids)
    }

    /// The name an agent's reply gives a file it made, from the message's file references
    /// (`metadata.n7jupd_crefs`, and whatever other `*crefs` list a later export uses): the
    /// `name`, `file_name`, `filename` or `title` of the entry that holds the file's id.
    static func referencedName(_ fileID: String, metadata: JSONNode?) -> String? {
        guard let metadata, case .object(let members) = metadata.value else { return nil }
        func search(_ node: JSONNode, depth: Int) -> String? {
            guard depth < 5 else { return nil }
            switch node.value {
            case .object(let fields):
                if fields.contains(where: {
                    if case .string(let value) = $0.node.value { return value == fileID || value.hasSuffix("/" + fileID) } else { return false }
                }) {
                    for key in ["name", "file_name", "filename", "title", "display_name"] {
                        if let name = ImportSource.string(node[key])?.trimming(.whitespacesAndNewlines), !name.isEmpty, name != fileID {
                            return FilePath.lastComponent(name)
                        }
                    }
                }
                for field in fields { if let found = search(field.node, depth: depth + 1) { return found } }
                return nil
            case .array(let items):
                for item in items { if let found = search(item, depth: depth + 1) { return found } }
                return nil
            default:
                return nil
            }
        }
        for member in members where member.key.hasSuffix("crefs") {
            if let found = search(member.node, depth: 0) { return found }
        }
        return nil
    }

    /// `[label](sandbox:/mnt/data/report.csv)` and bare `sandbox:` paths: files ChatGPT's code made
    /// and offered for download, which the export does not contain. Shown as the file's name and
    /// "not included in the export", never as a dead link. Also returns how many there were.
    static func sandboxLinks(_ text: String) -> (text: String, count: Int) {
        guard text.containsBytes("sandbox:") else { return (text, 0) }
        var out = ""
        var count = 0
        var rest = Substring(text)
        while let found = rest.range(of: "sandbox:") {
            let before = rest[..<found.lowerBound]
            // The path runs to whitespace, a closing bracket or a quote; a full stop or comma
            // at its end closes the sentence.
            var end = found.upperBound
            while end < rest.endIndex, !rest[end].isWhitespace, !")]`\"'<>".contains(rest[end]) { end = rest.index(after: end) }
            while end > found.upperBound, ".,;:!?".contains(rest[rest.index(before: end)]) { end = rest.index(before: end) }
            let path = String(rest[found.upperBound..<end])
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let shown = (name.removingPercentEncoding ?? name).replacingOccurrences(of: "`", with: "'")
            count += 1
            // A Markdown link or image: `[label](` just before, `)` just after.
            if before.hasSuffix("("), end < rest.endIndex, rest[end] == ")",
                let labelEnd = before.dropLast().lastIndex(of: "]"), labelEnd == before.index(before: before.index(before: before.endIndex)),
                let labelStart = before[..<labelEnd].lastIndex(of: "[")
            {
                var prefixEnd = labelStart
                var image = false
                if labelStart > before.startIndex, before[before.index(before: labelStart)] == "!" {
                    prefixEnd = before.index(before: labelStart)
                    image = true
                }
                let label = before[before.index(after: labelStart)..<labelEnd]
                out += before[..<prefixEnd]
                let said = label.isEmpty || label == Substring(shown) ? "" : "\(label) "
                out += "\(said)(`\(shown)`\(image ? ", an image" : ""), not included in the export)"
                rest = rest[rest.index(after: end)...]
            } else if before.hasSuffix("`"), end < rest.endIndex, rest[end] == "`" {
                // Already code: `sandbox:/mnt/data/a.png` → `a.png` (not included …).
                out += before.dropLast()
                out += "`\(shown)` (not included in the export)"
                rest = rest[rest.index(after: end)...]
            } else {
                out += before
                out += "`\(shown)` (not included in the export)"
                rest = rest[end...]
            }
        }
        out += rest
        return (out, count)
    }
}
