import CVipsShim
import Foundation

/// ``ImageInspector`` backed by libvips: header-only reads (no pixels decoded), loaders libvips
/// marks untrusted (SVG, PDF, …) blocked, and a pixel-count limit against decompression bombs.
public struct VipsImageInspector: ImageInspector {
    /// Images with more pixels than this are refused (about 100 megapixels by default).
    public var maxPixels: Int

    public init(maxPixels: Int = 100_000_000) {
        VipsRuntime.start()
        self.maxPixels = maxPixels
    }

    public func inspect(path: String) throws(ImageProblem) -> ImageInfo {
        guard let loaderName = vips_foreign_find_load(path).map({ String(cString: $0) }) else {
            _ = VipsRuntime.takeError()
            throw ImageProblem("not an image format chatrender can read (or its loader is blocked as untrusted)")
        }
        guard let image = cvips_header_from_file(path) else {
            throw ImageProblem("unreadable image: \(VipsRuntime.takeError())")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(image)) }
        var width = Int(vips_image_get_width(image))
        var height = Int(vips_image_get_height(image))
        guard width > 0, height > 0 else { throw ImageProblem("the image has no pixels") }
        if width.multipliedReportingOverflow(by: height).overflow || width * height > maxPixels {
            throw ImageProblem("the image is \(width)×\(height) pixels, over the limit of \(maxPixels) pixels")
        }
        if cvips_orientation(image) >= 5 { swap(&width, &height) }
        return ImageInfo(format: VipsImageInspector.format(loader: loaderName), width: width, height: height)
    }

    public func convertToPNG(source: String, destination: String) throws(ImageProblem) {
        guard cvips_convert_to_png(source, destination) == 0 else {
            throw ImageProblem("could not convert the image: \(VipsRuntime.takeError())")
        }
    }

    /// Maps libvips's loader (`VipsForeignLoadJpegFile`, `jpegload`, …) to a format family.
    static func format(loader: String) -> ImageFormat {
        var name = loader.lowercased()
        for prefix in ["vipsforeignload"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        for suffix in ["_source", "_buffer", "source", "buffer", "file", "load"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        if name.contains("jpeg") || name.contains("jpg") { return .jpeg }
        if name.contains("webp") { return .webp }
        if name.contains("gif") { return .gif }
        if name.contains("png") { return .png }
        return .other(name)
    }
}

/// libvips is started once per process, before any thread uses it.
enum VipsRuntime {
    private static let started: Bool = {
        cvips_init(CommandLine.arguments.first ?? "chatrender", 0) == 0
    }()

    static func start() { _ = started }

    /// The global error buffer, copied and cleared right after a failing call.
    static func takeError() -> String {
        var buffer = [CChar](repeating: 0, count: 1024)
        cvips_take_error(&buffer, buffer.count)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "\n").first.map(String.init)?.trimmingASCIIWhitespace() ?? "unknown error"
    }
}
