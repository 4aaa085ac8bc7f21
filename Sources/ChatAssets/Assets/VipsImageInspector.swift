import CVipsShim
import Foundation
import ChatModel
import ChatSupport
import ChatPlan
import ChatOutput

/// ``ImageInspector`` backed by libvips: header-only reads (no pixels decoded), loaders libvips
/// marks untrusted (SVG, PDF, …) blocked, and a pixel-count limit against decompression bombs.
package struct VipsImageInspector: ImageInspector {
    /// Images with more pixels than this are refused (about 100 megapixels by default).
    package var maxPixels: Int

    /// Let libvips read formats it marks untrusted (SVG, PDF, …).
    package var allowUntrustedLoaders: Bool

    /// libvips is loaded and started on first use, so a run without photos, or one that reuses
    /// every image, never loads it.
    package init(maxPixels: Int = 100_000_000, allowUntrustedLoaders: Bool = false) {
        self.maxPixels = maxPixels
        self.allowUntrustedLoaders = allowUntrustedLoaders
    }

    package func inspect(path: String) throws(ImageProblem) -> ImageInfo {
        // Held for the call: no other reader can flip the process-wide switch meanwhile.
        let lease = VipsRuntime.leaseUntrustedLoaders(allow: allowUntrustedLoaders)
        defer { lease.release() }
        try VipsRuntime.startForPhotos(allowUntrusted: allowUntrustedLoaders)
        guard let loaderName = cvips_find_loader(path).map({ String(cString: $0) }) else {
            _ = VipsRuntime.takeError()
            throw ImageProblem("not an image format chatrender can read (or its loader is blocked as untrusted)")
        }
        guard let image = cvips_header_from_file(path) else {
            throw ImageProblem("unreadable image: \(VipsRuntime.takeError())")
        }
        defer { cvips_unref(image) }
        var width = Int(cvips_width(image))
        var height = Int(cvips_height(image))
        guard width > 0, height > 0 else { throw ImageProblem("the image has no pixels") }
        if width.multipliedReportingOverflow(by: height).overflow || width * height > maxPixels {
            throw ImageProblem("the image is \(width)×\(height) pixels, over the limit of \(maxPixels) pixels")
        }
        if cvips_orientation(image) >= 5 { swap(&width, &height) }
        return ImageInfo(format: VipsImageInspector.format(loader: loaderName), width: width, height: height)
    }

    package func thumbnail(
        source: String, destination: String, variant: PhotoVariant,
        settings: ImageSettings
    ) throws(ImageProblem) -> (width: Int, height: Int) {
        // Held for the call: no other reader can flip the process-wide switch meanwhile.
        let lease = VipsRuntime.leaseUntrustedLoaders(allow: allowUntrustedLoaders)
        defer { lease.release() }
        try VipsRuntime.startForPhotos(allowUntrusted: allowUntrustedLoaders)
        let (width, height, crop) = variant.box
        let format = VipsImageInspector.formatCode(settings.format)
        var outWidth: Int32 = 0, outHeight: Int32 = 0
        guard
            cvips_thumbnail_save(
                source, destination, width, height, crop, format, Int32(settings.effectiveQuality),
                settings.keepMetadata ? 1 : 0, &outWidth, &outHeight) == 0
        else {
            let reason = VipsRuntime.takeError()
            unlink(destination)
            throw ImageProblem("could not make a web image: \(reason)")
        }
        if settings.format == .webp && !settings.keepMetadata {
            do { try WebPMetadata.strip(fileAt: destination) } catch { unlink(destination); throw error }
        }
        return (Int(outWidth), Int(outHeight))
    }

    /// All variants from one decode of the source (see `cvips_thumbnails_save`).
    package func thumbnails(
        source: String, requests: [(variant: PhotoVariant, destination: String)],
        settings: ImageSettings
    ) throws(ImageProblem) -> [(width: Int, height: Int)] {
        // Held for the call: no other reader can flip the process-wide switch meanwhile.
        let lease = VipsRuntime.leaseUntrustedLoaders(allow: allowUntrustedLoaders)
        defer { lease.release() }
        try VipsRuntime.startForPhotos(allowUntrusted: allowUntrustedLoaders)
        guard !requests.isEmpty else { return [] }
        // C strings must outlive the call: keep them in an array of owned buffers.
        let paths = requests.map { Array($0.destination.utf8CString) }
        var ok = false
        var sizes: [(width: Int, height: Int)] = []
        paths.withUnsafeBufferPointers { pointers in
            var variants = zip(requests, pointers).map { request, path in
                let box = request.variant.box
                return cvips_variant(width: box.width, height: box.height, crop: box.crop, out: path, out_width: 0, out_height: 0)
            }
            ok =
                cvips_thumbnails_save(
                    source, &variants, Int32(variants.count), VipsImageInspector.formatCode(settings.format),
                    Int32(settings.effectiveQuality), settings.keepMetadata ? 1 : 0) == 0
            sizes = variants.map { (Int($0.out_width), Int($0.out_height)) }
        }
        // On failure the partial files stay for the caller, which first asks whether the disk is
        // full (freeing them first would hide that) and then removes them.
        guard ok else { throw ImageProblem("could not make a web image: \(VipsRuntime.takeError())") }
        if settings.format == .webp && !settings.keepMetadata {
            for request in requests { try WebPMetadata.strip(fileAt: request.destination) }
        }
        return sizes
    }

    static func formatCode(_ format: OutputImageFormat) -> Int32 {
        switch format {
        case .webp: return Int32(CVIPS_WEBP)
        case .jpeg: return Int32(CVIPS_JPEG)
        case .avif: return Int32(CVIPS_AVIF)
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

package extension Array where Element == [CChar] {
    /// Calls `body` with a pointer to each element's storage, all valid for the whole call.
    func withUnsafeBufferPointers(_ body: ([UnsafePointer<CChar>]) -> Void) {
        func recurse(_ index: Int, _ acc: [UnsafePointer<CChar>]) {
            if index == count { body(acc); return }
            self[index].withUnsafeBufferPointer { recurse(index + 1, acc + [$0.baseAddress!]) }
        }
        recurse(0, [])
    }
}

/// libvips is loaded (with dlopen) and started once per process, on first use, before any
/// thread uses it.
package enum VipsRuntime {
    private struct State {
        var started = false
        var concurrency = 0
        var appliedConcurrency = -1
    }
    private static let state = Locked(State())
    /// Renders in progress that hold libvips's untrusted-loader switch, and the setting they share.
    private struct Leases {
        var count = 0
        var allowUntrusted = false
    }
    private static let leases = Locked(Leases())

    /// libvips blocks or allows its untrusted loaders (SVG, PDF, …) for the whole process, not per
    /// call. Every call that reads an image holds the switch at its setting for that call; a
    /// holder asking for the other setting waits until the last holder of this one is done, so no
    /// read ever runs with loaders another caller allowed. Taking a lease never loads libvips.
    package static func leaseUntrustedLoaders(allow: Bool) -> UntrustedLoaderLease {
        leases.withLock(when: { $0.count == 0 || $0.allowUntrusted == allow }) { leases in
            leases.allowUntrusted = allow
            leases.count += 1
        }
        return UntrustedLoaderLease()
    }

    fileprivate static func releaseLease() {
        // Waiters for the other setting look again (and go on once this was the last).
        leases.withLock { $0.count -= 1 }
    }

    /// The setting every current holder shares, or nil when nobody holds the switch.
    static var leasedSetting: Bool? {
        leases.withLock { $0.count > 0 ? $0.allowUntrusted : nil }
    }

    /// Loads and starts libvips if it is not running, applying the untrusted-loader block and
    /// thread count. Throws when libvips is not installed or will not start. Callers that read
    /// images hold an ``UntrustedLoaderLease`` for `allowUntrusted` (see
    /// ``leaseUntrustedLoaders(allow:)``), so applying it here changes nothing for anyone else.
    static func start(allowUntrusted: Bool = false) throws(DiagnosticError) {
        try state.withLock { (state: inout State) throws(DiagnosticError) in
            if !state.started {
                guard cvips_init(CommandLine.arguments.first ?? "chatrender", 0) == 0 else {
                    throw DiagnosticError(Diagnostic(file: libraryName, message: unavailableMessage()), kind: .missingInput)
                }
                state.started = true
            }
            // Re-applied on every start so one process can serve both settings one after the other;
            // every current lease holder asks for the same one.
            cvips_allow_untrusted(allowUntrusted ? 1 : 0)
            if state.appliedConcurrency != state.concurrency {
                cvips_set_concurrency(Int32(state.concurrency))
                state.appliedConcurrency = state.concurrency
            }
        }
    }

    /// `start` for a photo: when libvips is missing, the photo becomes "Photo unavailable" with
    /// a warning that says how to install it.
    static func startForPhotos(allowUntrusted: Bool) throws(ImageProblem) {
        do { try start(allowUntrusted: allowUntrusted) } catch {
            throw ImageProblem(error.diagnostics.map(\.message).joined(separator: "; "), isLibraryProblem: true)
        }
    }

    /// The file libvips is loaded from (libvips.so.42 on Linux).
    static var libraryName: String { String(cString: cvips_library_name()) }

    /// Why libvips cannot be used, and how to install it.
    private static func unavailableMessage() -> String {
        let loadError = String(cString: cvips_load_error())
        let problem = loadError.isEmpty ? "would not start (\(takeError()))" : "cannot be loaded (\(loadError))"
        return "libvips (\(libraryName)) \(problem); install it (on Debian or Ubuntu: sudo apt-get install libvips42)"
    }

    /// Shuts libvips down if it was started: frees its caches and, under `VIPS_LEAK=1`, reports
    /// any image or buffer still alive. Call once, at the end of the process. Never loads libvips.
    package static func shutdown() {
        state.withLock { state in
            if state.started { cvips_shutdown() }
            state.started = false
        }
    }

    /// libvips threads per image (0: libvips's default): 1 when several photos are made at once.
    /// Recorded only; applied when libvips next starts work, so setting it never loads libvips.
    static func setConcurrency(_ threads: Int) {
        state.withLock { $0.concurrency = threads }
    }

    /// The global error buffer, copied and cleared right after a failing call.
    static func takeError() -> String {
        var buffer = [CChar](repeating: 0, count: 1024)
        cvips_take_error(&buffer, buffer.count)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "\n").first.map(String.init)?.trimmingASCIIWhitespace() ?? "unknown error"
    }
}

/// A render's hold on libvips's process-wide untrusted-loader switch
/// (``VipsRuntime/leaseUntrustedLoaders(allow:)``); released when it is freed.
package final class UntrustedLoaderLease: Sendable {
    private let held = Locked(true)

    fileprivate init() {}

    /// Gives the switch back; a second call does nothing.
    package func release() {
        let wasHeld = held.withLock { held in
            defer { held = false }
            return held
        }
        if wasHeld { VipsRuntime.releaseLease() }
    }

    deinit { release() }
}
