import Foundation
import ChatModel
import ChatLoad
import ChatPlan
import ChatOutput
import ChatAssets

/// A site of an agent's sessions kept up to date in place: run again into the same `--out`, only
/// the sources that changed are read (``InputSource``, by their files' size, modification time
/// and inode, as the site's ``SiteManifest`` recorded them), only their pages are rendered, and
/// the index, the search shards and the insights are written where their bytes changed. It is
/// still made in a staging folder and swapped in whole (``StagingFolder``): what did not change
/// is hard-linked into it, so it keeps its bytes and modification time, and a run that finds
/// nothing changed writes nothing. A session whose log was deleted keeps its page, marked so on
/// the page and in the index. The site it makes is the one a first run on the same input makes.
enum SiteUpdate {
    /// One conversation of the site: its entry, and either its conversation (read this run) or
    /// the folder its page has in the output replaced.
    private struct Item {
        var entry: ImportedEntry
        var folder: String?
        /// Read this run: its page is rendered.
        var chat: ImportedChat? = nil
        var oldSlug: String? = nil
        /// Its source was deleted before this run (its page is marked already) or during it.
        var goneBefore = false
    }

    static func render(_ request: ImportRequest, render: RenderRequest, inspector: ImageInspector?) throws(DiagnosticError) -> SiteRenderer.Result {
        // The manifest is decoded on another thread while the sources are listed and stamped:
        // the two are most of a run that finds one session changed.
        let output = render.outputDirectory
        let loading = InBackground { () throws(DiagnosticError) -> SiteManifest.Loaded in SiteManifest.Loaded(SiteManifest.load(output)) }
        let listed = request.format.reader.sources(request.inputPath)
        let loaded = try loading.value()
        var (previous, warnings) = (loaded.manifest, loaded.warnings)
        if let made = previous, made.settings != settings(request, render) { previous = nil }
        return try build(request, render: render, listed: listed, previous: previous, warnings: warnings, inspector: inspector)
    }

    /// What a page depends on beyond its source and the style: a site made with other ones is
    /// made again whole.
    static func settings(_ request: ImportRequest, _ render: RenderRequest) -> String {
        var print = Fingerprint("chatrender site settings 1")
        print.add(ChatRenderVersion.string)
        print.add(render.cacheBuild)
        print.add(request.format.reader.name)
        print.add(URL(fileURLWithPath: request.inputPath).standardizedFileURL.path)
        print.add(request.includeSystem)
        print.add(String(describing: render.options))
        print.add(String(describing: render.images))
        print.add(render.insights)
        print.add(render.markupGiven)
        print.add(render.pricesPath ?? "")
        return print.finish()
    }

    private static func build(
        _ request: ImportRequest, render: RenderRequest, listed: [InputSource], previous: SiteManifest?, warnings given: [Diagnostic],
        inspector: ImageInspector?
    ) throws(DiagnosticError) -> SiteRenderer.Result {
        var warnings = given
        let reader = request.format.reader
        let options = ReadOptions(includeSystem: request.includeSystem)
        let output = render.outputDirectory
        var known: [String: SiteManifest.Source] = [:]
        for source in previous?.sources ?? [] { known[source.path] = source }

        // 1. Read the sources that changed; take the others' entries from the manifest.
        var sources: [(SiteManifest.Source, [Item])] = []
        var read = 0
        var failures: [DiagnosticError] = []
        // Named in the manifest relative to the input: the same site whether INPUT is given
        // relative or absolute.
        let root = OutputWriter.trimmingTrailingSlashes(request.inputPath)
        func inside(_ path: String) -> String { path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path }
        var restamped = 0
        // A source read this run, each file's content hash taken before it is read: what tells
        // a file touched from one changed next time.
        func readAgain(_ source: InputSource, _ found: [(file: String, stamp: SiteManifest.Stamp)]) {
            read += 1
            let stamps = found.map {
                var stamp = $0.stamp; stamp.hash = SiteManifest.contentHash($0.file); return stamp
            }
            var record = SiteManifest.Source(path: inside(source.path), reader: source.reader, files: stamps, entries: [])
            do throws(DiagnosticError) {
                let found = try reader.read(source: source, options: options)
                warnings += found.warnings
                var items: [Item] = []
                for chat in found.chats {
                    var entry = ImportedEntry(title: chat.title, file: "", slug: "", date: chat.date, messageCount: chat.turns.count, agent: chat.agent)
                    entry.project = chat.project
                    items.append(Item(entry: entry, folder: chat.project, chat: chat))
                }
                sources.append((record, items))
            } catch {
                failures.append(error)
                // One source that cannot be read costs only its sessions; it is read again next run.
                warnings += error.diagnostics.map {
                    var d = $0; d.severity = .warning; d.message += "; its sessions are left out"; return d
                }
                record.failed = true
                sources.append((record, []))
            }
        }
        for source in listed {
            let found = source.files.compactMap { file in
                SiteManifest.Stamp(path: file).map {
                    var stamp = $0; stamp.path = inside(file); return (file: file, stamp: stamp)
                }
            }
            guard let old = known.removeValue(forKey: inside(source.path)), !old.failed,
                old.entries.allSatisfy({ FileManager.default.fileExists(atPath: FilePath.join(FilePath.join(output, $0.entry.slug), "index.html")) })
            else {
                readAgain(source, found)
                continue
            }
            // Its files as they were; or touched, copied or restored with the same bytes (their
            // content hashes are the ones recorded), and then recorded as they are now.
            var kept = old
            if !SiteManifest.Stamp.same(old.files, found.map(\.stamp)) {
                guard let files = SiteManifest.Stamp.sameContent(old.files, found) else {
                    readAgain(source, found)
                    continue
                }
                kept.files = files
                restamped += 1
            }
            sources.append((kept, old.entries.map { Item(entry: $0.entry, folder: $0.folder, oldSlug: $0.entry.slug) }))
        }
        // Sources no longer there: their pages are kept, marked.
        for old in known.values.sorted(by: { $0.path < $1.path }) where !old.failed {
            let items = old.entries.compactMap { kept -> Item? in
                guard FileManager.default.fileExists(atPath: FilePath.join(FilePath.join(output, kept.entry.slug), "index.html")) else { return nil }
                var item = Item(entry: kept.entry, folder: kept.folder, oldSlug: kept.entry.slug, goneBefore: kept.entry.sourceGone)
                item.entry.sourceGone = true
                return item
            }
            if !items.isEmpty { sources.append((old, items)) }
        }
        // Nothing could be read: the readers' own errors, as a render of the whole input throws them.
        if let first = failures.first, sources.allSatisfy({ $0.1.isEmpty }) {
            throw DiagnosticError(given + failures.flatMap(\.diagnostics), kind: first.kind)
        }
        sources.sort { $0.0.path < $1.0.path }
        try render.refuseIfStrict(warnings)
        return try finish(
            request, render: render, listed: listed, previous: previous, sources: sources, read: read, restamped: restamped, warnings: warnings,
            inspector: inspector)
    }

