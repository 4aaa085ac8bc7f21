import ChatModel
/// An image placed in the output folder, with its pixel size for `width`/`height` (no layout shift).
public struct ImageAsset: Sendable, Equatable {
    /// Path relative to the page, e.g. `assets/3f2a….jpg`; made by chatrender, never by input.
    public var path: String
    public var width: Int
    public var height: Int
    /// `--single-file`: whether the page carries the image inside it is decided once the page is
    /// drawn; `path` is then its place beside the page, and markup that depends on the choice is
    /// drawn both ways into an ``HTML/Slot`` keyed by it.
    package var deferred = false

    public init(path: String, width: Int, height: Int) {
        self.path = path
        self.width = width
        self.height = height
    }
}

/// A photo's web images: one per size its layout needs (1x and 2x), and the viewer's image.
public struct PhotoAsset: Sendable, Equatable {
    /// The viewer's image (long edge about 2560 px), also the photo's link without JavaScript.
    public var display: ImageAsset
    /// The thumbnails, by variant.
    public var sizes: [PhotoVariant: ImageAsset]

    public init(display: ImageAsset, sizes: [PhotoVariant: ImageAsset] = [:]) {
        self.display = display
        self.sizes = sizes
    }
}

/// Where Open and Share point for a file.
public enum FileLink: Sendable, Equatable {
    /// A copy in the output folder (path relative to the page).
    case asset(String)
    /// An http(s) URL from the input, allowed by ``LinkPolicy``.
    case remote(String)

    package var href: String {
        switch self {
        case .asset(let path), .remote(let path): return path
        }
    }
}

/// What the page shows for one attachment, decided by the asset stage.
public struct AttachmentAssets: Sendable, Equatable {
    /// The images shown for a photo (made from its preview, or the file itself when it is one).
    public var image: PhotoAsset?
    /// The file behind Open and Share, or the photo link.
    public var file: FileLink?
    /// `--single-file`: whether the page carries ``file`` inside it is decided once the page is
    /// drawn (see ``ImageAsset/deferred``).
    package var fileDeferred = false

    public init(image: PhotoAsset? = nil, file: FileLink? = nil) {
        self.image = image
        self.file = file
    }
}

/// Assets per attachment, addressed by message and attachment position.
public struct AssetTable: Sendable, Equatable {
    private var entries: [Key: AttachmentAssets] = [:]

    package struct Key: Hashable, Sendable { var message: Int; var attachment: Int }

    private var tray: [Int: PhotoAsset] = [:]

    public init() {}

    /// The 64 px thumbnail of the composer tray's photo at `index`, when it has one.
    public subscript(trayItem index: Int) -> PhotoAsset? {
        get { tray[index] }
        set { tray[index] = newValue }
    }

    public subscript(message: Int, attachment: Int) -> AttachmentAssets {
        get { entries[Key(message: message, attachment: attachment)] ?? AttachmentAssets() }
        set { entries[Key(message: message, attachment: attachment)] = newValue }
    }
}

extension AssetTable {
    /// Every asset the page links, in a fixed order: part of a cached page's key.
    package func addFingerprint(to print: inout Fingerprint) {
        func add(_ image: ImageAsset) { print.add(image.path); print.add(image.width); print.add(image.height); print.add(image.deferred) }
        func add(_ photo: PhotoAsset?) {
            guard let photo else { print.add("-"); return }
            add(photo.display)
            for variant in photo.sizes.keys.sorted() { print.add(variant.spec); add(photo.sizes[variant]!) }
        }
        for key in entries.keys.sorted(by: { ($0.message, $0.attachment) < ($1.message, $1.attachment) }) {
            let entry = entries[key]!
            print.add(key.message); print.add(key.attachment)
            add(entry.image)
            switch entry.file {
            case .asset(let path)?: print.add("asset"); print.add(path)
            case .remote(let url)?: print.add("remote"); print.add(url)
            case nil: print.add("none")
            }
            print.add(entry.fileDeferred)
        }
        for item in tray.keys.sorted() { print.add(item); add(tray[item]) }
    }
}
