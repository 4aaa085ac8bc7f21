import Foundation
import ChatModel
import ChatSupport

/// `--redact`: masks what should not leave the person's machine when they share an imported
/// chat: credentials (common token shapes, `KEY=value` and `"password": "…"` secrets, bearer
/// tokens, passwords in URLs, PEM private keys) become `[REDACTED]`, the home folder
/// (`/home/NAME`, `/Users/NAME`, `C:\Users\NAME`) becomes `~`, and, when asked, email addresses
/// become `[email]`.
///
/// The rules aim at what is certainly a secret, not at what might be: a value is masked only
/// when its shape or its key says so, and ordinary prose and code (`password = input()`,
/// `MAX_TOKENS=4096`, `token_type: "bearer"`, URLs with `/home/` in their path) are left alone.
package enum Redactor {
    /// The kinds counted, in the order they are reported.
    package static let credential = "credential"
    package static let homeFolder = "home folder"
    package static let email = "email"

    /// What replaces a credential.
    package static let mask = "[REDACTED]"

    /// Masks every string of `chats` that a reader sees or a file name carries. Returns the chats,
    /// each with its ``ImportedChat/redaction`` set, and the counts for all of them together.
    package static func redact(_ chats: [ImportedChat], emails: Bool) -> ([ImportedChat], RedactionSummary) {
        var unscanned: [Unscanned] = []
        return redact(chats, emails: emails, unscanned: &unscanned)
    }

    /// As above; `unscanned` collects, per chat, the files that are copied as they are because
    /// they are not text (PDFs, office documents, archives …: only text can be masked). Photos,
    /// films and sound are not listed: nobody expects words masked in them.
    package static func redact(_ chats: [ImportedChat], emails: Bool, unscanned: inout [Unscanned]) -> ([ImportedChat], RedactionSummary) {
        var total = Counts()
        let redacted = chats.map { chat -> ImportedChat in
            var counts = Counts()
            var scrubber = Scrubber(emails: emails, counts: counts)
            var out = scrubber.chat(chat)
            counts = scrubber.counts
            out.redaction = counts.summary(emails: emails)
            total.add(counts)
            if !scrubber.unscanned.isEmpty { unscanned.append(Unscanned(chat: out.title, files: scrubber.unscanned)) }
            return out
        }
        return (redacted, total.summary(emails: emails))
    }

    /// Files of one chat that `--redact` copied without scanning them.
    package struct Unscanned: Sendable, Equatable {
        /// The chat's title (already masked).
        package var chat: String
        /// The files' names (already masked).
        package var files: [String]

        /// "“Title”: 2 files are copied as they are, not scanned: report.pdf, deck.key (--redact masks text only)".
        package var message: String {
            let count = files.count == 1 ? "1 file is copied as it is" : "\(files.count) files are copied as they are"
            return "“\(chat)”: \(count), not scanned: \(files.joined(separator: ", ")) (--redact masks text only)"
        }
    }

    /// Text attachments larger than this are not read into memory to be masked; they are listed
    /// as unscanned instead. No pasted log or source file comes near it.
    static let textLimit = 32 * 1024 * 1024

    /// One text with its masks applied; `counts` grows by what was masked.
    package static func redact(_ text: String, emails: Bool, counts: inout Counts) -> String {
        guard !text.isEmpty else { return text }
        var text = text
        for rule in Rules.credentials { text = rule.apply(to: text, counts: &counts.credentials) }
        for rule in Rules.home { text = rule.apply(to: text, counts: &counts.homeFolders) }
        if emails { text = Rules.email.apply(to: text, counts: &counts.emails) }
        return text
    }

    /// How many of each kind were masked.
    package struct Counts: Sendable, Equatable {
        package var credentials = 0
        package var homeFolders = 0
        package var emails = 0

        package init() {}

        mutating func add(_ other: Counts) {
            credentials += other.credentials
            homeFolders += other.homeFolders
            emails += other.emails
        }

        /// Every kind looked for, zero or not, so a page can say what was checked.
        func summary(emails: Bool) -> RedactionSummary {
            var counts: [(kind: String, count: Int)] = [(Redactor.credential, credentials), (Redactor.homeFolder, homeFolders)]
            if emails { counts.append((Redactor.email, self.emails)) }
            return RedactionSummary(counts: counts)
        }
    }
}

