import Foundation
import ChatModel
import ChatSupport

/// Applies the masks to every field of an imported chat, noting where each was found.
struct Scrubber {
    var emails: Bool
    /// The conversation's place in the input, from 1, for the findings.
    var conversation: Int
    var counts = Redactor.Counts()
    var findings: [RedactionFinding] = []
    /// Names of files copied without being scanned.
    var unscanned: [String] = []
    /// The chat's masked title, once known, and the turn and part being masked.
    private var title = ""
    private var turn: Int? = nil
    private var place = ""

    init(emails: Bool, conversation: Int) {
        self.emails = emails
        self.conversation = conversation
    }

    mutating func text(_ value: String, _ where: String? = nil) -> String {
        var hits: [RedactionHit] = []
        let out = Redactor.redact(value, emails: emails, hits: &hits)
        for hit in hits {
            counts.add(hit.kind)
            let part = [place, `where`].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
            findings.append(RedactionFinding(conversation: conversation, title: title, turn: turn, part: part, hit: hit))
        }
        return out
    }

    mutating func text(_ value: String?, _ where: String? = nil) -> String? { value.map { text($0, `where`) } }

    /// Interface words' values (a search's query, a file's path, a site) are the chat's text too,
    /// shown on every page not in English: masked the same, not counted again (the title they
    /// repeat was).
    func phrase(_ phrase: UIPhrase?) -> UIPhrase? {
        guard var phrase else { return nil }
        var repeated = Redactor.Counts()
        for (key, value) in phrase.values { phrase.values[key] = Redactor.redact(value, emails: emails, counts: &repeated) }
        return phrase
    }

    mutating func chat(_ chat: ImportedChat) -> ImportedChat {
        var chat = heading(chat)
        chat.turns = chat.turns.enumerated().map { index, turn in self.turn(turn, at: index) }
        return chat
    }

    /// The title, project and facts.
    mutating func heading(_ chat: ImportedChat) -> ImportedChat {
        var chat = chat
        turn = nil
        place = ""
        let found = findings.count
        chat.title = text(chat.title, "title")
        title = chat.title
        // What the title held is reported under the title as masked.
        for index in found..<findings.count { findings[index].title = title }
        chat.project = text(chat.project, "project")
        chat.facts = chat.facts.map {
            var fact = $0
            fact.label = text(fact.label, "fact")
            fact.value = text(fact.value, "fact “\(fact.label)”")
            return fact
        }
        return chat
    }

    mutating func turn(_ turn: ImportedTurn, at index: Int) -> ImportedTurn {
        var turn = turn
        self.turn = index + 1
        place = ""
        turn.text = text(turn.text, "text")
        turn.speaker = text(turn.speaker, "speaker")
        turn.speakerPhrase = phrase(turn.speakerPhrase)
        turn.parts = turn.parts.enumerated().map { offset, part in
            place = "part \(offset + 1) (\(Self.name(of: part)))"
            return self.part(part)
        }
        place = ""
        turn.sources = turn.sources.enumerated().map { offset, item in source(item, offset + 1) }
        turn.attachments = turn.attachments.map { attachment($0) }
        return turn
    }

    /// A part as the report names it: "text", "tool call “Bash”", "terminal".
    static func name(of part: TurnPart) -> String {
        switch part {
        case .text: "text"
        case .thinking: "thinking"
        case .toolCall(let call): "tool call “\(call.name)”"
        case .codeExecution: "code run"
        case .diff: "diff"
        case .terminal: "terminal"
        case .document: "document"
        case .notice: "notice"
        case .transcript: "transcript"
        }
    }

    mutating func source(_ source: Source, _ number: Int) -> Source {
        Source(
            id: source.id, title: text(source.title, "source \(number) title"), url: text(source.url, "source \(number) address"),
            snippet: text(source.snippet, "source \(number) snippet"))
    }

