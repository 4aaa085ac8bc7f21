import ChatModel
import ChatLoad
import CZlib
import Foundation

/// Writes zip archives byte by byte for the tests, honest or hostile: stored or deflated
/// entries, ZIP64 records, UTF-8 or CP437 names, and every field open to being a lie.
package struct ZipBuilder {
    package struct Entry {
        package var name: [UInt8]
        package var data: [UInt8]
        package var method: UInt16 = 0
        package var flags: UInt16 = 0
        /// What the central directory claims, when it should not be the truth.
        package var crc: UInt32?
        package var uncompressedSize: UInt64?
        package var compressedSize: UInt64?
        /// The local header's copy of the name, when it should differ.
        package var localName: [UInt8]?
        package var centralExtra: [UInt8] = []
        /// Sizes and offset through the ZIP64 extra field (0xFFFFFFFF in the 32-bit fields).
        package var zip64 = false
        /// Point the central directory at another entry's local header (by position): overlap.
        package var sharesDataWith: Int?

        package init(_ name: String, _ text: String, deflate: Bool = false, utf8: Bool = true) {
            self.init(name, bytes: Array(text.utf8), deflate: deflate, utf8: utf8)
        }

        package init(_ name: String, bytes: [UInt8], deflate: Bool = false, utf8: Bool = true) {
            self.name = Array(name.utf8)
            self.data = bytes
            self.method = deflate ? 8 : 0
            if utf8 && !name.utf8.allSatisfy({ $0 < 0x80 }) { flags |= 0x0800 }
        }

        package init(rawName: [UInt8], bytes: [UInt8]) {
            self.name = rawName
            self.data = bytes
        }
    }

    package var entries: [Entry]
    /// Write the ZIP64 end records even when nothing needs them.
    package var zip64End = false
    package var comment: [UInt8] = []
    /// What the end record claims about the entry count, when it should not be the truth.
    package var claimedCount: UInt64?

    package init(_ entries: [Entry], zip64End: Bool = false) {
        self.entries = entries
        self.zip64End = zip64End
    }

    package func build() -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        var offsets: [UInt64] = []
        for entry in entries {
            let stored = entry.method == 8 ? ZipBuilder.deflate(entry.data) : entry.data
            let crc = entry.crc ?? ZipCRC.checksum(entry.data)
            let usize = entry.uncompressedSize ?? UInt64(entry.data.count)
            let csize = entry.compressedSize ?? UInt64(stored.count)
            let offset = entry.sharesDataWith.map { offsets[$0] } ?? UInt64(out.count)
            offsets.append(offset)
            if entry.sharesDataWith == nil {
                let localName = entry.localName ?? entry.name
                var localExtra: [UInt8] = []
                if entry.zip64 { localExtra = Self.extra(0x0001, Self.u64(usize) + Self.u64(csize)) }
                out += Self.u32(0x0403_4B50) + Self.u16(entry.zip64 ? 45 : 20) + Self.u16(entry.flags) + Self.u16(entry.method)
                out += Self.u16(0) + Self.u16(0x5A21) + Self.u32(crc)
                out += Self.u32(entry.zip64 ? 0xFFFF_FFFF : UInt32(truncatingIfNeeded: csize))
                out += Self.u32(entry.zip64 ? 0xFFFF_FFFF : UInt32(truncatingIfNeeded: usize))
                out += Self.u16(UInt16(localName.count)) + Self.u16(UInt16(localExtra.count)) + localName + localExtra
                out += stored
            }
            var extra = entry.centralExtra
            if entry.zip64 { extra = Self.extra(0x0001, Self.u64(usize) + Self.u64(csize) + Self.u64(offset)) + extra }
            central += Self.u32(0x0201_4B50) + Self.u16(0x031E) + Self.u16(entry.zip64 ? 45 : 20) + Self.u16(entry.flags) + Self.u16(entry.method)
            central += Self.u16(0) + Self.u16(0x5A21) + Self.u32(crc)
            central += Self.u32(entry.zip64 ? 0xFFFF_FFFF : UInt32(truncatingIfNeeded: csize))
            central += Self.u32(entry.zip64 ? 0xFFFF_FFFF : UInt32(truncatingIfNeeded: usize))
            central += Self.u16(UInt16(entry.name.count)) + Self.u16(UInt16(extra.count)) + Self.u16(0) + Self.u16(0) + Self.u16(0) + Self.u32(0o100644 << 16)
            central += Self.u32(entry.zip64 ? 0xFFFF_FFFF : UInt32(truncatingIfNeeded: offset))
            central += entry.name + extra
        }
        let centralOffset = UInt64(out.count)
        out += central
        let count = claimedCount ?? UInt64(entries.count)
        if zip64End {
            let recordOffset = UInt64(out.count)
            out += Self.u32(0x0606_4B50) + Self.u64(44) + Self.u16(45) + Self.u16(45) + Self.u32(0) + Self.u32(0)
            out += Self.u64(count) + Self.u64(count) + Self.u64(UInt64(central.count)) + Self.u64(centralOffset)
            out += Self.u32(0x0706_4B50) + Self.u32(0) + Self.u64(recordOffset) + Self.u32(1)
            out += Self.u32(0x0605_4B50) + Self.u16(0) + Self.u16(0) + Self.u16(0xFFFF) + Self.u16(0xFFFF)
            out += Self.u32(0xFFFF_FFFF) + Self.u32(0xFFFF_FFFF)
        } else {
            out += Self.u32(0x0605_4B50) + Self.u16(0) + Self.u16(0) + Self.u16(UInt16(truncatingIfNeeded: count)) + Self.u16(UInt16(truncatingIfNeeded: count))
            out += Self.u32(UInt32(central.count)) + Self.u32(UInt32(centralOffset))
        }
        out += Self.u16(UInt16(comment.count)) + comment
        return out
    }

    /// Writes the archive to a new file in `folder`; returns its path.
    package func write(to folder: String, name: String = "export.zip") -> String {
        let path = folder + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(build()))
        return path
    }

    /// Raw deflate (no zlib header), as zip stores it.
    package static func deflate(_ data: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        precondition(deflateInit2_(&stream, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { deflateEnd(&stream) }
        var input = data
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))) + 64)
        let produced = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                precondition(CZlib.deflate(&stream, Z_FINISH) == Z_STREAM_END)
                return outBuffer.count - Int(stream.avail_out)
            }
        }
        return Array(output[0..<produced])
    }

    package static func extra(_ id: UInt16, _ data: [UInt8]) -> [UInt8] { u16(id) + u16(UInt16(data.count)) + data }
    package static func u16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    package static func u32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> ($0 * 8)) & 0xFF) } }
    package static func u64(_ v: UInt64) -> [UInt8] { (0..<8).map { UInt8((v >> ($0 * 8)) & 0xFF) } }
}
