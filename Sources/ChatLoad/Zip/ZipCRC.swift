import CZlib
import ChatModel

/// CRC-32 as zip stores it (zlib's, the same polynomial).
package enum ZipCRC {
    package static func checksum(_ bytes: [UInt8]) -> UInt32 { update(0, bytes) }

    static func update(_ crc: UInt32, _ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            update(crc, UnsafeRawBufferPointer(buffer))
        }
    }

    static func update(_ crc: UInt32, _ buffer: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return crc }
        var value = UInt(crc)
        var rest = buffer.count
        var pointer = base.assumingMemoryBound(to: Bytef.self)
        while rest > 0 {  // zlib takes a uInt length
            let chunk = min(rest, 1 << 30)
            value = CZlib.crc32(value, pointer, uInt(chunk))
            pointer += chunk
            rest -= chunk
        }
        return UInt32(truncatingIfNeeded: value)
    }
}