    /// 2. Name the pages and projects across the site, render what was read, keep the rest, write
    /// the index, search and insights where they changed, and swap the site in.
    private static func finish(
        _ request: ImportRequest, render given: RenderRequest, listed: [InputSource], previous: SiteManifest?, sources: [(SiteManifest.Source, [Item])],
        read: Int, restamped: Int,
        warnings told: [Diagnostic], inspector: ImageInspector?
    ) throws(DiagnosticError) -> SiteRenderer.Result {
        var warnings = told
        var render = given
        var items = sources.flatMap(\.1)
        let owner = sources.enumerated().flatMap { k, source in Array(repeating: k, count: source.1.count) }
        guard !items.isEmpty else {
            throw DiagnosticError(
                warnings.map {
                    var d = $0; d.severity = .error; return d
                } + [Diagnostic(file: request.inputPath, message: "holds no conversation that could be read")], kind: .missingInput)
        }
        let slugs = ImportWriter.slugs(for: items.map(\.entry.title))
        let projects = ProjectNames.names(items.map(\.folder))
        for k in items.indices {
            items[k].entry.slug = slugs[k]
            items[k].entry.file = "\(slugs[k]).json"
            items[k].entry.project = projects[k]
        }
        // The chats read: their photos and files into a scratch folder, their summaries made.
        let scratch = try ScratchOutput("import")
        defer { scratch.remove() }
        let fresh = items.indices.filter { items[$0].chat != nil }
        let written = try ImportWriter.write(fresh.map { items[$0].chat! }, into: scratch, native: false, slugs: fresh.map { slugs[$0] })
        var conversations: [String: Conversation] = [:]
        for (k, made) in zip(fresh, written) {
            var entry = made.entry
            entry.project = projects[k]
            items[k].entry = entry
            items[k].chat = nil
            conversations[entry.slug] = made.conversation
        }
        let ordered = ImportWriter.newestFirst(items, date: \.entry.date)
        let entries = ordered.map(\.entry)
        let writer = try SiteWriter(entries, render: render, stable: true, previousShards: previous?.shards ?? [])
        // Pages carry the number of shards and the style: when either changed, every page is
        // made again, which needs every source read.
        if let previous, previous.style != writer.page.fingerprint || previous.shards.count != writer.shardCount, read < sources.count {
            return try build(request, render: given, listed: listed, previous: nil, warnings: told, inspector: inspector)
        }
        if render.cache == nil, let folder = render.cacheDirectory {
            do throws(DiagnosticError) { render.cache = try RenderCache(folder: folder, build: render.cacheBuild) } catch { warnings += error.diagnostics }
        }
        defer { render.cache?.prune() }
        let priceWarnings = PriceWarnings.diagnostics(for: entries.map(\.summary.usage), prices: writer.page.prices, file: render.pricesDisplayPath)
        try render.refuseIfStrict(priceWarnings)
        warnings += priceWarnings

        // The manifest and search texts, encoded on another thread while the pages are made.
        var records = sources.map(\.0)
        for k in records.indices { records[k].entries = [] }
        for (k, item) in items.enumerated() { records[owner[k]].entries.append(.init(entry: item.entry, folder: item.folder)) }
        let manifest = SiteManifest(settings: settings(request, given), style: writer.page.fingerprint, shards: writer.shardPrints, sources: records)
        let state = InBackground { () throws(DiagnosticError) -> [[UInt8]] in [manifest.bytes(), manifest.searchTexts()] }
        let staging = try StagingFolder(replacing: render.outputDirectory, durability: .atCommit)
        do throws(DiagnosticError) {
            var changed = 0
            var reused = 0
            for item in ordered {
                let slug = item.entry.slug
                if let conversation = conversations[slug] {
                    let folder = try SubfolderOutput(slug, in: staging)
                    var one = render
                    one.options.site = writer.link
                    one.conversationPath = FilePath.join(scratch.path, item.entry.file)
                    one.outputDirectory = folder.destination
                    one.images.remembersSources = false
                    let result = try ChatRenderer.render(one, loaded: (conversation, []), prepared: writer.page, into: folder, inspector: inspector)
                    if result.pageReused { reused += 1 }
                    for warning in result.warnings {
                        var named = warning
                        if warning.file == one.conversationPath { named.file = item.entry.file } else if warnings.contains(warning) { continue }
                        warnings.append(named)
                    }
                    // A page made again as it was (a database read whole, a log touched) is kept as it was.
                    changed += staging.keepSame(under: slug)
                } else if let old = item.oldSlug {
                    if item.entry.sourceGone && !item.goneBefore {
                        guard staging.linkTree(from: old, to: slug) else { throw lost(old) }
                        try markGone(slug, staging: staging, strings: writer.page.strings)
                        changed += 1
                    } else {
                        guard staging.linkTree(from: old, to: slug) else { throw lost(old) }
                        if old != slug { changed += 1 }
                    }
                }
            }
            let counting = CountingSink(staging)
            let indexSize = try writer.write(entries, render: render, into: counting, keep: { staging.keepAsItIs($0) })
            changed += counting.written
            // Pages no longer in the site (a session renamed) are gone with the output replaced.
            let before = Set(previous?.sources.flatMap { $0.entries.map(\.entry.slug) } ?? [])
            if before != Set(entries.map(\.slug)) { changed += 1 }
            // Nothing to write, unless files were found touched: their new stamps are kept.
            if previous != nil && changed == 0 && restamped == 0 {
                staging.discard()
            } else {
                let bytes = try state.value()
                for (bytes, name) in zip(bytes, [SiteManifest.fileName, SiteSearchTexts.fileName]) where !staging.keep(name, holding: bytes) {
                    try staging.write(bytes, to: name)
                }
                try staging.commit()
            }
            var result = SiteRenderer.Result(
                outputDirectory: staging.destination, pages: previous == nil ? conversations.count : entries.count, warnings: warnings,
                pageSize: indexSize, pagesReused: reused)
            if previous != nil {
                result.readAgain = conversations.count
                result.upToDate = changed == 0 && restamped == 0
            }
            return result
        } catch {
            staging.discard()
            throw error
        }
    }

