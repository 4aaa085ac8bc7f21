import ChatModel
import ChatLoad
import ChatTheme
import ChatPlan
import ChatRenderHTML
import ChatOutput

/// What a site (`render --from FORMAT EXPORT --out site/`) holds besides its pages: the themed
/// `index.html` and the search shards (`search/0.js` …) made from the conversations' summaries.
///
/// The shards are made before the pages, since each page names how many there are
/// (``link``), and written with the index once the pages are done.
package struct SiteWriter: Sendable {
    /// The search index's shards, in order.
    package let shards: [[UInt8]]

    /// Folder of the search shards inside the site.
    package static let searchFolder = "search"

    package init(_ entries: [ImportedEntry]) {
        shards = SearchIndex.shards(entries.map { SearchIndex.Document(slug: $0.slug, title: $0.title, turns: $0.summary.turns) })
    }

    /// What a page of this site needs to find the index and the shards: it lives at `SLUG/index.html`.
    package var link: SiteLink { SiteLink(root: "../", shards: shards.count) }

    /// Writes `index.html` (in the render's theme and language) and the shards into `output`;
    /// returns the size of `index.html`.
    package func write(_ entries: [ImportedEntry], render: RenderRequest, into output: OutputSink) throws(DiagnosticError) -> Int {
        let theme = try ThemeLoader.load(path: render.themePath, displayPath: render.themePath)
        let template = try PageTemplate.load(directory: render.templatesDirectory)
        guard !template.site.isEmpty else {
            throw DiagnosticError(Diagnostic(file: render.templatesDirectory, message: "the templates folder has no site/ folder (index.css, search.css, search.js); a site's index and search are made from it"), kind: .missingInput)
        }
        var clock = render.options.clock
        clock.strings = try render.strings().0
        let index = SiteIndexPage.render(entries, theme: theme, site: template.site, clock: clock, shards: shards.count,
                                         link: { "\($0.slug)/index.html" })
        for (n, shard) in shards.enumerated() {
            try output.write(shard, to: "\(Self.searchFolder)/\(n).js")
        }
        try output.write(index, to: "index.html")
        return index.count
    }
}
