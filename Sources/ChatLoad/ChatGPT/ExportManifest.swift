import ChatModel
import ChatSupport

/// The side files of a 2026 ChatGPT export, read tolerantly: their shapes are not documented and
/// have changed, so every reasonable shape is taken and anything else is a warning.
///
/// `export_manifest.json` has been seen as
/// `{"version": 1, "logical_files": {"conversations.json": {"files": ["conversations-000.json", …]}}, "export_files": […]}`
/// as `{"version": 1, "files": [{"name": "conversations.json", "shards": [{"name": "conversations-000.json"}, …]}, …]}`,
/// and, in every real 2026 export, with only the flat list of what the export holds:
/// `{"export_files": [{"path": "conversations-000.json", "size_bytes": 5242880}, {"path": "file_….dat", …}, …]}`.
/// `conversation_asset_file_names.json` maps stored names to the names uploaded:
/// `{"file_00ab….dat": "receipt.pdf"}`.
enum ExportManifest {
    /// Keys under which a logical file lists its parts.
    static let listKeys = ["shards", "files", "parts", "paths"]
    /// Keys under which an entry names a file.
    static let nameKeys = ["name", "path", "file", "filename", "file_name", "logical_name"]

    /// The files that make up `conversations.json`, in order: its shards, or `["conversations.json"]`
    /// when the manifest names it without shards; nil when it does not name it at all.
    static func conversationFiles(_ root: JSONNode) -> [String]? {
        if let described = find(root, depth: 0) { return described }
        // No logical file: the conversation files among every file a list names (`export_files`,
        // or whatever the next version calls it), in shard order.
        var named: [String] = []
        collectNames(root, depth: 0, into: &named)
        var seen: Set<String> = []
        let conversations = named.filter { name in
            let file = FilePath.lastComponent(name)
            return (file == ChatGPTExport.single || ChatGPTExport.shardNumber(file) != nil) && seen.insert(name).inserted
        }
        guard !conversations.isEmpty else { return nil }
        return conversations.enumerated().sorted { a, b in
            let x = ChatGPTExport.shardNumber(FilePath.lastComponent(a.element)) ?? -1
            let y = ChatGPTExport.shardNumber(FilePath.lastComponent(b.element)) ?? -1
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
    }

    /// Every file name in a list anywhere in the manifest: strings, or objects naming a file.
    private static func collectNames(_ node: JSONNode, depth: Int, into names: inout [String]) {
        guard depth < 6 else { return }
        switch node.value {
        case .object(let members):
            for member in members { collectNames(member.node, depth: depth + 1, into: &names) }
        case .array(let items):
            names += self.names(in: node)
            for item in items { collectNames(item, depth: depth + 1, into: &names) }
        default:
            return
        }
    }

    private static func find(_ node: JSONNode, depth: Int) -> [String]? {
        guard depth < 6 else { return nil }
        switch node.value {
        case .object(let members):
            // {"conversations.json": {"files": […]}} or {"conversations.json": […]}
            if let described = node[ChatGPTExport.single] {
                if case .array = described.value { return names(in: described) }
                if let list = firstList(described) { return names(in: list) }
                return [ChatGPTExport.single]
            }
            // {"name": "conversations.json", "shards": […]}
            if nameKeys.contains(where: { ImportSource.string(node[$0]) == ChatGPTExport.single }) {
                if let list = firstList(node) { return names(in: list) }
                return [ChatGPTExport.single]
            }
            for member in members {
                if let found = find(member.node, depth: depth + 1) { return found }
            }
            return nil
        case .array(let items):
            for item in items {
                if let found = find(item, depth: depth + 1) { return found }
            }
            return nil
        default:
            return nil
        }
    }

    private static func firstList(_ node: JSONNode) -> JSONNode? {
        for key in listKeys {
            if let list = node[key], case .array(let items) = list.value, !items.isEmpty { return list }
        }
        return nil
    }

    /// Strings, or objects naming a file, in order.
    private static func names(in list: JSONNode) -> [String] {
        guard case .array(let items) = list.value else { return [] }
        return items.compactMap { item in
            if let text = ImportSource.string(item) { return text }
            return nameKeys.lazy.compactMap { ImportSource.string(item[$0]) }.first
        }.filter { !$0.isEmpty }
    }

    /// A relative name with no way out of the export: no `..`, no absolute path, no backslash or control character.
    static func isSafeName(_ name: String) -> Bool {
        guard !name.isEmpty, !name.hasPrefix("/"), !name.hasPrefix("~") else { return false }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\\" || $0.value == 0x7F }) { return false }
        guard case .success = SourcePath.components(name, plain: true) else { return false }
        return true
    }

    /// Original names by stored name and by file id, and what could not be used (one warning).
    static func assetNames(_ root: JSONNode) -> (names: [String: String], problem: String?) {
        var names: [String: String] = [:]
        var unusable = 0
        func add(_ stored: String, _ original: String) {
            let shown = original.trimmingCharacters(in: .whitespacesAndNewlines)
            let file = FilePath.lastComponent(stored)
            guard !file.isEmpty, !shown.isEmpty else { unusable += 1; return }
            names[file] = shown
            if file.lowercased().hasSuffix(".dat") { names[String(file.dropLast(4))] = shown }
        }
        let originalKeys = ["original_name", "original_file_name", "name", "file_name", "filename", "display_name", "title"]
        let storedKeys = ["asset_file_name", "stored_name", "file", "path", "asset", "id", "file_id"]
        switch root.value {
        case .object(let members):
            for member in members {
                if let original = ImportSource.string(member.node) { add(member.key, original); continue }
                if let original = originalKeys.lazy.compactMap({ ImportSource.string(member.node[$0]) }).first {
                    add(member.key, original)
                } else {
                    unusable += 1
                }
            }
        case .array(let items):
            for item in items {
                guard let stored = storedKeys.lazy.compactMap({ ImportSource.string(item[$0]) }).first,
                    let original = originalKeys.lazy.compactMap({ ImportSource.string(item[$0]) }).first(where: { $0 != stored })
                else {
                    unusable += 1
                    continue
                }
                add(stored, original)
            }
        default:
            return (
                [:],
                "expected an object of original file names by stored name ({\"file_….dat\": \"photo.jpg\"}), found \(root.kindDescription); uploads keep the names their messages give"
            )
        }
        guard unusable > 0 else { return (names, nil) }
        return (
            names,
            "\(unusable == 1 ? "1 entry" : "\(unusable) entries") without a stored name and an original name (expected {\"file_….dat\": \"photo.jpg\"}); those files keep the names their messages give"
        )
    }
}
