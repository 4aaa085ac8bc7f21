import ChatModel
import ChatSupport

/// `library_files.json`, the person's Library in a newer ChatGPT export: every file uploaded or
/// made (generated images, documents) with its original name, type, size and creation time.
///
/// Its shape is not documented; as seen it is an array of records:
/// `{"file_id": "file_00ab…", "file_name": "Brain vs circuit.png", "mime_type": "image/png",
/// "file_size_bytes": 48210, "created_at": "2026-08-02T09:41:00.123456Z",
/// "library_artifact_type": "image", "image_gen_generation_id": "…", "origination_thread_id": "…", …}`.
/// Conversations point at these files by their file id (`sediment://file_00ab…`, an attachment's
/// `id`) and often say no more: the record names and types them. A record that cannot be used is
/// a warning naming its JSON path, and the rest are read; the file may be absent altogether.
struct ChatGPTLibrary: Sendable {
    /// What the Library says about one file.
    struct File: Sendable, Equatable {
        /// The original name, as the Library shows it.
        var name: String?
        /// The MIME type.
        var contentType: String?
        var byteCount: Int64?
        /// When the file (this version of it) was made, seconds since 1970.
        var created: Int64?
    }

    static let fileName = "library_files.json"
    /// Problems told one by one before the rest are counted in one line.
    static let maxWarnings = 10

    /// Records by file id.
    private(set) var files: [String: File] = [:]

    subscript(id: String) -> File? { files[id] }

    var isEmpty: Bool { files.isEmpty }

    init() {}

    /// Reads the records of `root`, warning (with `file` and each JSON path) about what cannot be used.
    init(_ root: JSONNode, file: String, warnings: inout [Diagnostic]) {
        var reader = JSONReader(file: file)
        var problems = 0
        func problem(_ message: String, at node: JSONNode?, path: String) {
            problems += 1
            if problems <= Self.maxWarnings { reader.warning(message, at: node, path: path) }
        }
        // An array of records, or (should one appear) a wrapper object: {"files": [ … ]}.
        var records: [JSONNode]? = nil
        var base = ""
        if case .array(let items) = root.value { records = items } else if case .array(let items)? = root["files"]?.value { records = items; base = "files" }
        guard let records else {
            reader.warning(
                "expected an array of Library records ({\"file_id\": …, \"file_name\": …, \"mime_type\": …}), found \(root.kindDescription); "
                    + "\(Self.fileName) is not used", at: root, path: "")
            warnings += reader.diagnostics
            return
        }
        for (index, record) in records.enumerated() {
            let path = JSONReader.join(base, index)
            guard case .object = record.value else {
                problem("expected a Library record object, found \(record.kindDescription); it is not used", at: record, path: path)
                continue
            }
            guard let idNode = record["file_id"], case .string(let id) = idNode.value, !id.isEmpty else {
                let found = record["file_id"].map { $0.kindDescription } ?? "nothing"
                problem(
                    "expected \"file_id\", the id conversations point at (\"file_00ab…\"), found \(found); the record is not used",
                    at: record["file_id"] ?? record, path: JSONReader.join(path, "file_id"))
                continue
            }
            var entry = File()
            entry.name = text(record, "file_name", path: path, problem: problem).flatMap { name in
                let shown = FilePath.lastComponent(name.trimming(.whitespacesAndNewlines))
                return shown.isEmpty ? nil : shown
            }
            entry.contentType = text(record, "mime_type", path: path, problem: problem).flatMap { type in
                // A MIME type: type "/" subtype, nothing that could be read as anything else.
                let parts = type.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty }), type.count <= 255,
                    type.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "\"" && $0 != "\\" })
                else {
                    problem(
                        "expected a MIME type such as \"image/png\", found \(JSONReader.quote(type)); the type is not used",
                        at: record["mime_type"], path: JSONReader.join(path, "mime_type"))
                    return nil
                }
                return type.lowercased()
            }
            if let size = record["file_size_bytes"] {
                switch size.value {
                case .null: break
                case .number(let value, let integer):
                    if let integer, integer >= 0 {
                        entry.byteCount = integer
                    } else if value >= 0, value < 9e15, value == value.rounded() {
                        entry.byteCount = Int64(value)
                    } else {
                        problem(
                            "expected a whole number of bytes ≥ 0, found \(JSONReader.format(value)); the size is not used", at: size,
                            path: JSONReader.join(path, "file_size_bytes"))
                    }
                default:
                    problem(
                        "expected a whole number of bytes, found \(size.kindDescription); the size is not used", at: size,
                        path: JSONReader.join(path, "file_size_bytes"))
                }
            }
            // The creation time, with the fallbacks seen when `created_at` is null.
            for key in ["created_at", "version_created_at", "record_creation_time", "file_upload_time"] {
                guard let value = record[key], value.value != .null else { continue }
                if let text = ImportSource.string(value), let date = ChatDate(iso: text) { entry.created = date.secondsSinceEpoch; break }
                if case .number(let seconds, _) = value.value, let date = ImportDate.fromEpoch(seconds) { entry.created = date.secondsSinceEpoch; break }
                let found = ImportSource.string(value).map(JSONReader.quote) ?? value.kindDescription
                problem(
                    "expected an ISO 8601 time such as \"2026-08-02T09:41:00Z\", found \(found); the time is not used",
                    at: value, path: JSONReader.join(path, key))
                break
            }
            // A file listed twice (two versions): the newer record names it.
            if let earlier = files[id], (earlier.created ?? .min) > (entry.created ?? .min) { continue }
            files[id] = entry
        }
        if problems > Self.maxWarnings {
            let more = problems - Self.maxWarnings
            reader.warning("\(more) more \(more == 1 ? "problem" : "problems") like these; those values are not used", at: root, path: "")
        }
        warnings += reader.diagnostics
    }

    /// A string member; absent or null is nil, another kind a problem.
    private func text(_ record: JSONNode, _ key: String, path: String, problem: (String, JSONNode?, String) -> Void) -> String? {
        guard let value = record[key] else { return nil }
        switch value.value {
        case .null: return nil
        case .string(let text): return text.isEmpty ? nil : text
        default:
            problem("expected a string, found \(value.kindDescription); it is not used", value, JSONReader.join(path, key))
            return nil
        }
    }
}