/// Applies the masks to every field of an imported chat.
private struct Scrubber {
    var emails: Bool
    var counts: Redactor.Counts
    /// Names of files copied without being scanned.
    var unscanned: [String] = []

    mutating func text(_ value: String) -> String { Redactor.redact(value, emails: emails, counts: &counts) }
    mutating func text(_ value: String?) -> String? { value.map { text($0) } }

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
        var chat = chat
        chat.title = text(chat.title)
        chat.project = text(chat.project)
        chat.facts = chat.facts.map {
            var fact = $0; fact.label = text(fact.label); fact.value = text(fact.value); return fact
        }
        chat.turns = chat.turns.map { turn in
            var turn = turn
            turn.text = text(turn.text)
            turn.speaker = text(turn.speaker); turn.speakerPhrase = phrase(turn.speakerPhrase)
            turn.parts = turn.parts.map { part($0) }
            turn.sources = turn.sources.map { source($0) }
            turn.attachments = turn.attachments.map { attachment($0) }
            return turn
        }
        return chat
    }

    mutating func source(_ source: Source) -> Source {
        Source(id: source.id, title: text(source.title), url: text(source.url), snippet: text(source.snippet))
    }

    mutating func attachment(_ item: ImportedAttachment) -> ImportedAttachment {
        var item = item
        item.name = text(item.name)
        item.alt = text(item.alt)
        // Text is masked like the turn's, whether the export carried it (a pasted file's
        // extracted text) or holds it as a file (an uploaded .env, a log, source code): the
        // masked bytes replace the file's in the output. Other files are copied as they are.
        if case .remote = item.content { return item }
        if case .unavailable = item.content { return item }
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
        let masked = text(original)
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

    mutating func message(_ message: Message) -> Message {
        var message = message
        message.text = text(message.text)
        message.speaker = text(message.speaker); message.speakerPhrase = phrase(message.speakerPhrase)
        message.parts = message.parts.map { part($0) }
        message.sources = message.sources.map { source($0) }
        message.attachments = message.attachments.map {
            var a = $0; a.name = text(a.name); a.alt = text(a.alt); return a
        }
        return message
    }

    mutating func part(_ part: TurnPart) -> TurnPart {
        switch part {
        case .text(let value): return .text(text(value))
        case .thinking(var thinking):
            thinking.text = text(thinking.text); thinking.summary = text(thinking.summary)
            return .thinking(thinking)
        case .toolCall(var call):
            call.title = text(call.title); call.input = text(call.input); call.result = text(call.result); call.url = text(call.url)
            call.titlePhrase = phrase(call.titlePhrase)
            return .toolCall(call)
        case .codeExecution(var run):
            run.code = text(run.code); run.output = text(run.output)
            return .codeExecution(run)
        case .diff(var diff):
            diff.path = text(diff.path); diff.unified = text(diff.unified); diff.old = text(diff.old); diff.new = text(diff.new)
            return .diff(diff)
        case .terminal(var terminal):
            terminal.command = text(terminal.command); terminal.output = text(terminal.output)
            return .terminal(terminal)
        case .document(var document):
            document.title = text(document.title); document.content = text(document.content)
            document.versions = document.versions.map { text($0) }
            document.titlePhrase = phrase(document.titlePhrase)
            return .document(document)
        case .notice(var notice):
            notice.text = text(notice.text); notice.detail = text(notice.detail); notice.phrase = phrase(notice.phrase)
            return .notice(notice)
        case .transcript(var transcript):
            transcript.title = text(transcript.title); transcript.phrase = phrase(transcript.phrase)
            transcript.messages = transcript.messages.map { message($0) }
            return .transcript(transcript)
        }
    }
}

