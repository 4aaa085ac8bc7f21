import ChatModel
import ChatSupport

/// The artifacts of one claude.ai conversation as its visible thread changes them: each
/// `artifacts` tool call (`create`, `update` with `old_str` → `new_str`, `rewrite`) or inline
/// `<antArtifact>` tag makes a new version.
struct ClaudeAIArtifacts {
    struct Artifact {
        var title: String
        var kind: DocumentKind
        var language: String?
        /// Every version, oldest first.
        var versions: [String]
    }

    var byID: [String: Artifact] = [:]

    /// Applies one `artifacts` call; returns the artifact's id when it has a version to show.
    mutating func apply(_ input: JSONNode, path: String, scope: inout ConversationScope) -> String? {
        guard let id = ImportSource.string(input["id"]).flatMap({ $0.isEmpty ? nil : $0 }) else {
            scope.warn("an artifacts call without an \"id\"; it is left out", at: input, path: JSONReader.join(path, "id"))
            return nil
        }
        let content = ImportSource.string(input["content"])
        let command = ImportSource.string(input["command"]) ?? (content == nil ? "" : "create")
        switch command {
        case "create", "rewrite":
            guard let content else {
                // Some exports drop a created artifact's content; the card still says it was made.
                if byID[id] == nil, command == "create" {
                    let (kind, language) = Self.kind(ImportSource.string(input["type"]), language: ImportSource.string(input["language"]))
                    byID[id] = Artifact(title: title(input, id: id), kind: kind, language: language, versions: [""])
                    return id
                }
                scope.warn(
                    "an artifacts \(command) of \(JSONReader.quote(id)) without \"content\"; it is left out", at: input, path: JSONReader.join(path, "content"))
                return nil
            }
            write(
                id: id, type: ImportSource.string(input["type"]), language: ImportSource.string(input["language"]),
                title: ImportSource.string(input["title"]), content: content)
            return id
        case "update":
            guard var artifact = byID[id], let current = artifact.versions.last else {
                scope.warn(
                    "an update of artifact \(JSONReader.quote(id)), which no earlier turn of this thread created; it is left out", at: input["id"],
                    path: JSONReader.join(path, "id"))
                return nil
            }
            let old = ImportSource.string(input["old_str"]) ?? ""
            let new = ImportSource.string(input["new_str"]) ?? ""
            guard !old.isEmpty, let range = current.range(of: old) else {
                scope.warn(
                    "an update of artifact \(JSONReader.quote(id)) whose old_str is not in its latest version; that version is kept as it was",
                    at: input["old_str"] ?? input, path: JSONReader.join(path, "old_str"))
                return id
            }
            artifact.versions.append(current.replacingCharacters(in: range, with: new))
            if let title = ImportSource.string(input["title"]), !title.isEmpty { artifact.title = title }
            byID[id] = artifact
            return id
        default:
            scope.warn(
                "unknown artifacts command \(JSONReader.quote(command)); expected \"create\", \"update\" or \"rewrite\"; it is left out", at: input["command"],
                path: JSONReader.join(path, "command"))
            return nil
        }
    }

    /// An inline `<antArtifact>`: a new artifact, or a new version of one with the same identifier.
    mutating func write(_ tag: ClaudeAIInlineTags.ArtifactTag) {
        write(id: tag.identifier, type: tag.type, language: tag.language, title: tag.title, content: tag.content)
    }

    private mutating func write(id: String, type: String?, language: String?, title: String?, content: String) {
        if var artifact = byID[id] {
            artifact.versions.append(content)
            if let title, !title.isEmpty { artifact.title = title }
            if type != nil || language != nil { (artifact.kind, artifact.language) = Self.kind(type, language: language ?? artifact.language) }
            byID[id] = artifact
        } else {
            let (kind, shownLanguage) = Self.kind(type, language: language)
            byID[id] = Artifact(title: title.flatMap { $0.isEmpty ? nil : $0 } ?? id, kind: kind, language: shownLanguage, versions: [content])
        }
    }

    private func title(_ input: JSONNode, id: String) -> String {
        ImportSource.string(input["title"]).flatMap { $0.isEmpty ? nil : $0 } ?? id
    }

