import ChatModel
import ChatSupport
/// Entry names: how their bytes become text, and which names chatrender refuses.
package enum ZipName {
    /// The name as text. Flagged UTF-8 (bit 11) must be valid UTF-8 (nil otherwise). Unflagged
    /// names use the Info-ZIP Unicode Path extra field (0x7075) when its CRC-32 matches these
    /// bytes, else code page 437, which the format names as the default.
    static func decode(_ raw: [UInt8], utf8Flag: Bool, extra: [UInt8]) -> (name: String?, fromCP437: Bool) {
        if utf8Flag { return (utf8(raw), false) }
        if let field = extraField(0x7075, in: extra), field.count > 5, field[field.startIndex] == 1,
            ZipArchive.le32(Array(field), 1) == ZipCRC.checksum(raw),
            let unicode = utf8(field[(field.startIndex + 5)...])
        {
            return (unicode, false)
        }
        if raw.allSatisfy({ $0 < 0x80 }) { return (String(decoding: raw, as: UTF8.self), false) }
        var out = ""
        out.unicodeScalars.reserveCapacity(raw.count)
        for byte in raw {
            if byte < 0x80 { out.unicodeScalars.append(Unicode.Scalar(byte)) } else { out.unicodeScalars.append(cp437High[Int(byte) - 0x80]) }
        }
        return (out, true)
    }

    /// Strict UTF-8: nil for malformed bytes (overlong forms, surrogates, truncated sequences).
    static func utf8(_ bytes: some Collection<UInt8>) -> String? {
        var out = ""
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): out.unicodeScalars.append(scalar)
            case .emptyInput: return out
            case .error: return nil
            }
        }
    }

    /// Code page 437's upper half, 0x80–0xFF.
    private static let cp437High: [Unicode.Scalar] = Array(
        "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{A0}".unicodeScalars)

    /// The data of extra field `id`, or nil when the entry has none (or the extra block is malformed).
    static func extraField(_ id: UInt16, in extra: [UInt8]) -> ArraySlice<UInt8>? {
        var at = 0
        while at + 4 <= extra.count {
            let kind = ZipArchive.le16(extra, at)
            let length = Int(ZipArchive.le16(extra, at + 2))
            guard at + 4 + length <= extra.count else { return nil }
            if kind == id { return extra[(at + 4)..<(at + 4 + length)] }
            at += 4 + length
        }
        return nil
    }

    /// Why a name is refused, or nil when it is a safe relative path: `/`-separated components
    /// that are not empty, `.` or `..`, with no backslash, NUL or other control character, not
    /// absolute and no drive letter. A folder's trailing `/` is allowed.
    static func problem(_ name: String) -> String? {
        if name.isEmpty { return "the name is empty; expected a relative path" }
        if name.unicodeScalars.contains("\0") { return "the name contains a NUL character" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "the name contains a control character" }
        if name.contains("\\") { return "the name contains a backslash; expected '/' between folders" }
        if name.hasPrefix("/") { return "the name is an absolute path; expected a path relative to the archive" }
        let scalars = Array(name.unicodeScalars.prefix(2))
        if scalars.count == 2, scalars[1] == ":", (scalars[0].value | 0x20) >= 0x61, (scalars[0].value | 0x20) <= 0x7A {
            return "the name starts with a drive letter; expected a path relative to the archive"
        }
        switch SourcePath.components(name.hasSuffix("/") ? String(name.dropLast()) : name, plain: true) {
        case .success: return nil
        case .failure(.climbsOut): return "the name contains \"..\", which would leave the folder it is extracted into"
        case .failure(.dot): return "the name contains a \".\" component; expected a plain relative path"
        case .failure(.emptyComponent): return "the name contains an empty component (\"//\"); expected a plain relative path"
        case .failure(.absolute): return "the name is an absolute path; expected a path relative to the archive"
        }
    }
}
