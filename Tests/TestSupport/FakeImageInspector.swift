import ChatModel
import ChatPlan
import ChatAssets
import Foundation

/// Stands in for libvips in render tests: every readable file is a 640×480 image, and a
/// "thumbnail" is a small file of the size the variant asks for.
package struct FakeImageInspector: ImageInspector {
    package var info = ImageInfo(format: .jpeg, width: 640, height: 480)
    package init(info: ImageInfo = ImageInfo(format: .jpeg, width: 640, height: 480)) { self.info = info }

    package func inspect(path: String) throws(ImageProblem) -> ImageInfo { info }

    package func thumbnail(
        source: String, destination: String, variant: PhotoVariant,
        settings: ImageSettings
    ) throws(ImageProblem) -> (width: Int, height: Int) {
        let size: (Int, Int)
        switch variant {
        case .fit(let w): size = (min(w, info.width), min(w, info.width) * info.height / info.width)
        case .square(let s): size = (min(s, info.height), min(s, info.height))
        case .longEdge: size = (info.width, info.height)
        }
        guard FileManager.default.createFile(atPath: destination, contents: Data("fake \(variant)".utf8)) else {
            throw ImageProblem("cannot write \(destination)")
        }
        return size
    }
}

/// Counts the calls into a real inspector, to prove a cached run never reaches libvips.
package final class CountingInspector: ImageInspector, @unchecked Sendable {
    package let inner: ImageInspector
    private let count = Locked(0)
    package var calls: Int { count.withLock { $0 } }

    package init(_ inner: ImageInspector) { self.inner = inner }

    package func inspect(path: String) throws(ImageProblem) -> ImageInfo {
        count.withLock { $0 += 1 }
        return try inner.inspect(path: path)
    }

    package func thumbnail(
        source: String, destination: String, variant: PhotoVariant,
        settings: ImageSettings
    ) throws(ImageProblem) -> (width: Int, height: Int) {
        count.withLock { $0 += 1 }
        return try inner.thumbnail(source: source, destination: destination, variant: variant, settings: settings)
    }
}
