import Foundation
import ChatModel
import ChatSupport

/// `--redact`: masks what should not leave the person's machine when they share an imported
/// chat: credentials become `[REDACTED]` (a private key block `[REDACTED PRIVATE KEY]`), the
/// home folder (`/home/NAME`, `/Users/NAME`, `C:\Users\NAME`) becomes `~`, and, when asked, email
/// addresses become `[email]`.
///
/// Credentials are found two ways: by their own shape, the published formats of a hundred
/// services' tokens and keys (``SecretFormats``, found in one pass by ``SecretScanner``), wherever
/// they stand; and by their place (``RedactionRules``): private key blocks, passwords and keys in
/// URLs, headers and connection strings, and values whose key's name says they are secret.
///
/// The rules aim at what is certainly a secret, not at what might be: a value is masked only
/// when its shape or its key says so, and ordinary prose and code (`password = input()`,
/// `MAX_TOKENS=4096`, `token_type: "bearer"`, URLs with `/home/` in their path) are left alone.
/// A password with no telling name or shape ("the password is hunter2") cannot be known.
package enum Redactor {
    /// The kinds a page counts (``RedactionSummary``), in the order it reports them.
    package static let credential = "credential"
    package static let homeFolder = "home folder"
    package static let email = "email"

    /// What replaces a credential.
    package static let mask = "[REDACTED]"

    /// Masks every string of `chats` that a reader sees or a file name carries. Returns the chats,
    /// each with its ``ImportedChat/redaction`` set, and the counts for all of them together.
    package static func redact(_ chats: [ImportedChat], emails: Bool) -> ([ImportedChat], RedactionSummary) {
        var unscanned: [Unscanned] = []
        let (masked, report) = redact(chats, emails: emails, unscanned: &unscanned)
        return (masked, report.summary)
    }

    /// As above, with the finer report (each kind's count, and where each was found);
    /// `unscanned` collects, per chat, the files that are copied as they are because they are not
    /// text (PDFs, office documents, archives …: only text can be masked). Photos, films and
    /// sound are not listed: nobody expects words masked in them.
    package static func redact(_ chats: [ImportedChat], emails: Bool, unscanned: inout [Unscanned]) -> ([ImportedChat], RedactionReport) {
        var report = RedactionReport(emails: emails)
        let redacted = chats.enumerated().map { index, chat -> ImportedChat in
            var scrubber = Scrubber(emails: emails, conversation: index + 1)
            var out = scrubber.chat(chat)
            out.redaction = scrubber.counts.summary(emails: emails)
            report.counts.add(scrubber.counts)
            report.findings += scrubber.findings
            if !scrubber.unscanned.isEmpty { unscanned.append(Unscanned(chat: out.title, files: scrubber.unscanned)) }
            return out
        }
        return (redacted, report)
    }

    /// One turn of a chat masked alone (a watched session's turns, as they come), with what was
    /// found in it; `turn` is its place in the chat, from 0.
    package static func redact(_ turn: ImportedTurn, at index: Int, emails: Bool) -> (ImportedTurn, Counts) {
        var scrubber = Scrubber(emails: emails, conversation: 1)
        let out = scrubber.turn(turn, at: index)
        return (out, scrubber.counts)
    }

    /// A chat's title and facts masked alone (see ``redact(_:at:emails:)``).
    package static func redactHeading(_ chat: ImportedChat, emails: Bool) -> (ImportedChat, Counts) {
        var scrubber = Scrubber(emails: emails, conversation: 1)
        let out = scrubber.heading(chat)
        return (out, scrubber.counts)
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
        var hits: [RedactionHit] = []
        let out = redact(text, emails: emails, hits: &hits)
        for hit in hits { counts.add(hit.kind) }
        return out
    }

    /// One text with its masks applied; `hits` grows by what was found, in the text's order within each rule.
    package static func redact(_ text: String, emails: Bool, hits: inout [RedactionHit]) -> String {
        guard !text.isEmpty else { return text }
        var text = text
        for rule in RedactionRules.blocks { text = rule.apply(to: text, hits: &hits) }
        text = maskFormats(text, hits: &hits)
        for rule in RedactionRules.credentials { text = rule.apply(to: text, hits: &hits) }
        for rule in RedactionRules.home { text = rule.apply(to: text, hits: &hits) }
        if emails { text = RedactionRules.email.apply(to: text, hits: &hits) }
        return text
    }

    /// Every published token format in the text, masked (one pass: ``SecretScanner``).
    static func maskFormats(_ text: String, hits: inout [RedactionHit]) -> String {
        var text = text
        let masked = text.withUTF8 { bytes -> String? in
            let matches = SecretScanner.scan(bytes)
            guard !matches.isEmpty else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var copied = 0
            let mask = Array(Redactor.mask.utf8)
            for match in matches {
                out.append(contentsOf: bytes[copied..<match.range.lowerBound])
                out.append(contentsOf: mask)
                copied = match.range.upperBound
                let format = SecretFormats.all[match.format]
                let checksum = format.checksum.flatMap { $0.holds(Array(bytes[match.range])) }
                hits.append(RedactionHit(kind: format.kind, format: format.name, checksum: checksum))
            }
            out.append(contentsOf: bytes[copied...])
            return String(decoding: out, as: UTF8.self)
        }
        return masked ?? text
    }

    /// How many of each kind were masked.
    package struct Counts: Sendable, Equatable {
        /// Only kinds found (no zeros), so two counts of the same findings are equal.
        package private(set) var byKind: [RedactionKind: Int] = [:]

        package init() {}

        package var credentials: Int { byKind.filter(\.key.isCredential).values.reduce(0, +) }
        package var homeFolders: Int { byKind[.homeFolder] ?? 0 }
        package var emails: Int { byKind[.email] ?? 0 }

        package mutating func add(_ kind: RedactionKind, _ count: Int = 1) {
            guard count > 0 else { return }
            byKind[kind, default: 0] += count
        }

        package mutating func add(_ other: Counts) {
            for (kind, count) in other.byKind { add(kind, count) }
        }

        /// What a page says: credentials, home folders and (when looked for) email addresses,
        /// zero or not, so a page can say what was checked.
        package func summary(emails: Bool) -> RedactionSummary {
            var counts: [(kind: String, count: Int)] = [(Redactor.credential, credentials), (Redactor.homeFolder, homeFolders)]
            if emails { counts.append((Redactor.email, self.emails)) }
            return RedactionSummary(counts: counts)
        }
    }
}

/// What `--redact` did to a whole input: each kind's count, and where each one was.
package struct RedactionReport: Sendable, Equatable {
    /// Whether email addresses were looked for.
    package var emails: Bool
    package var counts = Redactor.Counts()
    package var findings: [RedactionFinding] = []

    package init(emails: Bool) {
        self.emails = emails
    }

    /// What the pages say (``RedactionSummary``).
    package var summary: RedactionSummary { counts.summary(emails: emails) }
}

/// One masked value: which conversation, turn and part of it, and what it was. Never the value.
package struct RedactionFinding: Sendable, Equatable {
    /// The conversation's place in the input, from 1, and its (masked) title.
    package var conversation: Int
    package var title: String
    /// The turn, from 1; nil for the conversation's title and facts.
    package var turn: Int?
    /// "text", "part 2 (tool call “Bash”): result", "attachment “.env”: content".
    package var part: String
    package var hit: RedactionHit
}