    /// How an artifact's `type` reads: Markdown documents as documents, everything the app runs
    /// or draws (code, HTML, SVG, React, Mermaid) as its source code.
    static func kind(_ type: String?, language: String?) -> (DocumentKind, String?) {
        let language = language.flatMap { $0.isEmpty ? nil : $0 }
        switch type?.lowercased() {
        case "text/markdown"?: return (.markdown, nil)
        case "text/plain"?: return (.text, nil)
        case "application/vnd.ant.code"?: return (.code, language)
        case "text/html"?: return (.code, "html")
        case "image/svg+xml"?: return (.code, "xml")
        case "application/vnd.ant.react"?: return (.code, language ?? "jsx")
        case "application/vnd.ant.mermaid"?: return (.code, "mermaid")
        default: return language == nil ? (.markdown, nil) : (.code, language)
        }
    }
}

/// The tags 2024 exports kept inside reply text: `<antArtifact identifier="…" type="…"
/// language="…" title="…">…</antArtifact>` and `<antThinking>…</antThinking>`.
enum ClaudeAIInlineTags {
    struct ArtifactTag: Equatable {
        var identifier: String
        var type: String?
        var language: String?
        var title: String?
        var content: String
    }

    enum Piece: Equatable {
        case text(String)
        case thinking(String)
        case artifact(ArtifactTag)
    }

    /// The text cut at its tags; text without them is one `.text` piece. A tag left open runs to
    /// the end of the text (a reply cut off mid-artifact).
    static func split(_ text: String) -> [Piece] {
        guard text.containsBytes("<antArtifact") || text.containsBytes("<antThinking>") else { return [.text(text)] }
        var pieces: [Piece] = []
        var rest = Substring(text)
        while true {
            let artifact = rest.range(of: "<antArtifact")
            let thinking = rest.range(of: "<antThinking>")
            guard let next = [artifact, thinking].compactMap({ $0 }).min(by: { $0.lowerBound < $1.lowerBound }) else { break }
            if next.lowerBound > rest.startIndex { pieces.append(.text(String(rest[..<next.lowerBound]))) }
            if next == thinking {
                let body = rest[next.upperBound...]
                let end = body.range(of: "</antThinking>")
                pieces.append(.thinking(String(body[..<(end?.lowerBound ?? body.endIndex)])))
                rest = end.map { body[$0.upperBound...] } ?? body[body.endIndex...]
                continue
            }
            // The opening tag ends at the first '>' outside a quoted attribute value.
            var index = next.upperBound
            var quote: Character?
            while index < rest.endIndex {
                let character = rest[index]
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == "\"" || character == "'" {
                    quote = character
                } else if character == ">" {
                    break
                }
                index = rest.index(after: index)
            }
            guard index < rest.endIndex else {
                // Not a tag after all: kept as text.
                pieces.append(.text(String(rest[next.lowerBound...])))
                rest = rest[rest.endIndex...]
                break
            }
            let attributes = Self.attributes(rest[next.upperBound..<index])
            let body = rest[rest.index(after: index)...]
            let end = body.range(of: "</antArtifact>")
            var content = String(body[..<(end?.lowerBound ?? body.endIndex)])
            if content.hasPrefix("\n") { content.removeFirst() }
            if content.hasSuffix("\n") { content.removeLast() }
            let identifier = attributes["identifier"].flatMap { $0.isEmpty ? nil : $0 } ?? attributes["title"] ?? "artifact"
            pieces.append(
                .artifact(
                    ArtifactTag(
                        identifier: identifier, type: attributes["type"], language: attributes["language"],
                        title: attributes["title"], content: content)))
            rest = end.map { body[$0.upperBound...] } ?? body[body.endIndex...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        return pieces
    }

    /// `identifier="x" title='Y'` → ["identifier": "x", "title": "Y"].
    static func attributes(_ text: Substring) -> [String: String] {
        var found: [String: String] = [:]
        var index = text.startIndex
        func skipSpace() { while index < text.endIndex, text[index].isWhitespace { index = text.index(after: index) } }
        while index < text.endIndex {
            skipSpace()
            let nameStart = index
            while index < text.endIndex, text[index] != "=", !text[index].isWhitespace { index = text.index(after: index) }
            let name = String(text[nameStart..<index]).lowercased()
            skipSpace()
            guard index < text.endIndex, text[index] == "=" else { if nameStart == index { break }; continue }
            index = text.index(after: index)
            skipSpace()
            guard index < text.endIndex else { break }
            let quote = text[index]
            if quote == "\"" || quote == "'" {
                index = text.index(after: index)
                let valueStart = index
                while index < text.endIndex, text[index] != quote { index = text.index(after: index) }
                found[name] = String(text[valueStart..<index])
                if index < text.endIndex { index = text.index(after: index) }
            } else {
                let valueStart = index
                while index < text.endIndex, !text[index].isWhitespace { index = text.index(after: index) }
                found[name] = String(text[valueStart..<index])
            }
        }
        return found
    }
}
