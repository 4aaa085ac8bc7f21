import ChatModel
import ChatLoad
import ChatTheme
import ChatPlan
import ChatRenderHTML
import ChatOutput
import ChatPlan

/// What a site (`render --from FORMAT EXPORT --out site/`) holds besides its pages: the shared
/// stylesheet and script (``SiteFiles``), the themed `index.html` and the search shards
/// (`search/0.js` …) made from the conversations' summaries.
///
/// It is made before the pages: it loads the theme, the templates and the words once for all of
/// them (``page``), and plans the shards, so each page names how many there are (``link``). The
/// shards are packed (their texts compressed) on another thread while the pages are rendered;
/// the files, the shards and the index are written once the pages are done.
struct SiteWriter: Sendable {
    /// How many search shards the site has: each page names it (``link``).
    let shardCount: Int
    /// The shards' scripts, in order, packed on another thread while the pages are rendered.
    let shards: InBackground<[[UInt8]]>
    /// The stylesheet and script every page links to.
    let files: SiteFiles
    /// What every page takes from the theme and templates: the same for all of them.
    let page: PreparedPage
    /// The insights page and its data files, made on another thread while the pages are
    /// rendered; nil for a site without them (`--no-insights`, or templates without
    /// `site/insights.css`).
    let insights: InBackground<[(path: String, bytes: [UInt8])]>?

    /// Folder of the search shards inside the site.
    static let searchFolder = "search"

    /// Each shard's ``SearchIndex/Shard/fingerprint``, in order: a site updated in place keeps
    /// the shards whose fingerprint it recorded (see `SiteUpdate`).
    let shardPrints: [String]
    /// The shards not packed again: their scripts are the ones already in the output.
    let keptShards: Set<Int>

    /// The documents, for a kept shard that must be packed after all.
    private let documents: [SearchIndex.Document]

    /// A kept shard's script, made after all (the output replaced did not have it).
    private func plannedAgain(_ n: Int) throws(DiagnosticError) -> [UInt8] {
        SearchIndex.planStable(documents)[n].bytes()
    }

    /// The shards of every site are those of a site kept up to date in place
    /// (``SearchIndex/planStable``), so a site updated, rendered whole, in shards or from a folder
    /// of its files is the same; `stable: false` packs them in the index's order instead. The
    /// shards whose fingerprints are in `previousShards` at their place are not packed.
    init(_ entries: [ImportedEntry], render: RenderRequest, stable: Bool = true, previousShards: [String] = []) throws(DiagnosticError) {
        let theme = try ThemeLoader.load(path: render.themePath, displayPath: render.themePath, bundledThemes: render.bundledThemes)
        let template = try PageTemplate.load(directory: render.templatesDirectory)
        guard !template.site.isEmpty else {
            throw DiagnosticError(
                Diagnostic(
                    file: render.templatesDirectory,
                    message: "the templates folder has no site/ folder (index.css, search.css, search.js); a site's index and search are made from it"),
                kind: .missingInput)
        }
        // The words first: the shared script carries them for every page.
        let words = try render.strings()
        files = SiteFiles(theme: theme, template: template, strings: words.0)
        page = PreparedPage(render, style: PageStyle(theme: theme, template: template, site: files), words: words, prices: try render.prices())
        let documents = entries.map { SearchIndex.Document(slug: $0.slug, title: $0.title, turns: $0.summary.turns, date: $0.date?.secondsSinceEpoch) }
        let planned = stable ? SearchIndex.planStable(documents) : SearchIndex.plan(documents)
        shardCount = planned.count
        self.documents = stable ? documents : []
        let prints = stable ? planned.map(\.fingerprint) : []
        shardPrints = prints
        let kept = Set(prints.indices.filter { $0 < previousShards.count && previousShards[$0] == prints[$0] })
        keptShards = kept
        shards = InBackground { planned.map { kept.contains($0.number) ? [] : $0.bytes() } }
        if render.insights, files.insightsStylesheetPath != nil {
            // Gathered from the entries' summaries only: no session is read again. Only what the
            // entries say, so a folder of an import's files has the insights of its export.
            var pageLocale = render.options.locale
            pageLocale.strings = page.strings
            let (locale, theme, files, prices, shards) = (pageLocale, page.style.theme, files, page.prices, planned.count)
            insights = InBackground { InsightsPage.files(entries, theme: theme, files: files, locale: locale, shards: shards, prices: prices) }
        } else {
            insights = nil
        }
    }

    /// What a page of this site needs to find the index and the shards: it lives at `SLUG/index.html`.
    var link: SiteLink { SiteLink(root: "../", shards: shardCount) }

    /// Writes the shared files, the shards, the insights page and its data (``InsightsPage``,
    /// ``InsightsData``) and `index.html` (in the render's theme and language) into `output`;
    /// returns the size of `index.html`.
    /// `keep` puts a kept shard (``keptShards``) in place from the output replaced; false when it
    /// cannot, and the shard is packed after all.
    func write(
        _ entries: [ImportedEntry], render: RenderRequest, into output: OutputSink, keep: (String) -> Bool = { _ in false }
    ) throws(DiagnosticError) -> Int {
        var locale = render.options.locale
        locale.strings = page.strings
        let index = SiteIndexPage.render(
            entries, theme: page.style.theme, files: files, locale: locale, shards: shardCount,
            prices: page.prices, insights: insights == nil ? nil : "\(InsightsPage.folder)/index.html", link: { "\($0.slug)/index.html" })
        for file in files.files {
            try output.write(file.bytes, to: file.path)
        }
        for file in try insights?.value() ?? [] {
            try output.write(file.bytes, to: file.path)
        }
        for (n, shard) in try shards.value().enumerated() {
            let path = "\(Self.searchFolder)/\(n).js"
            if keptShards.contains(n) {
                if keep(path) { continue }
                try output.write(try plannedAgain(n), to: path)
                continue
            }
            try output.write(shard, to: path)
        }
        try output.write(index, to: "index.html")
        return index.count
    }
}
