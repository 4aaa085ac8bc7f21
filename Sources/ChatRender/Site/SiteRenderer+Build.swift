import Foundation
import ChatModel
import ChatPlan
import ChatOutput
import ChatAssets

extension SiteRenderer {
    /// One conversation of a site: its entry in the index, the conversation, the path its photos
    /// and files are found beside (and that names it in messages), and how warnings name it.
    struct Page {
        var entry: ImportedEntry
        var conversation: Conversation
        var path: String
        var shownAs: String
    }

    /// Renders `pages`, newest first, as a site in `outputDirectory`: a page per conversation in
    /// `SLUG/`, the shared files, the search shards and the index, replaced as a whole. With
    /// `alone` and one page, that page alone (an API conversation, one Claude Code session).
    /// With `shard`, only the pages of its slice, and `shard.json` naming them (see ``SiteShard``).
    /// `style`, when given, is that page's ``PreparedPage`` under way.
    static func site(
        _ pages: [Page], alone: Bool, outputDirectory: String, render: RenderRequest, shard: SiteShard? = nil,
        warnings given: [Diagnostic], style: InBackground<PreparedPage>? = nil, inspector: ImageInspector?
    ) throws(DiagnosticError) -> Result {
        var warnings = given
        let entries = pages.map(\.entry)
        var site: SiteWriter? = nil
        // One cache for every page, kept within its size once the site is done.
        var render = render
        if render.cache == nil, let folder = render.cacheDirectory {
            do throws(DiagnosticError) { render.cache = try RenderCache(folder: folder, build: render.cacheBuild) } catch { warnings += error.diagnostics }
        }
        defer { render.cache?.prune() }
        var counts = (pages: 0, made: 0, reused: 0)
        func renderOne(_ page: Page, into folder: String, site output: SubfolderOutput? = nil) throws(DiagnosticError) -> RenderResult {
            var one = render
            one.options.site = site?.link  // the site's index and search (SiteWriter)
            one.conversationPath = page.path
            one.outputDirectory = folder
            // The sources are this run's temporary copies, or a site's pages have no earlier
            // output to reuse images from: an index of them would serve nothing.
            one.images.remembersSources = false
            let result = try ChatRenderer.render(
                one, loaded: (page.conversation, []), prepared: site?.page,
                preparing: site == nil ? style : nil, into: output, inspector: inspector)
            if result.pageReused { counts.pages += 1 }
            counts.made += result.images.imagesMade
            counts.reused += result.images.imagesReused
            for warning in result.warnings {
                if warning.file == page.path {
                    // Name the conversation the way the person would find it.
                    var named = warning
                    named.file = page.shownAs
                    warnings.append(named)
                } else if !warnings.contains(warning) {
                    // The theme's and the string table's warnings keep their names and are told
                    // once, not once per page.
                    warnings.append(warning)
                }
            }
            return result
        }
        if alone, pages.count == 1 {
            let result = try renderOne(pages[0], into: outputDirectory)
            return Result(
                outputDirectory: result.outputDirectory, pages: 1, warnings: warnings, pageSize: result.pageSize,
                imagesMade: counts.made, imagesReused: counts.reused)
        }
        // Thousands of files: flushed to disk once, before the swap, not one by one.
        let output = try StagingFolder(replacing: outputDirectory, durability: .atCommit)
        do throws(DiagnosticError) {
            // The site: the theme, templates and words once, its search shards (each page names
            // how many), then the pages, then the shared files, the shards and the themed index (SiteWriter).
            let writer = try SiteWriter(entries, render: render)
            site = writer
            // The models with tokens and no price: said once for the site, not once a page.
            let priceWarnings = PriceWarnings.diagnostics(for: entries.map(\.summary.usage), prices: writer.page.prices, file: render.pricesDisplayPath)
            try render.refuseIfStrict(priceWarnings)
            warnings += priceWarnings
            // Each page is made in its folder of this output's staging and appears with the site.
            let held = pages.enumerated().filter { shard?.holds($0.offset) ?? true }.map(\.element)
            for page in held {
                let folder = try SubfolderOutput(page.entry.slug, in: output)
                _ = try renderOne(page, into: folder.destination, site: folder)
            }
            let indexSize = try writer.write(entries, render: render, into: output)
            if let shard {
                try output.write(shard.manifest(pages: held.map(\.entry.slug), total: pages.count), to: SiteShard.fileName)
            }
            try output.commit()
            return Result(
                outputDirectory: output.destination, pages: held.count, warnings: warnings, pageSize: indexSize,
                pagesReused: counts.pages, imagesMade: counts.made, imagesReused: counts.reused)
        } catch {
            output.discard()
            throw error
        }
    }
}
