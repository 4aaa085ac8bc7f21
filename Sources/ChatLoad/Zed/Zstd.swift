import CZstd

/// zstd decompression with a cap: Zed keeps its agent's threads as zstd-compressed JSON, and a
/// frame of a few bytes can claim gigabytes, so what a value decompresses to is bounded (and the
/// window zstd may ask memory for with it) and a value past the cap is an error, not a blow-up.
enum Zstd {
    /// Why a value could not be decompressed, in words for a warning.
    struct Failure: Error {
        let message: String
    }

    /// The largest window a frame may ask for (2^27 bytes, zstd's own default limit).
    static let windowLogMax: Int32 = 27

    /// `compressed` (one or more frames) decompressed; fails past `limit` bytes, on a frame that
    /// is not zstd or is cut short.
    static func decompress(_ compressed: [UInt8], limit: Int) -> Result<[UInt8], Failure> {
        guard let context = ZSTD_createDCtx() else { return .failure(Failure(message: "zstd could not start")) }
        defer { ZSTD_freeDCtx(context) }
        ZSTD_DCtx_setParameter(context, ZSTD_d_windowLogMax, windowLogMax)
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: ZSTD_DStreamOutSize())
        return compressed.withUnsafeBytes { source -> Result<[UInt8], Failure> in
            var input = ZSTD_inBuffer(src: source.baseAddress, size: source.count, pos: 0)
            var pending = 0
            repeat {
                let made = chunk.withUnsafeMutableBytes { target -> (Int, Int) in
                    var output = ZSTD_outBuffer(dst: target.baseAddress, size: target.count, pos: 0)
                    let status = ZSTD_decompressStream(context, &output, &input)
                    return (status, output.pos)
                }
                if ZSTD_isError(made.0) != 0 {
                    return .failure(Failure(message: "not zstd data that decompresses (\(String(cString: ZSTD_getErrorName(made.0))))"))
                }
                guard out.count + made.1 <= limit else {
                    return .failure(Failure(message: "it decompresses to more than the \(limit / 1_000_000) MB read of one value"))
                }
                out += chunk[..<made.1]
                pending = made.0
                // Output filled to the brim may have more to flush with no input left.
                if input.pos == input.size && made.1 < chunk.count { break }
            } while true
            guard pending == 0 else { return .failure(Failure(message: "its zstd data is cut short")) }
            return .success(out)
        }
    }
}
