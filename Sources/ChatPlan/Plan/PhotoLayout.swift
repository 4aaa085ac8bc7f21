import ChatModel

/// The one table of where a picture is shown and which images of it the page needs: the render
/// stage draws from it, the asset stage makes what it lists, and the single-file packer keeps one
/// of each pair. Sizes are the spec's CSS pixels; every place gets a 1x and a 2x image.
package enum PhotoLayout: String, Sendable, Equatable, CaseIterable {
    /// One photo in its turn: large, fit to the photo column's width.
    case single
    /// Two photos side by side (square tiles).
    case pair
    /// Three or more: a grid of four square tiles with `+N` on the last.
    case grid
    /// A photo tile in the attachment composer's tray.
    case tray
    /// A file's preview on its chip or card, in place of the type icon.
    case filePreview

    /// The layout a turn's photos take: one large, two side by side, three or more in a grid.
    package init(count: Int) {
        switch count {
        case ...1: self = .single
        case 2: self = .pair
        default: self = .grid
        }
    }

    /// The image drawn at 1x, also the `<img>`'s `width` and `height`.
    package var oneX: PhotoVariant {
        switch self {
        case .single: return .fit(PhotoVariant.singleWidth)
        case .pair, .grid: return .square(PhotoVariant.tileSide)
        case .tray: return .square(PhotoVariant.traySide)
        case .filePreview: return .square(PhotoVariant.previewSide)
        }
    }

    /// The image for screens with two device pixels per CSS pixel.
    package var twoX: PhotoVariant {
        switch oneX {
        case .fit(let width): return .fit(width * 2)
        case .square(let side): return .square(side * 2)
        case .longEdge(let edge): return .longEdge(edge * 2)
        }
    }

    /// Both, for the asset stage to make.
    package var variants: Set<PhotoVariant> { [oneX, twoX] }

    /// The `sizes` attribute of a turn's photos (the column is 26rem wide, narrower on phones);
    /// nil where the page uses `1x`/`2x` descriptors instead.
    package var sizesAttribute: StaticString? {
        switch self {
        case .single: return "(max-width: 30.6rem) 85vw, 26rem"
        case .pair, .grid: return "(max-width: 30.6rem) 42vw, 13rem"
        case .tray, .filePreview: return nil
        }
    }
}
