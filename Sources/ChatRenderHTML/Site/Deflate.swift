import CDeflate
import CZlib

/// Bytes as a zlib stream (RFC 1950), what a browser's `DecompressionStream("deflate")` reads
/// back: zlib's `compress2` for a site's search shards (level 6, zlib's own default: on the
/// search texts of a site, level 9 makes files about 1% smaller for twice the time), and
/// libdeflate for a page in chunks' (``fast(_:)``).
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

    /// libdeflate's level for ``fast(_:)``: 1. Measured on the 10,000-turn page's 7.8 MB of
    /// search texts (CPU time, best of three): zlib level 1 0.052 s to 28.9%; libdeflate level 1
    /// 0.029 s to 27.0%, level 2 0.048 s to 26.6%, level 4 0.081 s to 26.4%, level 6 0.188 s to
    /// 25.2%. Level 1 is the cheapest that packs (level 0 stores: 100%), and already packs
    /// tighter than zlib's level 1 did.
    static let fastLevel: Int32 = 1

    /// A zlib stream of `bytes` made by libdeflate at ``fastLevel``: for the search shards of a
    /// page in chunks, every word of a long session a second time, where zlib at level 1 was a
    /// sixth of what the page's chunks cost beyond the page whole. The stream differs from
    /// zlib's; what it inflates to is the same.
    static func fast(_ bytes: [UInt8]) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(fastLevel) else {
            // Out of memory for its tables (a few hundred kilobytes): zlib makes the same texts.
            return compress(bytes, level: 1)
        }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, bytes.count)
        var out = [UInt8](repeating: 0, count: bound)
        let length = out.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                libdeflate_zlib_compress(compressor, source.baseAddress, source.count, target.baseAddress, target.count)
            }
        }
        // The bound is the most the stream can take, so nothing is left to input.
        precondition(length > 0, "libdeflate could not pack \(bytes.count) bytes into its bound")
        out.removeSubrange(length...)
        return out
    }
}