    /// A page the manifest lists that is no longer in the output (removed by hand).
    private static func lost(_ slug: String) -> DiagnosticError {
        DiagnosticError(
            Diagnostic(
                file: slug, message: "a page the site's manifest lists is missing from the output; render into an empty --out to make the site again whole"),
            kind: .cannotWrite)
    }

    /// Writes the note that the page's log was deleted at the top of its `<main>` (a note in
    /// the page's own words, escaped; no script or style), in place of the linked `index.html`.
    private static func markGone(_ slug: String, staging: StagingFolder, strings: UIStrings) throws(DiagnosticError) {
        let page = FilePath.join(slug, "index.html")
        let full = FilePath.join(staging.path, page)
        guard let data = FileManager.default.contents(atPath: full) else { throw lost(slug) }
        var bytes = [UInt8](data)
        let main = Array("<main class=\"cr-main\">\n".utf8)
        let note: HTML = "<p class=\"cr-source-gone\" role=\"note\">\(strings[.sourceDeleted])</p>\n"
        if let at = firstRange(of: main, in: bytes) {
            bytes.insert(contentsOf: note.bytes, at: at + main.count)
        }
        unlink(full)
        try staging.write(bytes, to: page)
    }

    private static func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
        }
        return nil
    }
}

/// The site's staging folder as the index, search and insights see it, counting the files
/// written (not kept from the output replaced because their bytes did not change).
private final class CountingSink: OutputSink, @unchecked Sendable {
    private let staging: StagingFolder
    private(set) var written = 0

    init(_ staging: StagingFolder) { self.staging = staging }

    var destination: String { staging.destination }

    func write(_ bytes: [UInt8], to relative: String) throws(DiagnosticError) {
        if staging.keep(relative, holding: bytes) { return }
        written += 1
        try staging.write(bytes, to: relative)
    }

    func create(_ relative: String) throws(DiagnosticError) -> OutputFile {
        written += 1
        return try staging.create(relative)
    }

    func folder(_ relative: String) throws(DiagnosticError) -> String { try staging.folder(relative) }

    func copy(_ source: String, to relative: String) throws(DiagnosticError) {
        written += 1
        try staging.copy(source, to: relative)
    }
}
