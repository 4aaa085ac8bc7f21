import Foundation
@testable import ChatModel
@testable import ChatLoad
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
@testable import ChatOutput
@testable import ChatAssets
@testable import ChatBrowser
@testable import ChatRender

/// Stands in for libvips in render tests: every readable file is a 640×480 image, and a
/// "thumbnail" is a small file of the size the variant asks for.
struct FakeImageInspector: ImageInspector {
    var info = ImageInfo(format: .jpeg, width: 640, height: 480)

    func inspect(path: String) throws(ImageProblem) -> ImageInfo { info }

    func thumbnail(source: String, destination: String, variant: PhotoVariant,
                   settings: ImageSettings) throws(ImageProblem) -> (width: Int, height: Int) {
        let size: (Int, Int)
        switch variant {
        case .fit(let w): size = (min(w, info.width), min(w, info.width) * info.height / info.width)
        case .square(let s): size = (min(s, info.height), min(s, info.height))
        case .longEdge: size = (info.width, info.height)
        }
        guard FileManager.default.createFile(atPath: destination, contents: Data("fake \(variant)".utf8)) else { throw ImageProblem("cannot write \(destination)") }
        return size
    }
}

/// Counts the calls into a real inspector, to prove a cached run never reaches libvips.
final class CountingInspector: ImageInspector, @unchecked Sendable {
    let inner: ImageInspector
    private let count = Locked(0)
    var calls: Int { count.withLock { $0 } }

    init(_ inner: ImageInspector) { self.inner = inner }

    func inspect(path: String) throws(ImageProblem) -> ImageInfo {
        count.withLock { $0 += 1 }
        return try inner.inspect(path: path)
    }

    func thumbnail(source: String, destination: String, variant: PhotoVariant,
                   settings: ImageSettings) throws(ImageProblem) -> (width: Int, height: Int) {
        count.withLock { $0 += 1 }
        return try inner.thumbnail(source: source, destination: destination, variant: variant, settings: settings)
    }
}
