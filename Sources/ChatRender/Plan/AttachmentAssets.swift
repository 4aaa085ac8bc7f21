/// An image placed in the output folder, with its pixel size for `width`/`height` (no layout shift).
public struct ImageAsset: Sendable, Equatable {
    /// Path relative to the page, e.g. `assets/3f2a….jpg`; made by chatrender, never by input.
    public var path: String
    public var width: Int
    public var height: Int

    public init(path: String, width: Int, height: Int) {
        self.path = path
        self.width = width
        self.height = height
    }
}

/// Where Open and Share point for a file.
public enum FileLink: Sendable, Equatable {
    /// A copy in the output folder (path relative to the page).
    case asset(String)
    /// An http(s) URL from the input, allowed by ``LinkPolicy``.
    case remote(String)

    var href: String {
        switch self {
        case .asset(let path), .remote(let path): return path
        }
    }
}

/// What the page shows for one attachment, decided by the asset stage.
public struct AttachmentAssets: Sendable, Equatable {
    /// The image shown for a photo (its preview, or the file itself when it is an image).
    public var image: ImageAsset?
    /// The file behind Open and Share, or the photo link.
    public var file: FileLink?

    public init(image: ImageAsset? = nil, file: FileLink? = nil) {
        self.image = image
        self.file = file
    }
}

/// Assets per attachment, addressed by message and attachment position.
public struct AssetTable: Sendable, Equatable {
    private var entries: [Key: AttachmentAssets] = [:]

    struct Key: Hashable, Sendable { var message: Int; var attachment: Int }

    public init() {}

    public subscript(message: Int, attachment: Int) -> AttachmentAssets {
        get { entries[Key(message: message, attachment: attachment)] ?? AttachmentAssets() }
        set { entries[Key(message: message, attachment: attachment)] = newValue }
    }
}

/// Choices that change the markup.
public struct RenderOptions: Sendable, Equatable {
    /// Show Retry on failed uploads (off with `--no-retry`).
    public var showRetry: Bool

    public init(showRetry: Bool = true) {
        self.showRetry = showRetry
    }
}
