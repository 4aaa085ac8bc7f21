import CZlib

/// zlib's `compress2`: bytes as a zlib stream (RFC 1950), what a browser's
/// `DecompressionStream("deflate")` reads back. Level 6, zlib's own default: on the search texts
/// of a site, level 9 makes files about 1% smaller for twice the time.
enum Deflate {
    static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), level)
            }
        }
        // compressBound is the most the stream can take and memory is the only other failure:
        // neither is left to input, so a failure is a broken zlib.
        precondition(status == Z_OK, "zlib compress2 failed (\(status))")
        out.removeSubrange(Int(length)...)
        return out
    }
}
