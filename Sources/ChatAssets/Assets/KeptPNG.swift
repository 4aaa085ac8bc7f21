import ChatModel
import CZlib

/// A small PNG that every layout would show at its own size is kept as it is (less its text
/// chunks) instead of being made into web images: the screenshots pasted into a coding session
/// are mostly such, and re-encoding them gains nothing (a lossy copy of the same size) while
/// starting libvips costs a hundred libraries.
///
/// Kept only when the file is checked whole here: the signature; every chunk's length and
/// CRC-32; a valid header; the pixel data inflating to exactly the rows the header promises,
/// each with a known filter; nothing after `IEND`. Anything else (an animation, Exif, an unknown
/// chunk, interlacing, a damaged file, an ICC profile unless metadata is kept) goes to libvips
/// as before, which decides and reports.
package struct KeptPNG: Equatable, Sendable {
    package var width: Int
    package var height: Int
    /// The file as written into the output: the same chunks, less text and time chunks when
    /// metadata is stripped.
    package var bytes: [UInt8]

    /// Files larger than this are made into web images: past it, a WebP of the same size is
    /// worth the encoder's time.
    package static let byteLimit = 64 * 1024
    /// Pixels above this are not inflated here (the bytes limit allows a compression bomb).
    static let pixelLimit = 4_000_000

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// Chunks that change how the pixels look: kept.
    static let colourChunks: Set<String> = ["PLTE", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "pHYs", "bKGD"]
    /// Text and time: metadata, dropped unless `--keep-metadata`.
    static let metadataChunks: Set<String> = ["tEXt", "zTXt", "iTXt", "tIME"]

    /// The PNG in `bytes` when it may be kept as it is; nil when it is not a PNG, not whole, or
    /// holds anything this check does not understand.
    package static func check(_ bytes: [UInt8], keepMetadata: Bool) -> KeptPNG? {
        guard bytes.count <= byteLimit, bytes.count > signature.count + 12,
            bytes.starts(with: signature)
        else { return nil }
        var offset = signature.count
        var kept = signature
        var header: (width: Int, height: Int, depth: UInt8, colour: UInt8)?
        var idat: [UInt8] = []
        var sawIDAT = false, idatEnded = false, sawEnd = false
        while offset < bytes.count {
            guard !sawEnd, bytes.count - offset >= 12 else { return nil }
            let length = Int(be32(bytes, offset))
            guard length <= bytes.count - offset - 12 else { return nil }
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            guard typeBytes.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }) else { return nil }
            let type = String(decoding: typeBytes, as: UTF8.self)
            let end = offset + 8 + length
            let crc = bytes.withUnsafeBufferPointer { buffer in
                UInt32(crc32(0, buffer.baseAddress! + offset + 4, UInt32(4 + length)))
            }
            guard crc == be32(bytes, end) else { return nil }
            let data = bytes[(offset + 8)..<end]
            var keep = true
            switch type {
            case "IHDR":
                guard header == nil, offset == signature.count, length == 13 else { return nil }
                let d = Array(data)
                let width = Int(be32(d, 0)), height = Int(be32(d, 4))
                let depth = d[8], colour = d[9]
                let allowed: [UInt8: [UInt8]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
                guard width > 0, height > 0, width <= 1 << 16, height <= 1 << 16, width * height <= pixelLimit,
                    allowed[colour]?.contains(depth) == true,
                    d[10] == 0, d[11] == 0, d[12] == 0
                else { return nil }  // deflate, adaptive filters, not interlaced
                header = (width, height, depth, colour)
            case "IDAT":
                guard header != nil, !idatEnded else { return nil }
                sawIDAT = true
                idat.append(contentsOf: data)
            case "IEND":
                guard sawIDAT, length == 0 else { return nil }
                sawEnd = true
            default:
                guard header != nil else { return nil }
                if colourChunks.contains(type) {
                    // A colour profile is metadata to strip: libvips converts to sRGB first when it is not sRGB.
                    guard !sawIDAT, type != "iCCP" || keepMetadata else { return nil }
                } else if metadataChunks.contains(type) {
                    keep = keepMetadata
                } else {
                    return nil
                }
            }
            if sawIDAT && type != "IDAT" { idatEnded = true }
            if keep { kept.append(contentsOf: bytes[offset..<(end + 4)]) }
            offset = end + 4
        }
        guard sawEnd, let header else { return nil }
        let channels: Int = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][header.colour]!
        let rowBytes = (header.width * channels * Int(header.depth) + 7) / 8
        guard inflatesToRows(idat, rows: header.height, rowBytes: rowBytes) else { return nil }
        return KeptPNG(width: header.width, height: header.height, bytes: kept)
    }

    /// Whether the zlib stream inflates to exactly `rows` rows of `rowBytes` bytes, each led
    /// by a filter type of 0…4, and ends there.
    static func inflatesToRows(_ stream: [UInt8], rows: Int, rowBytes: Int) -> Bool {
        let expected = rows * (rowBytes + 1)
        var z = z_stream()
        guard inflateInit_(&z, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return false }
        defer { inflateEnd(&z) }
        var produced = 0
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var input = stream
        return input.withUnsafeMutableBufferPointer { source -> Bool in
            z.next_in = source.baseAddress
            z.avail_in = UInt32(source.count)
            while true {
                let (status, made) = buffer.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                    z.next_out = out.baseAddress
                    z.avail_out = UInt32(out.count)
                    let status = inflate(&z, Z_NO_FLUSH)
                    return (status, out.count - Int(z.avail_out))
                }
                guard status == Z_OK || status == Z_STREAM_END, produced + made <= expected else { return false }
                // The first byte of each row is its filter type.
                var row = (produced + rowBytes) / (rowBytes + 1) * (rowBytes + 1)
                while row < produced + made {
                    if buffer[row - produced] > 4 { return false }
                    row += rowBytes + 1
                }
                produced += made
                if status == Z_STREAM_END { return produced == expected && z.avail_in == 0 }
                if made == 0 && z.avail_in == 0 { return false }
            }
        }
    }

    private static func be32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }
}
