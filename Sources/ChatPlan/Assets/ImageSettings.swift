import ChatModel
/// The web image formats chatrender writes.
public enum OutputImageFormat: String, Sendable, Equatable, CaseIterable {
    case webp, jpeg, avif

    public var fileExtension: String {
        switch self {
        case .webp: return "webp"
        case .jpeg: return "jpg"
        case .avif: return "avif"
        }
    }

    /// A quality that looks right for photos in each format.
    public var defaultQuality: Int {
        switch self {
        case .webp: return 80
        case .jpeg: return 82
        case .avif: return 55
        }
    }
}

/// How photos are turned into web images (`--image-format`, `--quality`, `--keep-metadata`,
/// `--originals`, `--max-pixels`, `--allow-untrusted-loaders`, `--allow-outside`).
public struct ImageSettings: Sendable, Equatable {
    public var format: OutputImageFormat = .webp
    /// 1…100; nil means the format's default.
    public var quality: Int?
    /// Keep EXIF/XMP/IPTC (GPS position, camera serial) in the output. Off by default.
    public var keepMetadata = false
    /// Give the viewer the full-size image instead of one with a 2560 px long edge.
    public var originals = false
    /// Images with more pixels than this become "Photo unavailable" (decompression bombs).
    public var maxPixels = 100_000_000
    /// Let libvips use the loaders it marks untrusted (SVG, PDF, …) for photos.
    public var allowUntrustedLoaders = false
    /// Folders outside the conversation's own that input paths may point into.
    public var allowedOutside: [String] = []
    /// Write a source index into the output so the next export over it skips reading unchanged
    /// sources. Off for sources that live only for one export (an import's temporary copies):
    /// their identities change every time, so an index would only make the output differ.
    public var remembersSources = true

    public init() {}

    public var effectiveQuality: Int { min(max(quality ?? format.defaultQuality, 1), 100) }
}

/// One image made from a photo, sized for where it is shown.
public enum PhotoVariant: Hashable, Sendable, Comparable {
    /// Fit within this width, keeping the aspect (the one-large-photo layout).
    case fit(Int)
    /// A square cut from the centre (pair and grid tiles, tray tiles).
    case square(Int)
    /// The viewer's image: long edge at most this many pixels; 0 keeps the full size.
    case longEdge(Int)

    /// CSS pixels of the layouts, from the spec's geometry: the photo column is 26rem (416 px at
    /// the default font size); tiles are half of it less the 4 px gap.
    public static let singleWidth = 416
    public static let tileSide = 206
    public static let traySide = 64
    /// A file's preview on its chip or card, in place of the type icon.
    public static let previewSide = 40
    public static let displayLongEdge = 2560

    /// The largest edge this variant may have, for making big ones first and small ones from them.
    package var bound: Int {
        switch self {
        case .fit(let w): return w
        case .square(let s): return s
        case .longEdge(let e): return e > 0 ? e : Int.max
        }
    }

    /// The box handed to libvips: (width, height, crop).
    package var box: (width: Int32, height: Int32, crop: Int32) {
        switch self {
        case .fit(let w): return (Int32(w), 100_000, 0)
        case .square(let side): return (Int32(side), Int32(side), 1)
        case .longEdge(let edge):
            let bound = Int32(edge > 0 ? edge : 100_000)
            return (bound, bound, 0)
        }
    }

    /// Part of the cache key and of nothing else: changing it re-makes the image.
    package var spec: String {
        switch self {
        case .fit(let w): return "fit\(w)"
        case .square(let s): return "square\(s)"
        case .longEdge(let e): return "long\(e)"
        }
    }
}
