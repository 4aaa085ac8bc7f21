import ChatModel
import ChatSupport
import ChatPlan
import ChatOutput
/// The format families chatrender tells apart: what browsers show as they are, and the rest.
package enum ImageFormat: Sendable, Equatable {
    case jpeg, png, webp, gif
    /// A format libvips reads but browsers may not show (HEIC, TIFF, …), named by its loader.
    case other(String)

    /// The file extension a copy gets; nil when the image must be converted for the web.
    package var webExtension: String? {
        switch self {
        case .jpeg: return "jpg"
        case .png: return "png"
        case .webp: return "webp"
        case .gif: return "gif"
        case .other: return nil
        }
    }
}

/// What an image's header says.
package struct ImageInfo: Sendable, Equatable {
    package var format: ImageFormat
    /// Size as displayed, with EXIF orientation applied (so portrait phone photos are tall).
    package var width: Int
    package var height: Int

    package init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }
}

/// Reads image headers and makes web images. The asset stage talks to libvips only through
/// this, so render and plan tests run with a fake.
package protocol ImageInspector: Sendable {
    func inspect(path: String) throws(ImageProblem) -> ImageInfo
    /// Writes `variant` of `source` to `destination` in the settings' format and returns the
    /// written image's size in pixels.
    func thumbnail(
        source: String, destination: String, variant: PhotoVariant,
        settings: ImageSettings
    ) throws(ImageProblem) -> (width: Int, height: Int)
    /// Writes several variants of one source, largest first; an engine may decode the source
    /// once for all of them. Returns the sizes in the order asked.
    func thumbnails(
        source: String, requests: [(variant: PhotoVariant, destination: String)],
        settings: ImageSettings
    ) throws(ImageProblem) -> [(width: Int, height: Int)]
}

extension ImageInspector {
    /// One `thumbnail` call per variant.
    package func thumbnails(
        source: String, requests: [(variant: PhotoVariant, destination: String)],
        settings: ImageSettings
    ) throws(ImageProblem) -> [(width: Int, height: Int)] {
        var sizes: [(width: Int, height: Int)] = []
        for request in requests {
            sizes.append(try thumbnail(source: source, destination: request.destination, variant: request.variant, settings: settings))
        }
        return sizes
    }
}
