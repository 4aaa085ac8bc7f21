import Foundation
import ChatModel
import ChatSupport

/// The files of an export, found by the file id their names start with
/// (`file-AbC123-photo.jpg`, `file_00000000a1b2-….png`, `file_00000000a1b2.dat`, also in
/// sub-folders such as `user-…/` or `dalle-generations/`), in the folder or the zip archive alike.
///
/// Names shown are, first to last: the name the message gives (`metadata.attachments`), the
/// original name in `conversation_asset_file_names.json`, the name in the Library
/// (`library_files.json`), the file's own name without its id (`tram.png` from
/// `file-Img001-tram.png`), and for a `.dat` file or a missing one a name from its type
/// (`image.png`, `document.pdf`). A raw file id is shown only when nothing else is known, not
/// even a type. Types: what the bytes prove, then the name's extension, the Library's type, a
/// guess from the bytes, and the type the message declares.
package struct ExportFiles {
    let source: ExportSource
    /// File id prefix → path relative to the export; the first in sorted order wins.
    private var byID: [String: String] = [:]
    /// Original names by stored file name (`file_00ab.dat`) and by file id (`file_00ab`).
    private let assetNames: [String: String]
    /// The Library's records by file id.
    private let library: ChatGPTLibrary

    /// Lists the export's files once (an export holds thousands): every lookup after is a dictionary read.
    init(source: ExportSource, assetNames: [String: String] = [:], library: ChatGPTLibrary = ChatGPTLibrary()) {
        self.source = source
        self.assetNames = assetNames
        self.library = library
        byID.reserveCapacity(assetNames.count * 2)
        for relative in source.files(depth: 3) {
            let name = FilePath.lastComponent(relative)
            guard name.hasPrefix("file") || assetNames[name] != nil else { continue }
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

    /// The original name the export records for a stored file or a file id.
    func originalName(file: String?, id: String) -> String? {
        if let file, let name = assetNames[file] { return name }
        return assetNames[id] ?? library[id]?.name
    }

    /// The attachment for a file id: copied from the export when there, else unavailable (warned).
    /// `name`, when given (the message's own name for the upload), is the name shown.
    func attachment(
        id: String, name: String?, declaredType: String?, size: Int64, at node: JSONNode?, path: String,
        reader: inout JSONReader
    ) -> ImportedAttachment {
        // A "name" that is the raw id (what a message without a name falls back to) names nothing.
        let name = name == id || name?.isEmpty == true ? nil : name
        if let relative = byID[id], let found = source.content(relative) {
            let fileName = FilePath.lastComponent(relative)
            let stored = fileName.lowercased().hasSuffix(".dat")
            var known = name ?? originalName(file: fileName, id: id)
            if known == nil, !stored {
                known = fileName.hasPrefix(id + "-") && fileName.count > id.count + 1 ? String(fileName.dropFirst(id.count + 1)) : fileName
            }
            let byName = known.flatMap(InlineData.contentType(forName:)) ?? (stored ? nil : InlineData.contentType(forName: fileName))
            let type = found.sniffed ?? byName ?? library[id]?.contentType ?? found.guessed ?? usable(declaredType) ?? "application/octet-stream"
            let shown = known ?? (type == "application/octet-stream" ? fileName : ExportFileType.defaultName(for: type))
            return ImportedAttachment(name: shown, contentType: type, byteCount: found.size, content: found.content)
        }
        reader.warning("the export has no file for \(JSONReader.quote(id)); shown as unavailable", at: node, path: path)
        let known = name ?? originalName(file: nil, id: id)
        // The name's type first: a message's declared type may be a default ("image/png" for any image pointer).
        let type = known.flatMap(InlineData.contentType(forName:)) ?? library[id]?.contentType ?? usable(declaredType) ?? "application/octet-stream"
        let shown = known ?? (type == "application/octet-stream" ? id : ExportFileType.defaultName(for: type))
        return ImportedAttachment(name: shown, contentType: type, byteCount: size > 0 ? size : library[id]?.byteCount ?? 0, content: .unavailable)
    }

    private func usable(_ declared: String?) -> String? {
        guard let declared, !declared.trimming(.whitespaces).isEmpty else { return nil }
        return declared
    }
}