    mutating func attachment(_ item: ImportedAttachment) -> ImportedAttachment {
        var item = item
        item.name = text(item.name, "attachment name")
        item.alt = text(item.alt, "attachment “\(item.name)” description")
        // A linked file's address may carry a signature or a token in its query.
        if case .remote(let url) = item.content {
            item.content = .remote(text(url, "attachment “\(item.name)” address"))
            return item
        }
        if case .unavailable = item.content { return item }
        // Text is masked like the turn's, whether the export carried it (a pasted file's
        // extracted text) or holds it as a file (an uploaded .env, a log, source code): the
        // masked bytes replace the file's in the output. Other files are copied as they are.
        // Photos, films and sound are never read: nobody expects words masked in them.
        let kind = FileKind(contentType: item.contentType)
        if kind == .image || kind == .movie || kind == .audio { return item }
        let declaredText = Self.isText(item.contentType) || kind == .sourceCode
        let untyped = FileKind.essence(item.contentType).isEmpty || FileKind.essence(item.contentType) == "application/octet-stream"
        // Only text, or what may be text, is read; a PDF or an archive is named unread.
        var bytes: [UInt8]? = nil
        if declaredText || untyped {
            switch item.content {
            case .bytes(let carried): bytes = carried
            case .file(let path): bytes = try? FileInput.read(path: path, displayPath: path, limit: Redactor.textLimit, what: "attached")
            case .zipEntry(let archive, let entry): bytes = try? archive.read(entry, limit: Redactor.textLimit, what: "an attached file")
            case .remote, .unavailable: return item
            }
        }
        guard let bytes, declaredText || untyped, !bytes.contains(0), let original = String(validating: bytes, as: UTF8.self) else {
            unscanned.append(item.name)
            return item
        }
        let masked = text(original, "attachment “\(item.name)” content")
        if masked != original {
            let out = Array(masked.utf8)
            item.content = .bytes(out)
            item.byteCount = Int64(out.count)
        }
        return item
    }

    static func isText(_ type: String) -> Bool {
        let lower = type.lowercased()
        return lower.hasPrefix("text/") || lower.hasPrefix("application/json") || lower.hasPrefix("application/xml")
            || lower.hasPrefix("application/x-yaml") || lower.hasPrefix("application/yaml")
    }

    mutating func message(_ message: Message, _ number: Int) -> Message {
        let outer = place
        defer { place = outer }
        place = "\(outer), message \(number)"
        var message = message
        message.text = text(message.text, "text")
        message.speaker = text(message.speaker, "speaker")
        message.speakerPhrase = phrase(message.speakerPhrase)
        let inner = place
        message.parts = message.parts.enumerated().map { offset, part in
            place = "\(inner), part \(offset + 1) (\(Self.name(of: part)))"
            return self.part(part)
        }
        place = inner
        message.sources = message.sources.enumerated().map { offset, item in source(item, offset + 1) }
        message.attachments = message.attachments.map {
            var a = $0
            a.name = text(a.name, "attachment name")
            a.alt = text(a.alt, "attachment “\(a.name)” description")
            return a
        }
        return message
    }

    mutating func part(_ part: TurnPart) -> TurnPart {
        switch part {
        case .text(let value): return .text(text(value))
        case .thinking(var thinking):
            thinking.text = text(thinking.text)
            thinking.summary = text(thinking.summary, "summary")
            return .thinking(thinking)
        case .toolCall(var call):
            call.title = text(call.title, "title")
            call.input = text(call.input, "input")
            call.result = text(call.result, "result")
            call.url = text(call.url, "address")
            call.titlePhrase = phrase(call.titlePhrase)
            return .toolCall(call)
        case .codeExecution(var run):
            run.code = text(run.code, "code")
            run.output = text(run.output, "output")
            return .codeExecution(run)
        case .diff(var diff):
            diff.path = text(diff.path, "path")
            diff.unified = text(diff.unified, "changes")
            diff.old = text(diff.old, "old text")
            diff.new = text(diff.new, "new text")
            return .diff(diff)
        case .terminal(var terminal):
            terminal.command = text(terminal.command, "command")
            terminal.output = text(terminal.output, "output")
            return .terminal(terminal)
        case .document(var document):
            document.title = text(document.title, "title")
            document.content = text(document.content, "content")
            document.versions = document.versions.enumerated().map { text($0.element, "version \($0.offset + 1)") }
            document.titlePhrase = phrase(document.titlePhrase)
            return .document(document)
        case .notice(var notice):
            notice.text = text(notice.text)
            notice.detail = text(notice.detail, "detail")
            notice.phrase = phrase(notice.phrase)
            return .notice(notice)
        case .transcript(var transcript):
            transcript.title = text(transcript.title, "title")
            transcript.phrase = phrase(transcript.phrase)
            transcript.messages = transcript.messages.enumerated().map { message($0.element, $0.offset + 1) }
            return .transcript(transcript)
        }
    }
}
