import ChatModel
import ChatLoad
import ChatTheme
import ChatPlan
import ChatRenderHTML
import ChatOutput
import ChatAssets
import Foundation
/// `chatrender preview`: loads the themes and writes the gallery page into `--out`, atomically,
/// through the same template and writer as a conversation page, in the gallery's page shell.
package enum ThemePreview {
    /// What to read and where to write.
    package struct Request: Sendable {
        package var themePaths: [String]
        /// Where a partial theme finds the bundled themes it builds on.
        package var bundledThemes = BundledThemes.unknown
        package var templatesDirectory: String
        package var outputDirectory: String
        package var locale: PageLocale
        /// The person's own conversations (`--conversation`), shown in every theme and mode.
        package var conversationPaths: [String] = []
        /// The built-in sample (links, code, a table, maths, photos), shown first; nil for none.
        package var samplePath: String?
        /// How their photos become web images.
        package var images = ImageSettings()
        /// Set by `--watch`: the version this render is, which the page shows and `reload.js` names.
        package var watchVersion: String?

        package init(
            themePaths: [String], templatesDirectory: String, outputDirectory: String, locale: PageLocale = .standard,
            conversationPaths: [String] = [], samplePath: String? = nil
        ) {
            self.themePaths = themePaths
            self.templatesDirectory = templatesDirectory
            self.outputDirectory = outputDirectory
            self.locale = locale
            self.conversationPaths = conversationPaths
            self.samplePath = samplePath
        }
    }

    /// What a finished preview reports.
    package struct Result: Sendable {
        package var outputDirectory: String
        /// Bytes of `index.html`.
        package var pageSize: Int
        /// The themes shown, by name.
        package var themeNames: [String]
        /// One warning per failing contrast check of each theme: the same list `theme check` and
        /// `render` check, so the three report the same failures.
        package var warnings: [Diagnostic] = []
    }

    /// Writes `index.html` for the request; every theme's problems are reported together.
    package static func render(_ request: Request) throws(DiagnosticError) -> Result {
        var themes: [Theme] = []
        var problems: [Diagnostic] = []
        var warnings: [Diagnostic] = []
        var kind = DiagnosticError.Kind.badData
        for path in request.themePaths {
            do throws(DiagnosticError) {
                let theme = try ThemeLoader.load(path: path, displayPath: path, bundledThemes: request.bundledThemes)
                themes.append(theme)
                warnings += ThemeContrast.diagnostics(for: theme, displayPath: path)
            } catch {
                problems += error.diagnostics
                if error.kind == .missingInput { kind = .missingInput }
            }
        }
        var loaded: [(path: String, conversation: Conversation, isSample: Bool)] = []
        for (path, isSample) in (request.samplePath.map { [($0, true)] } ?? []) + request.conversationPaths.map({ ($0, false) }) {
            do throws(DiagnosticError) {
                let (conversation, loadWarnings) = try ConversationLoader.load(path: path)
                loaded.append((path, conversation, isSample))
                warnings += loadWarnings
            } catch {
                problems += error.diagnostics
                if error.kind == .missingInput { kind = .missingInput }
            }
        }
        if !problems.isEmpty { throw DiagnosticError(problems, kind: kind) }
        // The chats and composers speak `--locale`'s language; the gallery's own notes stay English.
        var request = request
        let (strings, stringWarnings) = try UIStrings.load(locale: request.locale.tag, templates: request.templatesDirectory)
        request.locale.strings = strings
        warnings += stringWarnings
        let template = try PageTemplate.load(directory: request.templatesDirectory)
        let output = try StagingFolder(replacing: request.outputDirectory)
        do throws(DiagnosticError) {
            // Photos and files go through the same asset stage as a rendered page, into this output.
            var conversations: [PreviewConversation] = []
            for entry in loaded {
                let base = FilePath.directory(entry.path)
                let producer = AssetProducer(
                    inspector: VipsImageInspector(
                        maxPixels: request.images.maxPixels,
                        allowUntrustedLoaders: request.images.allowUntrustedLoaders),
                    baseDirectory: base.isEmpty ? "." : base, displayPath: entry.path,
                    settings: request.images, previousAssets: output.previousAssets)
                let (assets, assetWarnings) = try producer.produce(entry.conversation, into: output)
                if !entry.isSample { warnings += assetWarnings }
                conversations.append(
                    previewConversation(
                        entry.conversation, path: entry.path, isSample: entry.isSample,
                        assets: assets, locale: request.locale))
            }
            let page = PreviewGallery.page(
                themes: themes, template: template, locale: request.locale, conversations: conversations,
                watchVersion: request.watchVersion)
            try output.write(page, to: "index.html")
            if let version = request.watchVersion {
                try output.write(Array(PreviewReloadScript.watcher.utf8), to: PreviewReloadScript.watcherFile)
                try output.write(Array(PreviewReloadScript.versionScript(version).utf8), to: PreviewReloadScript.versionFile)
            }
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
        return Result(
            outputDirectory: output.destination, pageSize: pageSize(output.destination), themeNames: themes.map(\.name),
            warnings: warnings)
    }

    static func pageSize(_ folder: String) -> Int {
        var info = stat()
        return stat(FilePath.join(folder, "index.html"), &info) == 0 ? Int(info.st_size) : 0
    }

    /// How a conversation is shown in the gallery: the sample under its own name, the person's
    /// under theirs, each in its own markup (a file's `"markup"`, else `auto`).
    static func previewConversation(
        _ conversation: Conversation, path: String, isSample: Bool,
        assets: AssetTable, locale: PageLocale
    ) -> PreviewConversation {
        var options = RenderOptions(showRetry: false, markup: conversation.markup ?? .auto)
        options.locale = locale
        let messages = conversation.messages ?? []
        let turns = messages.count == 1 ? "1 turn" : "\(messages.count) turns"
        if isSample {
            return PreviewConversation(
                title: "Replies in full markup",
                note:
                    "<strong>The sample</strong> — photos, a link, inline and block code, a table, maths, a quote and a list: the link, code and syntax colours.",
                messages: messages, assets: assets, options: options)
        }
        let name = conversation.title.flatMap { $0.isEmpty ? nil : $0 } ?? FilePath.lastComponent(path)
        let file = FilePath.lastComponent(path)
        let note: HTML = "<strong>\(file)</strong> — \(turns)."
        return PreviewConversation(
            title: "Your conversation: \(name)", note: note,
            messages: messages, assets: assets, options: options)
    }
}
