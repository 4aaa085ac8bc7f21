import ChatModel
/// What the blocks need to know about assets a single-file page may carry inside it.
package extension ImageAsset {
    /// The name a browser saves the image under when the page carries it as a `data:` URL: the
    /// photo's name with the extension of the web image ("garden.jpg" shown as WebP saves as
    /// "garden.webp").
    func downloadName(for name: String) -> String {
        let ext: String
        switch DataURL.mediaType(forName: FilePath.lastComponent(path)) {
        case "image/webp": ext = "webp"
        case "image/jpeg": ext = "jpg"
        case "image/avif": ext = "avif"
        case "image/png": ext = "png"
        default: return name
        }
        let stem = FilePath.stem(name)
        return (stem.isEmpty ? "photo" : stem) + "." + ext
    }
}

package extension FileLink {
    /// The name a file carried inside the page saves under (browsers refuse to open `data:` URLs
    /// as a page, so links to it carry `download`): its own, with `.txt` added to pages and
    /// scripts (they are stored as text, as in an output folder, so saving one cannot make it run).
    static func downloadName(for name: String) -> String {
        guard let ext = AssetNames.safeExtension(of: name), AssetNames.activeExtensions.contains(ext) else { return name }
        return name + ".txt"
    }
}

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
