import ChatModel
/// One member of a zip archive as its central directory describes it, already checked: a safe
/// relative name, sizes within the limits, and data that overlaps no other entry.
package struct ZipEntry: Sendable, Equatable, Hashable {
    /// `/`-separated, relative, without `..`, `.` or empty components; folders end in `/`.
    var name: String
    /// The name's bytes as stored, compared with the local header's copy when the entry is read.
    var rawName: [UInt8]
    var isDirectory: Bool { name.hasSuffix("/") }
    /// 0 stored, 8 deflate; others are refused when the entry is read.
    var method: UInt16
    var flags: UInt16
    var crc32: UInt32
    var compressedSize: UInt64
    var uncompressedSize: UInt64
    /// Where the entry's local header starts.
    var localHeaderOffset: UInt64
    /// Where the next entry (or the central directory) starts: this entry's data must end before it.
    var end: UInt64
    /// Position in the central directory, for messages about entries with unreadable names.
    var index: Int

    /// `entry "photos/a.png"`, for messages: control characters escaped, long names shortened.
    var described: String { ZipEntry.describe(name) }

    static func describe(_ name: String) -> String {
        var out = "entry \""
        for (count, scalar) in name.unicodeScalars.enumerated() {
            if count >= 160 { out += "…"; break }
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0..<0x20, 0x7F: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
