import Foundation
import ChatModel
import ChatSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `--from auto` knows of an input before it picks a reader: its kind, its name, a file's
/// first bytes and records, a folder's or zip's entry names. Everything is read once, bounded
/// (``headLimit`` bytes of a file, ``entryLimit`` names of a folder), so probing a log of
/// gigabytes or a home folder costs milliseconds; readers look only at what it holds.
package struct InputProbe: Sendable {
    /// What the path is.
    package enum Kind: Sendable, Equatable { case file, folder, zip, missing }

    package let path: String
    package let kind: Kind
    /// A file's first bytes (at most ``headLimit``); empty for a folder or a zip.
    package let head: [UInt8]
    /// Whether ``head`` is the whole file.
    package let headIsWhole: Bool
    /// The shape of ``head`` when it begins as JSON.
    package let shape: JSONShape
    /// A JSON Lines file's first records: each whole line of ``head`` that is a JSON object (at most 16).
    package let records: [JSONNode]
    /// A folder's or zip's files, as relative paths joined with `/`, sorted, at most ``depthLimit``
    /// folders deep and ``entryLimit`` in all; hidden names (`.git`) are not walked.
    package let entries: [String]
    private let zip: ZipArchive?

    /// How much of a file is looked at.
    package static let headLimit = 256 * 1024
    /// How many names of a folder are looked at, and how deep.
    static let entryLimit = 4000
    static let depthLimit = 5
    static let recordLimit = 16

    /// The input's last path component.
    package var name: String { FilePath.lastComponent(path) }

    /// Looks at `path`: never fails; what cannot be read is simply not there.
    package init(_ path: String) {
        self.path = path
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        var head: [UInt8] = []
        var whole = false
        var entries: [String] = []
        var zip: ZipArchive? = nil
        let kind: Kind
        if !exists {
            kind = .missing
        } else if isFolder.boolValue {
            kind = .folder
            entries = Self.walk(path)
        } else {
            (head, whole) = Self.readHead(path)
            if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06]),
                let archive = try? ZipArchive(path: path)
            {
                kind = .zip
                zip = archive
                entries = archive.entries.filter { !$0.isDirectory }.map(\.name).sorted()
                if entries.count > Self.entryLimit { entries = Array(entries.prefix(Self.entryLimit)) }
                head = []
                whole = false
            } else {
                kind = .file
            }
        }
        self.kind = kind
        self.head = head
        self.headIsWhole = whole
        self.entries = entries
        self.zip = zip
        self.shape = JSONShape(head)
        self.records = Self.records(in: head, whole: whole)
    }

    /// The first bytes of a file of a folder or zip input (`conversations.json`,
    /// `2026/06/05/rollout-….jsonl`); nil when there is no such file.
    package func head(of entry: String, count: Int = InputProbe.headLimit) -> [UInt8]? {
        switch kind {
        case .folder:
            return Self.readHead(FilePath.join(path, entry), limit: count).bytes
        case .zip:
            guard let zip, let found = zip.entry(named: entry) else { return nil }
            return zip.head(found, count: count)
        case .file, .missing:
            return nil
        }
    }

    /// The first records of a JSON Lines file of a folder or zip input.
    package func records(of entry: String) -> [JSONNode] {
        guard let bytes = head(of: entry) else { return [] }
        return Self.records(in: bytes, whole: bytes.count < Self.headLimit)
    }

    /// Whether ``head`` holds `text` (compared as bytes).
    package func headContains(_ text: String) -> Bool { Self.contains(head, text) }

    /// Whether `bytes` hold `text`.
    package static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return false }
        let first = needle[0]
        var i = 0
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == first && bytes[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }

    /// The value of string member `key` of a record, if it has one.
    package static func string(_ record: JSONNode, _ key: String) -> String? {
        guard let node = record[key], case .string(let text) = node.value else { return nil }
        return text
    }

    /// Whether `record` is an object with every one of `keys`.
    package static func has(_ record: JSONNode, _ keys: String...) -> Bool {
        keys.allSatisfy { record[$0] != nil }
    }

    // MARK: - Reading

    /// Up to `limit` first bytes of a regular file; nil for anything else.
    private static func readHead(_ path: String, limit: Int = headLimit) -> (bytes: [UInt8]?, whole: Bool) {
        guard let head = FileInput.head(path: path, count: limit) else { return (nil, false) }
        return (head.bytes, head.whole)
    }

    private static func readHead(_ path: String) -> ([UInt8], Bool) {
        let (bytes, whole) = readHead(path, limit: headLimit)
        return (bytes ?? [], whole)
    }

    private static func walk(_ root: String) -> [String] {
        var found: [String] = []
        var queue: [(relative: String, depth: Int)] = [("", 0)]
        let fm = FileManager.default
        while !queue.isEmpty, found.count < entryLimit {
            let (relative, depth) = queue.removeFirst()
            let full = relative.isEmpty ? root : FilePath.join(root, relative)
            let names = ((try? fm.contentsOfDirectory(atPath: full)) ?? []).sorted()
            for name in names where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                var isFolder: ObjCBool = false
                guard fm.fileExists(atPath: FilePath.join(root, child), isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    if depth + 1 < depthLimit { queue.append((child, depth + 1)) }
                } else {
                    found.append(child)
                    if found.count >= entryLimit { break }
                }
            }
        }
        return found.sorted()
    }

    /// The records of a JSON Lines file: its first line must be a whole JSON object by itself
    /// (a pretty-printed document's first line is `{` alone), and so is every record kept.
    private static func records(in bytes: [UInt8], whole: Bool) -> [JSONNode] {
        var records: [JSONNode] = []
        var start = 0
        var lines = 0
        while start < bytes.count, records.count < recordLimit, lines < recordLimit * 4 {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            // A last line cut by the head's end is not a record.
            if end == bytes.count && !whole { break }
            var line = bytes[start..<end]
            start = end + 1
            while let first = line.first, first == 0x20 || first == 0x09 || first == 0x0D { line = line.dropFirst() }
            while let last = line.last, last == 0x20 || last == 0x09 || last == 0x0D { line = line.dropLast() }
            if line.isEmpty { continue }
            lines += 1
            guard line.first == UInt8(ascii: "{"), let node = try? JSONParser.parse(Array(line)), case .object = node.value else {
                if records.isEmpty { return [] }
                continue
            }
            records.append(node)
        }
        return records
    }

    // MARK: - Describing

    /// What the input looks like, for the message when no reader knows it: "a JSON Lines file
    /// whose first record has the members "a", "b"", "a folder of 12 files (a.txt, …)".
    package var description: String {
        switch kind {
        case .missing:
            return "nothing: there is no such file or folder"
        case .folder, .zip:
            let what = kind == .zip ? "a zip archive" : "a folder"
            guard !entries.isEmpty else { return "\(what) with no files" }
            let shown = entries.prefix(4).map(Diagnostic.quote).joined(separator: ", ")
            let more = entries.count > 4 ? ", …" : ""
            return "\(what) of \(entries.count >= Self.entryLimit ? "\(Self.entryLimit) or more" : String(entries.count)) "
                + "file\(entries.count == 1 ? "" : "s") (\(shown)\(more))"
        case .file:
            if head.isEmpty { return "an empty file" }
            if records.count > 1, case .object(let members) = records[0].value {
                return "a JSON Lines file whose first record has the members \(Self.list(members.map(\.key)))"
            }
            switch shape.root {
            case UInt8(ascii: "{"):
                let keys = shape.paths.filter { !$0.contains(".") && !$0.contains("[") && !$0.contains("=") }.sorted()
                return keys.isEmpty ? "a JSON object" : "a JSON object with the members \(Self.list(keys))"
            case UInt8(ascii: "["):
                let keys = shape.paths.filter { $0.hasPrefix("[].") && !$0.dropFirst(3).contains(".") && !$0.contains("=") }
                    .map { String($0.dropFirst(3)) }.sorted()
                return keys.isEmpty ? "a JSON array" : "a JSON array of objects with the members \(Self.list(keys))"
            default:
                let text = String(decoding: head.prefix(24), as: UTF8.self)
                    .unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "·" : String($0) }.joined()
                return "not JSON (it begins \(Diagnostic.quote(text)))"
            }
        }
    }

    private static func list(_ keys: [String]) -> String {
        let shown = keys.prefix(6).map(Diagnostic.quote).joined(separator: ", ")
        return keys.count > 6 ? shown + ", …" : shown
    }
}