/// One pattern and what to put where it matched.
struct RedactionRule: @unchecked Sendable {
    let regex: NSRegularExpression
    /// The capture group replaced; 0 for the whole match.
    let group: Int
    let replacement: String
    /// A last look at the matched value: false leaves it as written.
    let accepts: (@Sendable (String) -> Bool)?
    /// Cheap substrings one of which every match contains; a text with none of them is skipped.
    let hints: [String]

    init(
        _ pattern: String, group: Int = 0, replacement: String = Redactor.mask, hints: [String] = [],
        accepts: (@Sendable (String) -> Bool)? = nil
    ) {
        // The patterns are constants checked by the tests; a typo would fail every redaction test.
        regex = try! NSRegularExpression(pattern: pattern, options: [])
        self.group = group
        self.replacement = replacement
        self.accepts = accepts
        self.hints = hints
        hintBytes = hints.map { Array($0.utf8) }
    }

    private let hintBytes: [[UInt8]]

    /// Whether any hint occurs in the text's UTF-8, without Foundation's locale-aware search
    /// (which was most of the time --redact took).
    static func containsAny(_ text: String, _ needles: [[UInt8]]) -> Bool {
        var text = text
        return text.withUTF8 { bytes -> Bool in
            for needle in needles where !needle.isEmpty && needle.count <= bytes.count {
                let first = needle[0]
                var index = 0
                let last = bytes.count - needle.count
                while index <= last {
                    if bytes[index] == first {
                        var matched = true
                        for offset in 1..<needle.count where bytes[index + offset] != needle[offset] { matched = false; break }
                        if matched { return true }
                    }
                    index += 1
                }
            }
            return false
        }
    }

    func apply(to text: String, counts: inout Int) -> String {
        if !hints.isEmpty, !Self.containsAny(text, hintBytes) { return text }
        let source = text as NSString
        let matches = regex.matches(in: text, options: [], range: NSRange(location: 0, length: source.length))
        guard !matches.isEmpty else { return text }
        let out = NSMutableString(string: text)
        var changed = 0
        for match in matches.reversed() {
            let range = match.range(at: group)
            guard range.location != NSNotFound else { continue }
            let value = source.substring(with: range)
            // Already masked (a second run, or text that quotes a mask): left as it is and not counted.
            if value == replacement || value == Redactor.mask { continue }
            if let accepts, !accepts(value) { continue }
            out.replaceCharacters(in: range, with: replacement)
            changed += 1
        }
        counts += changed
        return changed == 0 ? text : out as String
    }
}

/// The patterns, compiled once. Every repeat that does not start at a fixed prefix is bounded, so
/// a long run of token-like text (a base64 blob in a tool result) costs linear time, not quadratic.
enum Rules {
    /// A value after a secret's key is masked only when it looks like one: at least 6 characters,
    /// not only digits, not a web address or path, and with a digit, both cases, or a symbol.
    static let secretValue: @Sendable (String) -> Bool = { value in
        guard value.count >= 6, !value.allSatisfy(\.isNumber), !value.contains("://"), !value.hasPrefix("/"),
            !value.allSatisfy({ $0 == "*" || $0 == "x" || $0 == "X" || $0 == "." })
        else { return false }
        let digit = value.contains(where: \.isNumber)
        let mixed = value.contains(where: \.isUppercase) && value.contains(where: \.isLowercase)
        let symbol = value.contains(where: { "!@#%^&*+=/~?".contains($0) })
        return digit || mixed || symbol
    }

    static let envKey =
        #"(?:[A-Z0-9]{1,40}_){0,8}(?:SECRET|PASSWORD|PASSWD|PASS|PWD|TOKEN|CREDENTIALS?|APIKEY|(?:API|ACCESS|PRIVATE|SECRET|AUTH|CLIENT|ENCRYPTION|SIGNING|MASTER|SESSION)_KEY)(?:_[A-Z0-9]{1,40}){0,8}"#
    static let codeKey =
        #"[A-Za-z0-9_.-]{0,40}(?:[Pp]assword|PASSWORD|[Pp]asswd|[Ss]ecret|SECRET|[Tt]oken|TOKEN|[Aa]pi_?[Kk]ey|API_?KEY|[Aa]ccess_?[Kk]ey|[Pp]rivate_?[Kk]ey|[Cc]lient_?[Ss]ecret)[A-Za-z0-9_-]{0,40}"#

