import ChatModel
/// What the blocks need to know about assets a single-file page carries inside it.
package extension ImageAsset {
    /// The image is a `data:` URL inside the page (`--single-file`), not a file beside it.
    var isInline: Bool { path.hasPrefix("data:") }

    /// The name a browser saves an inlined image under: the photo's name with the extension of
    /// the web image ("garden.jpg" shown as WebP saves as "garden.webp").
    func downloadName(for name: String) -> String {
        let ext: String
        switch path.dropFirst(5).prefix(while: { $0 != ";" && $0 != "," }) {
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
    /// The file is a `data:` URL inside the page: browsers refuse to open those as a page, so
    /// links to it carry `download` and save it instead.
    var isInline: Bool {
        if case .asset(let path) = self { return path.hasPrefix("data:") }
        return false
    }

    /// The name an inlined file saves under: its own, with `.txt` added to pages and scripts
    /// (they are stored as text, as in an output folder, so saving one cannot make it run).
    static func downloadName(for name: String) -> String {
        guard let ext = AssetNames.safeExtension(of: name), AssetNames.activeExtensions.contains(ext) else { return name }
        return name + ".txt"
    }
}
