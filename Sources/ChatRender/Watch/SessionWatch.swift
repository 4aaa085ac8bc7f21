import Foundation
import ChatModel
import ChatLoad
import ChatPlan
import ChatRenderHTML
import ChatOutput
import ChatAssets

/// `chatrender render --watch SESSION`: renders a session log, then follows it as the agent
/// writes it, until asked to stop.
///
/// Each round reads only the bytes appended since the last (``LiveSession``), makes the
/// conversation so far, renders again only the turns that changed (``LivePage``), and writes the
/// output folder anew, whole and atomically as every render does: `index.html` with every turn,
/// and `live/N.js`, the update a page already open loads (it holds what changed since update
/// N − 1). What did not change is not written again: the session's photos stay the files they
/// were, their web images and the earlier updates are linked from the page on disk, so a round
/// writes the page and what is new. A stop (Ctrl-C) is taken between rounds; the last round
/// then writes the page in its final form, which asks for no more updates: whenever the command
/// ends, the folder holds a complete page.
package final class SessionWatch {
    /// What happened, for the command line to print.
    package enum Event {
        /// The page was written: update `update` (0: the first render), `turns` turns in all,
        /// `added` of them new, with the warnings not told before.
        case wrote(update: Int, turns: Int, added: Int, warnings: [Diagnostic], milliseconds: Int)
        /// The log holds no conversation yet; the page is written once it does.
        case waiting
        /// A round failed (the log went away, the folder could not be written): the page on
        /// disk is the last good one, and watching goes on.
        case failed(DiagnosticError)
    }

    /// Updates kept whole in the folder: a page that fell further behind (a laptop asleep) learns
    /// it from `live/first.js` and reloads, reading the newest page from disk.
    static let keptUpdates = 32

    private let request: RenderRequest
    private var session: LiveSession
    private let inspector: ImageInspector?
    /// The session's photos and files, written anew each round; a file whose bytes did not
    /// change is left as it was, so the asset stage knows it unread (see `SourceIndex`).
    let scratch: ScratchOutput
    private let prepared: PreparedPage
    private var page = LivePage()
    /// The updates written so far, newest last, from number `firstKept` on.
    private var updates: [[UInt8]] = []
    private var firstKept = 1
    /// The number of the last update written (0: only the first render).
    private var written: Int?
    private var told: Set<String> = []
    /// Set for `--redact`: whether email addresses are masked too (nil: nothing is masked). Each
    /// round's conversation is masked before anything of it is written, so no update a page
    /// loads holds what a full render would not.
    package var redactEmails: Bool? = nil
    /// The turns masked in earlier rounds, as they were and as masked, with what was found: a
    /// turn that did not change is not masked again (a long session's rounds stay quick).
    private var maskedTurns: [(original: ImportedTurn, masked: ImportedTurn, counts: Redactor.Counts)] = []

    /// A watch of `path`, read by `reader`, rendered as `request` says (its output folder, theme,
    /// templates and options); `inspector` replaces libvips in tests.
    package init(path: String, reader: any ChatExportReader, request: RenderRequest, inspector: ImageInspector? = nil) throws(DiagnosticError) {
        guard let session = LiveSession(path: path, reader: reader) else {
            throw DiagnosticError(
                Diagnostic(
                    file: path,
                    message:
                        "is \(reader.inputNoun.first.map { "aeiou".contains($0.lowercased()) } == true ? "an" : "a") \(reader.inputNoun), which --watch cannot follow; it follows one session log that is only ever appended to (\(Self.followed))"
                ), kind: .usage)
        }
        if request.singleFile != nil || request.pdf != nil {
            throw DiagnosticError(
                Diagnostic(file: path, message: "--watch writes an output folder that its page reloads from; it does not work with --single-file or --pdf"),
                kind: .usage)
        }
        self.session = session
        self.request = request
        self.inspector = inspector
        prepared = try PreparedPage(request, live: true)
        scratch = try ScratchOutput("watch", keepsUnchangedFiles: true)
    }

    deinit { scratch.remove() }

    /// The formats whose logs are followed, for messages.
    package static var followed: String {
        ExportReaders.all.filter { $0.liveLog("session.jsonl") != nil }.map(\.title).joined(separator: ", ")
    }

    /// Renders the session, then reads it again every `interval` seconds, rendering each time it
    /// grew, until `shouldStop` says so (checked between rounds); then writes the page's final form.
    /// Returns the failure that left the folder without that final page (nothing was ever
    /// written, or the last round could not be), for the command to exit with; nil when the
    /// folder holds the complete page.
    @discardableResult
    package func run(interval: Double = 0.25, shouldStop: () -> Bool, report: (Event) -> Void) -> DiagnosticError? {
        var lastFailure: DiagnosticError?
        var waiting = false
        var first = true
        while !shouldStop() {
            do throws(DiagnosticError) {
                let grew = try session.poll()
                if grew || first {
                    first = false
                    if let event = try round(watching: true) {
                        report(event)
                        waiting = false
                    } else if !waiting {
                        report(.waiting)
                        waiting = true
                    }
                }
            } catch {
                lastFailure = error
                report(.failed(error))
            }
            PreviewWatch.pause(interval, unless: shouldStop)
        }
        // The page's last form: complete, and no longer asking for updates.
        guard written != nil else {
            return lastFailure
                ?? DiagnosticError(
                    Diagnostic(file: request.conversationPath, message: "held no conversation while it was watched; nothing was written"),
                    kind: .badData)
        }
        do throws(DiagnosticError) {
            _ = try session.poll()
            if let event = try round(watching: false) { report(event) }
            return nil
        } catch {
            report(.failed(error))
            return error
        }
    }

    /// The chat as `--redact` has it (itself without it).
    func masked(_ chat: ImportedChat) -> ImportedChat {
        guard let emails = redactEmails else { return chat }
        var (out, counts) = Redactor.redactHeading(chat, emails: emails)
        out.turns = chat.turns.enumerated().map { index, turn in
            if index < maskedTurns.count, maskedTurns[index].original == turn {
                counts.add(maskedTurns[index].counts)
                return maskedTurns[index].masked
            }
            let (masked, found) = Redactor.redact(turn, at: index, emails: emails)
            let entry = (original: turn, masked: masked, counts: found)
            if index < maskedTurns.count { maskedTurns[index] = entry } else { maskedTurns.append(entry) }
            counts.add(found)
            return masked
        }
        if maskedTurns.count > chat.turns.count { maskedTurns.removeLast(maskedTurns.count - chat.turns.count) }
        out.redaction = counts.summary(emails: emails)
        return out
    }

    /// One round: the conversation so far into the folder. nil when the log holds none yet.
    func round(watching: Bool) throws(DiagnosticError) -> Event? {
        let start = Date()
        let (read, diagnostics) = session.snapshot()
        guard let read else { return nil }
        let chat = masked(read)
        let fresh = diagnostics.filter { told.insert($0.description).inserted }
        // The conversation's photos and files go into the scratch folder, where the asset stage
        // reads them by path; the conversation stays in memory.
        let (_, conversation) = try ImportWriter.write([chat], into: scratch, native: false, summaries: false)[0]
        let number = written.map { $0 + 1 } ?? 0
        var options = request.options(for: conversation)
        options.strings = prepared.strings
        options.prices = prepared.prices
        options.live = LiveStatus(next: number + 1, watching: watching)
        // Flushed once at the swap, not file by file: a round must stay well inside the page's
        // two seconds however long the watch has run.
        let output = try StagingFolder(replacing: request.outputDirectory, durability: .atCommit)
        do throws(DiagnosticError) {
            var assetsRequest = request
            assetsRequest.conversationPath = FilePath.join(scratch.path, "conversation.json")
            let producer = ChatRenderer.assetProducer(for: assetsRequest, inspector: inspector, previousAssets: output.previousAssets)
            let (assets, assetWarnings, _) = try producer.produceWithStatistics(conversation, into: output)
            let before = page.messages.count
            let messages = conversation.messages ?? []
            let from = page.update(messages, assets: assets, options: options)
            if number > 0 {
                let update = page.script(
                    number: number, from: from, conversation: conversation, assets: assets, options: options,
                    newTurns: max(0, messages.count - before))
                updates.append(update)
                if updates.count > Self.keptUpdates {
                    updates.removeFirst(updates.count - Self.keptUpdates)
                    firstKept = number - Self.keptUpdates + 1
                }
            }
            // The first update kept: a page that fell further behind reloads (see live.js).
            try output.write(Array("window.crLiveFirst && window.crLiveFirst(\(firstKept));\n".utf8), to: LivePage.firstFile)
            // An update once written never changes: those the page on disk already has are linked
            // from it, not written and flushed again (up to 32 each round).
            for (offset, update) in updates.enumerated() {
                let name = LivePage.file(firstKept + offset)
                if !output.keep(name, holding: update) { try output.write(update, to: name) }
            }
            let file = try output.create("index.html")
            page.write(conversation, style: prepared.style, assets: assets, options: options, into: file.sink)
            _ = try file.finish()
            try output.commit()
            written = number
            let warnings = fresh + (number == 0 ? prepared.warnings : []) + assetWarnings.filter { told.insert($0.description).inserted }
            return .wrote(
                update: number, turns: messages.count, added: max(0, messages.count - before), warnings: warnings,
                milliseconds: Int(Date().timeIntervalSince(start) * 1000))
        } catch {
            output.discard()
            throw error
        }
    }
}
