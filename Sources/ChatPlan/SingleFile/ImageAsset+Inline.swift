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