    static let credentials: [RedactionRule] = [
        // A PEM private key: its body, between the armour lines.
        RedactionRule(
            #"(-----BEGIN ((?:[A-Z0-9]{1,20} ){0,4})PRIVATE KEY-----)[\s\S]{0,65536}?(-----END \2PRIVATE KEY-----)"#, group: 0,
            replacement: "-----BEGIN PRIVATE KEY-----\n[REDACTED]\n-----END PRIVATE KEY-----", hints: ["PRIVATE KEY-----"]),
        // Cloud and service tokens, by their documented prefixes.
        RedactionRule(#"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b"#, hints: ["AKIA", "ASIA", "ABIA", "ACCA"]),
        RedactionRule(#"\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,255}\b|\bgithub_pat_[A-Za-z0-9_]{22,255}\b"#, hints: ["gh", "github_pat_"]),
        RedactionRule(#"\bglpat-[A-Za-z0-9_-]{20,}"#, hints: ["glpat-"]),
        RedactionRule(#"\bxox[abposr]-[A-Za-z0-9-]{10,}|https://hooks\.slack\.com/services/[A-Za-z0-9_/-]{20,}"#, hints: ["xox", "hooks.slack.com"]),
        RedactionRule(#"\bsk-(?:ant-|proj-|svcacct-|admin-)?(?=[A-Za-z0-9_-]*[0-9])[A-Za-z0-9_-]{20,}"#, hints: ["sk-"]),
        RedactionRule(#"\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}\b"#, hints: ["_live_", "_test_"]),
        RedactionRule(#"\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])|\bya29\.[0-9A-Za-z_-]{20,}"#, hints: ["AIza", "ya29."]),
        RedactionRule(#"\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}"#, hints: ["eyJ"]),
        // Bearer tokens and basic credentials in headers.
        RedactionRule(#"(?i)\bbearer\s+([A-Za-z0-9._~+/-]{16,}=*)"#, group: 1, hints: ["earer", "EARER"], accepts: secretValue),
        RedactionRule(#"(?i)authorization:\s*basic\s+([A-Za-z0-9+/]{12,}={0,2})"#, group: 1, hints: ["asic", "ASIC"]),
        // A password inside a URL: scheme://user:PASSWORD@host.
        RedactionRule(#"\b[a-zA-Z][a-zA-Z0-9+.-]{0,30}://[^\s:/@]{1,256}:([^\s:/@]{3,256})@"#, group: 1, hints: ["@"]),
        // KEY=value for environment-style keys, quoted or not.
        RedactionRule(#"\b"# + envKey + #"\b\s*[:=]\s*["']?([^\s"'`$(){}\[\]<>,;]+)"#, group: 1, hints: ["=", ":"], accepts: secretValue),
        // "password": "…", password = '…', apiKey: "…" in code and config: a quoted literal only.
        RedactionRule(#"["']?\b"# + codeKey + #"\b["']?\s*(?::|=|=>)\s*(["'])([^"'\s]+)\1"#, group: 2, hints: ["=", ":"], accepts: secretValue),
    ]

    static let home: [RedactionRule] = [
        RedactionRule(
            #"(?:(?<=file://)|(?<![A-Za-z0-9._~/:-]))/(?:home|Users)/(?!Shared(?![A-Za-z0-9._-]))[A-Za-z0-9._-]+(?![A-Za-z0-9._-])"#,
            replacement: "~", hints: ["/home/", "/Users/"]),
        RedactionRule(
            #"(?<![A-Za-z0-9])[A-Za-z]:(?:\\\\|\\|/)Users(?:\\\\|\\|/)(?!Public(?![^\\/\s"'<>:|?*]))[^\\/\s"'<>:|?*]+"#,
            replacement: "~", hints: ["Users"]),
    ]

    static let email = RedactionRule(
        #"(?<![A-Za-z0-9._%+-])(?!git@)[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}(?![A-Za-z0-9-])"#,
        replacement: "[email]", hints: ["@"])
}
