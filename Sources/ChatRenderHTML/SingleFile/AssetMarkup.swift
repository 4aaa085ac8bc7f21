import ChatModel
import ChatPlan

/// Markup for an asset's place in the page: drawn once for a page beside its assets, twice (in a
/// slot) when a single-file page decides later whether it carries the asset.
package enum AssetMarkup {
    /// `make(url, inside)`: the markup with `url` as the asset's address, for an asset inside the
    /// page (`inside`) or beside it.
    package static func choose(_ path: String, deferred: Bool, _ make: (_ url: HTML, _ inside: Bool) -> HTML) -> HTML {
        guard deferred else { return make(HTML.text(path), false) }
        return HTML.slot(key: path, inside: make(HTML.slot(url: path), true), beside: make(HTML.slot(url: path), false))
    }

    /// The image's address: its path, or a slot a single-file page fills in.
    package static func url(_ image: ImageAsset) -> HTML {
        image.deferred ? HTML.slot(url: image.path) : HTML.text(image.path)
    }
}
