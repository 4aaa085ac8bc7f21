/// Where a page of a site (`render --from FORMAT EXPORT --out site/`) finds the rest of the site:
/// its index and the search shards. A page rendered alone has none and stays self-contained.
package struct SiteLink: Sendable, Equatable {
    /// The site's folder relative to the page (`../` for `SLUG/index.html`).
    package var root: String
    /// How many search shards the site holds (`search/0.js` …).
    package var shards: Int

    package init(root: String, shards: Int) {
        self.root = root
        self.shards = shards
    }
}
