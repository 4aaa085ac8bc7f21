import CVipsShim
import Foundation

/// ``ImageInspector`` backed by libvips: header-only reads (no pixels decoded), loaders libvips
/// marks untrusted (SVG, PDF, …) blocked, and a pixel-count limit against decompression bombs.
public struct VipsImageInspector: ImageInspector {
    /// Images with more pixels than this are refused (about 100 megapixels by default).
    public var maxPixels: Int

    /// Let libvips read formats it marks untrusted (SVG, PDF, …).
    public var allowUntrustedLoaders: Bool

    /// libvips starts on first use, so a run that reuses every image never loads it.
    public init(maxPixels: Int = 100_000_000, allowUntrustedLoaders: Bool = false) {
        self.maxPixels = maxPixels
        self.allowUntrustedLoaders = allowUntrustedLoaders
    }

    public func inspect(path: String) throws(ImageProblem) -> ImageInfo {
        VipsRuntime.start(allowUntrusted: allowUntrustedLoaders)
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

    public func thumbnail(source: String, destination: String, variant: PhotoVariant,
                          settings: ImageSettings) throws(ImageProblem) -> (width: Int, height: Int) {
        VipsRuntime.start(allowUntrusted: allowUntrustedLoaders)
        let (width, height, crop): (Int32, Int32, Int32)
        switch variant {
        case .fit(let w): (width, height, crop) = (Int32(w), 100_000, 0)
        case .square(let side): (width, height, crop) = (Int32(side), Int32(side), 1)
        case .longEdge(let edge):
            let bound = Int32(edge > 0 ? edge : 100_000)
            (width, height, crop) = (bound, bound, 0)
        }
        let format: Int32
        switch settings.format {
        case .webp: format = Int32(CVIPS_WEBP)
        case .jpeg: format = Int32(CVIPS_JPEG)
        case .avif: format = Int32(CVIPS_AVIF)
        }
        var outWidth: Int32 = 0, outHeight: Int32 = 0
        guard cvips_thumbnail_save(source, destination, width, height, crop, format, Int32(settings.effectiveQuality),
                                   settings.keepMetadata ? 1 : 0, &outWidth, &outHeight) == 0 else {
            let reason = VipsRuntime.takeError()
            unlink(destination)
            throw ImageProblem("could not make a web image: \(reason)")
        }
        if settings.format == .webp && !settings.keepMetadata {
            do { try WebPMetadata.strip(fileAt: destination) } catch { unlink(destination); throw error }
        }
        return (Int(outWidth), Int(outHeight))
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
    private static let lock = NSLock()
    nonisolated(unsafe) private static var started = false
    nonisolated(unsafe) private static var concurrency = 0
    nonisolated(unsafe) private static var appliedConcurrency = -1

    /// Starts libvips if it is not running, applying the untrusted-loader block and thread count.
    static func start(allowUntrusted: Bool = false) {
        lock.lock()
        defer { lock.unlock() }
        if !started {
            started = cvips_init(CommandLine.arguments.first ?? "chatrender", 0) == 0
        }
        // Re-applied on every start so one process can serve both settings (tests do).
        vips_block_untrusted_set(allowUntrusted ? 0 : 1)
        if appliedConcurrency != concurrency {
            cvips_set_concurrency(Int32(concurrency))
            appliedConcurrency = concurrency
        }
    }

    /// Shuts libvips down if it was started: frees its caches and, under `VIPS_LEAK=1`, reports
    /// any image or buffer still alive. Call once, at the end of the process.
    static func shutdown() {
        lock.lock()
        defer { lock.unlock() }
        if started { vips_shutdown() }
        started = false
    }

    /// libvips threads per image (0: libvips's default): 1 when several photos are made at once.
    /// Recorded only; applied when libvips next starts work, so setting it never loads libvips.
    static func setConcurrency(_ threads: Int) {
        lock.lock()
        concurrency = threads
        lock.unlock()
    }

    /// The global error buffer, copied and cleared right after a failing call.
    static func takeError() -> String {
        var buffer = [CChar](repeating: 0, count: 1024)
        cvips_take_error(&buffer, buffer.count)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "\n").first.map(String.init)?.trimmingASCIIWhitespace() ?? "unknown error"
    }
}
