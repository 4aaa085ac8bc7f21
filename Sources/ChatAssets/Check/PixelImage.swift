import CVipsShim
import Foundation
import ChatModel
import ChatSupport
import ChatPlan
import ChatOutput

/// An image as 8-bit sRGB RGBA pixels in memory, decoded and encoded with libvips: what
/// screenshot comparison works on.
package struct PixelImage: Sendable, Equatable {
    package let width: Int
    package let height: Int
    /// Rows top to bottom, 4 bytes a pixel (red, green, blue, alpha).
    package var pixels: [UInt8]

    /// An image of one colour.
    package init(width: Int, height: Int, fill rgba: [UInt8]) throws(DiagnosticError) {
        guard width > 0, height > 0, rgba.count == 4 else {
            throw DiagnosticError(Diagnostic(file: "image", message: "expected a positive size and 4 channels"), kind: .usage)
        }
        self.width = width
        self.height = height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for offset in stride(from: 0, to: pixels.count, by: 4) {
            pixels[offset] = rgba[0]; pixels[offset + 1] = rgba[1]; pixels[offset + 2] = rgba[2]; pixels[offset + 3] = rgba[3]
        }
        self.pixels = pixels
    }

    /// Pixels as they are; `pixels.count` must be `width * height * 4`.
    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "PixelImage: pixel count does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Bands of one width joined top to bottom: a page captured in pieces (a browser cannot
    /// capture a page taller than its texture limit in one) made whole again.
    package init(stacking bands: [PixelImage], name: String) throws(DiagnosticError) {
        guard let first = bands.first else {
            throw DiagnosticError(Diagnostic(file: name, message: "no image bands to join"), kind: .badData)
        }
        if let odd = bands.first(where: { $0.width != first.width }) {
            throw DiagnosticError(Diagnostic(file: name, message: "image bands to join differ in width (\(first.width) and \(odd.width) px)"), kind: .badData)
        }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(bands.reduce(0) { $0 + $1.pixels.count })
        for band in bands { pixels += band.pixels }
        self.init(width: first.width, height: bands.reduce(0) { $0 + $1.height }, pixels: pixels)
    }

    /// Decodes a PNG (or any format libvips reads from memory); `name` is used in errors.
    package init(pngBytes bytes: [UInt8], name: String) throws(DiagnosticError) {
        try VipsRuntime.start()
        var data: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        let status = bytes.withUnsafeBytes { raw in
            cvips_decode_rgba(raw.baseAddress, raw.count, &data, &width, &height)
        }
        guard status == 0, let data else {
            let reason = VipsRuntime.takeError().trimmingCharacters(in: .whitespacesAndNewlines)
            throw DiagnosticError(Diagnostic(file: name, message: "cannot read the image\(reason.isEmpty ? "" : ": " + reason)"), kind: .badData)
        }
        defer { cvips_free(data) }
        self.width = Int(width)
        self.height = Int(height)
        self.pixels = Array(UnsafeBufferPointer(start: data, count: Int(width) * Int(height) * 4))
    }

    /// Reads and decodes an image file.
    package init(contentsOf path: String) throws(DiagnosticError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DiagnosticError(Diagnostic(file: path, message: "cannot read the file"), kind: .missingInput)
        }
        try self.init(pngBytes: [UInt8](data), name: path)
    }

    /// The image as a PNG without metadata.
    package func pngBytes() throws(DiagnosticError) -> [UInt8] {
        try VipsRuntime.start()
        var data: UnsafeMutableRawPointer?
        var length = 0
        let status = pixels.withUnsafeBufferPointer { buffer in
            cvips_encode_rgba_png(buffer.baseAddress, Int32(width), Int32(height), &data, &length)
        }
        guard status == 0, let data else {
            let reason = VipsRuntime.takeError().trimmingCharacters(in: .whitespacesAndNewlines)
            throw DiagnosticError(Diagnostic(file: "image", message: "cannot encode a PNG: \(reason)"), kind: .cannotWrite)
        }
        defer { cvips_free(data) }
        return Array(UnsafeRawBufferPointer(start: data, count: length))
    }

    /// The four channels of one pixel.
    package func pixel(x: Int, y: Int) -> [UInt8] {
        let offset = (y * width + x) * 4
        return Array(pixels[offset..<offset + 4])
    }

    /// Sets one pixel.
    package mutating func setPixel(x: Int, y: Int, _ rgba: [UInt8]) {
        let offset = (y * width + x) * 4
        for channel in 0..<4 { pixels[offset + channel] = rgba[channel] }
    }
}
