@testable import ChatRender

/// Stands in for libvips in render tests: every readable file is a 640×480 JPEG.
struct FakeImageInspector: ImageInspector {
    var info = ImageInfo(format: .jpeg, width: 640, height: 480)
    func inspect(path: String) throws(ImageProblem) -> ImageInfo { info }
    func convertToPNG(source: String, destination: String) throws(ImageProblem) { throw ImageProblem("not in tests") }
}
