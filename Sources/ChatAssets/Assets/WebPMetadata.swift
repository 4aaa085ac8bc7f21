import Foundation
import ChatModel
import ChatSupport
import ChatPlan
import ChatOutput

/// Removes the EXIF, XMP and ICC chunks from a WebP file.
///
/// libvips 8.14's WebP saver writes an EXIF chunk even with `strip` and with every metadata
/// field removed (it makes a fresh one from the image's resolution and orientation). The chunk
/// holds nothing private then, but "every metadata block stripped" should mean none at all, so
/// the container is rewritten without it. See https://developers.google.com/speed/webp/docs/riff_container.
package enum WebPMetadata {
    static func strip(fileAt path: String) throws(ImageProblem) {
        guard let data = FileManager.default.contents(atPath: path) else { throw ImageProblem("cannot read the web image back") }
        guard let stripped = strip(Array(data)) else { throw ImageProblem("the web image is not a WebP file") }
        if stripped.count == data.count { return }
        guard OutputWriter.writeFile(stripped, to: path) == 0 else {
            throw ImageProblem("cannot rewrite the web image")
        }
    }

    /// The file without EXIF, XMP and ICCP chunks (flags cleared in VP8X), or nil if it is not WebP.
    static func strip(_ bytes: [UInt8]) -> [UInt8]? {
        func fourCC(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        func le32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        guard bytes.count >= 12, fourCC(0) == "RIFF", fourCC(8) == "WEBP" else { return nil }
        var out: [UInt8] = Array(bytes[0..<12])
        var offset = 12
        var vp8xAt: Int?
        while offset + 8 <= bytes.count {
            let name = fourCC(offset)
            let size = le32(offset + 4)
            let end = offset + 8 + size + (size & 1)
            guard end <= bytes.count else { return nil }
            if name != "EXIF" && name != "XMP " && name != "ICCP" {
                if name == "VP8X" { vp8xAt = out.count }
                out.append(contentsOf: bytes[offset..<end])
            }
            offset = end
        }
        if let at = vp8xAt, at + 8 < out.count {
            out[at + 8] &= ~UInt8(0x20 | 0x08 | 0x04)  // ICC, EXIF, XMP flags
        }
        let riffSize = out.count - 8
        out[4] = UInt8(riffSize & 0xFF); out[5] = UInt8(riffSize >> 8 & 0xFF)
        out[6] = UInt8(riffSize >> 16 & 0xFF); out[7] = UInt8(riffSize >> 24 & 0xFF)
        return out
    }
}
