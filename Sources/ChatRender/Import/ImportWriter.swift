import Foundation
import ChatModel
import ChatLoad
import ChatRenderHTML
import ChatOutput

/// Writes imported conversations as native conversation files into a staging folder:
/// `SLUG.json` per conversation and its photos and files under `files/SLUG/`.
package enum ImportWriter {
    /// Folder (inside the output) holding each conversation's files.
    static let filesFolder = "files"

    /// File-name-safe names from titles: lower-case ASCII letters and digits joined by `-`, accents
    /// folded, at most 60 characters; `conversation` when nothing is left; `-2`, `-3` for repeats
    /// and for the names of a site's own folders (a conversation called "Search" is `search-2`).
    static func slugs(for titles: [String]) -> [String] {
        var used: Set<String> = [SiteWriter.searchFolder, SiteFiles.folder, InsightsPage.folder]
        return titles.map { title in
            let base = slug(title)
            var candidate = base
            var n = 2
            while used.contains(candidate) { candidate = "\(base)-\(n)"; n += 1 }
            used.insert(candidate)
            return candidate
        }
    }

    static func slug(_ title: String) -> String {
        let folded = title.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
        var out = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            let keep = (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9")
            if keep {
                if pendingDash && !out.isEmpty { out += "-" }
                pendingDash = false
                out.unicodeScalars.append(scalar)
                if out.count >= 60 { break }
            } else {
                pendingDash = true
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "conversation" : out
    }

    /// A name safe as one path component: no `/`, `\`, control characters or leading dots; at
    /// most 100 Unicode scalars and 200 UTF-8 bytes with the extension kept.
    static func safeFileName(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || "/\\:*?\"<>|".unicodeScalars.contains(scalar) {
                out += "-"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        while out.hasPrefix(".") || out.hasPrefix(" ") { out.removeFirst() }
        while out.hasSuffix(" ") || out.hasSuffix(".") { out.removeLast() }
        // Counted in scalars and bytes, not Characters: 200 combining marks are one Character but
        // 400 bytes, past the file system's 255-byte name limit.
        if out.unicodeScalars.count > 100 || out.utf8.count > 200 {
            let ext = AssetNames.safeExtension(of: out).map { "." + $0 } ?? ""
            var stem = ""
            for scalar in out.unicodeScalars {
                if stem.unicodeScalars.count + ext.unicodeScalars.count >= 100
                    || stem.utf8.count + String(scalar).utf8.count + ext.utf8.count > 200
                {
                    break
                }
                stem.unicodeScalars.append(scalar)
            }
            out = stem + ext
        }
        return out.isEmpty ? "file" : out
    }

    /// Writes every conversation; returns one entry per conversation, in the order given.
    static func write(_ chats: [ImportedChat], into output: OutputSink) throws(DiagnosticError) -> [ImportedEntry] {
        try write(chats, into: output, native: true).map(\.entry)
    }

    /// Writes every conversation's photos and files, and with `native` its `SLUG.json`; returns
    /// one entry per conversation with the conversation itself (as its native file reads back),
    /// in the order given. `render --from` renders the conversations from memory and writes only
    /// their files, each distinct content once whatever its name (the names are not shown).
    /// `files` says which chats (by index) have their photos and files written: a shard of a site
    /// (`--shard`) needs every conversation's entry but only its own pages' files. `slugs`, when
    /// given, are the chats' folders.
    static func write(
        _ chats: [ImportedChat], into output: OutputSink, native: Bool,
        files: (Int) -> Bool = { _ in true }, summaries: Bool = true, slugs given: [String]? = nil
    ) throws(DiagnosticError) -> [(entry: ImportedEntry, conversation: Conversation)] {
        // A site updated in place names its conversations across every source, read or not.
        let slugs = given ?? slugs(for: chats.map(\.title))
        var entries: [(entry: ImportedEntry, conversation: Conversation)] = []
        for (c, (chat, slug)) in zip(chats, slugs).enumerated() {
            let writesFiles = files(c)
            var usedNames: Set<String> = []
            // The same bytes under the same name (a screenshot pasted into many prompts) are
            // written once and shared: the photos are then made once too.
            var written: [String: [[UInt8]: String]] = [:]
            var messages: [Message] = []
            messages.reserveCapacity(chat.turns.count)
            for turn in chat.turns {
                var attachments: [Attachment] = []
                for (a, item) in turn.attachments.enumerated() {
                    var attachment = Attachment(
                        id: item.id ?? "a\(a + 1)", name: item.name, byteCount: max(0, item.byteCount),
                        contentType: item.contentType, alt: item.alt)
                    if !writesFiles {
                        // Counted in the entry, not rendered here: its bytes are not written.
                        switch item.content {
                        case .bytes, .file, .zipEntry: attachments.append(attachment); continue
                        case .remote, .unavailable: break
                        }
                    }
                    switch item.content {
                    case .bytes(let bytes):
                        let safe = native ? safeFileName(item.name).lowercased() : ""
                        if let same = written[safe]?[bytes] {
                            attachment.url = .local(same)
                        } else {
                            let relative = freshPath(slug: slug, name: item.name, used: &usedNames)
                            try output.write(bytes, to: relative)
                            written[safe, default: [:]][bytes] = relative
                            attachment.url = .local(relative)
                        }
                    case .file(let source):
                        let relative = freshPath(slug: slug, name: item.name, used: &usedNames)
                        try output.copy(source, to: relative)
                        attachment.url = .local(relative)
                    case .zipEntry(let archive, let entry):
                        let relative = freshPath(slug: slug, name: item.name, used: &usedNames)
                        let folder = try output.folder(FilePath.directory(relative))
                        try archive.extract(entry, to: FilePath.join(folder, FilePath.lastComponent(relative)))
                        attachment.url = .local(relative)
                    case .remote(let url):
                        attachment.url = .remote(url)
                    case .unavailable:
                        // Drawn as "Photo unavailable" or "File unavailable", never as a broken link.
                        attachment.status = .unavailable
                    }
                    attachments.append(attachment)
                }
                var message = Message(id: turn.id, role: turn.role, text: turn.parts.isEmpty ? turn.text : "", attachments: attachments, date: turn.date)
                message.parts = turn.parts
                message.sources = turn.sources
                message.speaker = turn.speaker
                message.speakerPhrase = turn.speakerPhrase
                message.model = turn.model
                message.modelID = turn.modelID
                message.version = turn.version
                message.usage = turn.usage
                message.branch = turn.branch
                messages.append(message)
            }
            let file = "\(slug).json"
            // Imported replies are Markdown: the file asks for full markup (a --markup given to render still wins).
            var conversation = Conversation(title: chat.title, messages: messages, markup: .full)
            conversation.facts = chat.facts
            conversation.redaction = chat.redaction
            conversation.date = chat.date
            conversation.project = chat.project
            conversation.agent = chat.agent
            conversation.sessionUsage = chat.sessionUsage
            if native { try output.write(NativeJSON.encode(conversation), to: file) }
            var entry = ImportedEntry(
                title: chat.title, file: file, slug: slug, date: chat.date, messageCount: messages.count,
                project: chat.project, agent: chat.agent)
            if summaries { entry.summary = ConversationSummary(messages, sessionUsage: chat.sessionUsage) }
            entries.append((entry, conversation))
        }
        return entries
    }

    private static func freshPath(slug: String, name: String, used: inout Set<String>) -> String {
        let safe = safeFileName(name)
        var candidate = safe
        var n = 2
        while used.contains(candidate.lowercased()) {
            if let dot = safe.lastIndex(of: "."), dot != safe.startIndex {
                candidate = "\(safe[..<dot])-\(n)\(safe[dot...])"
            } else {
                candidate = "\(safe)-\(n)"
            }
            n += 1
        }
        used.insert(candidate.lowercased())
        return "\(filesFolder)/\(slug)/\(candidate)"
    }

    /// Newest first by date (undated last); equal dates keep their order.
    static func newestFirst(_ entries: [ImportedEntry]) -> [ImportedEntry] {
        newestFirst(entries, date: \.date)
    }

    static func newestFirst<Item>(_ entries: [Item], date: (Item) -> ChatDate?) -> [Item] {
        entries.enumerated().sorted { a, b in
            switch (date(a.element), date(b.element)) {
            case let (x?, y?) where x.secondsSinceEpoch != y.secondsSinceEpoch: return x.secondsSinceEpoch > y.secondsSinceEpoch
            case (_?, nil): return true
            case (nil, _?): return false
            default: return a.offset < b.offset
            }
        }.map(\.element)
    }
}
