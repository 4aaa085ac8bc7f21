import Foundation
import ChatModel

/// The files of an export, found by the file id their names start with
/// (`file-AbC123-photo.jpg`, `file_00000000a1b2-….png`, also in sub-folders such as `user-…/` or
/// `dalle-generations/`), in the folder or the zip archive alike.
package struct ExportFiles {
    let source: ExportSource
    /// File id prefix → path relative to the export; the first in sorted order wins.
    private var byID: [String: String] = [:]

    init(source: ExportSource) {
        self.source = source
        for relative in source.files(depth: 3) {
            let name = FilePath.lastComponent(relative)
            guard name.hasPrefix("file") else { continue }
            // Every prefix that ends before a '-', '_' or '.' may be the id.
            var index = name.startIndex
            while index < name.endIndex {
                let character = name[index]
                if character == "-" || character == "." || character == "_" {
                    let prefix = String(name[..<index])
                    if byID[prefix] == nil { byID[prefix] = relative }
                }
                index = name.index(after: index)
            }
            if byID[name] == nil { byID[name] = relative }
        }
    }

    /// `file-service://file-AbC` and `sediment://file_00ab` → `file-AbC`, `file_00ab`.
    static func fileID(fromPointer pointer: String) -> String {
        if let range = pointer.range(of: "://") { return String(pointer[range.upperBound...]) }
        return pointer
    }

    /// The attachment for a file id: copied from the export when there, else unavailable (warned).
    func attachment(id: String, name: String?, declaredType: String?, size: Int64, at node: JSONNode?, path: String,
                    reader: inout JSONReader) -> ImportedAttachment {
        if let relative = byID[id], let found = source.content(relative) {
            let fileName = FilePath.lastComponent(relative)
            var shownName = name ?? fileName
            if name == nil, fileName.hasPrefix(id + "-"), fileName.count > id.count + 1 {
                shownName = String(fileName.dropFirst(id.count + 1))
            }
            let type = found.sniffed ?? InlineData.contentType(forName: fileName) ?? declaredType ?? "application/octet-stream"
            return ImportedAttachment(name: shownName, contentType: type, byteCount: found.size, content: found.content)
        }
        reader.warning("the export has no file for \(JSONReader.quote(id)); shown as unavailable", at: node, path: path)
        let shownName = name ?? id
        let type = declaredType ?? InlineData.contentType(forName: shownName) ?? "application/octet-stream"
        return ImportedAttachment(name: shownName, contentType: type, byteCount: size, content: .unavailable)
    }
}
