// Fuzz target: every reader in the table (ExportReaders.all), by name, from a tree of files, so a
// reader added to the table is fuzzed from its fixtures without a target of its own (the readers
// with one are reached here too, through their folders). Besides not trapping or hanging, one
// property of reading a person's files is checked: nothing appears beside them, and nothing in
// them changes.
//
// Input: the reader's name, NUL, the path to read inside the tree ("." for its top), NUL, then
// the files: each a two-byte (little-endian) length and a relative path (plain names joined by
// `/`; others are skipped), then a three-byte length and the file's bytes, up to 16 files. Bit 0
// of the byte where the files stop, when there is one: --include-system.
@testable import ChatLoad
@testable import ChatSupport
import Foundation

private let folder = FuzzFiles.folder("agents")

/// The input's parts, or nil when its reader or path is not given.
private func parse(_ bytes: [UInt8]) -> (reader: String, target: String, files: [(String, ArraySlice<UInt8>)], system: Bool)? {
    guard let first = bytes.firstIndex(of: 0), let second = bytes[(first + 1)...].firstIndex(of: 0) else { return nil }
    let reader = String(decoding: bytes[..<first], as: UTF8.self)
    let target = String(decoding: bytes[(first + 1)..<second], as: UTF8.self)
    var files: [(String, ArraySlice<UInt8>)] = []
    var at = second + 1
    reading: while at + 2 <= bytes.count, files.count < 16 {
        let pathLength = Int(bytes[at]) | Int(bytes[at + 1]) << 8
        at += 2
        guard at + pathLength + 3 <= bytes.count else { break reading }
        let path = String(decoding: bytes[at..<(at + pathLength)], as: UTF8.self)
        at += pathLength
        let length = Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16
        at += 3
        let end = min(bytes.count, at + length)
        files.append((path, bytes[at..<end]))
        at = end
    }
    return (reader, target, files, at < bytes.count && bytes[at] & 1 == 1)
}

/// `path` when each of its parts is a plain name (letters, digits, `_`, `-`, `.`; a hidden name
/// such as Aider's `.aider.chat.history.md` too, but not `.` or `..`; nothing absolute), else nil.
private func plainPath(_ path: String) -> String? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    let plain = parts.allSatisfy { part in
        part != "." && part != ".." && FuzzFiles.plainName(part.hasPrefix(".") ? "x" + part : part) != nil
    }
    return !parts.isEmpty && parts.count <= 12 && plain ? parts.joined(separator: "/") : nil
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAgents(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let input = parse(Array(UnsafeBufferPointer(start: data, count: size))),
        let reader = ExportReaders.named(input.reader)
    else { return 0 }
    FuzzFiles.empty(folder)
    let root = folder + "/home"
    try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    for (path, bytes) in input.files {
        guard let path = plainPath(path) else { continue }
        FuzzFiles.write(root + "/" + path, bytes)
    }
    let target = input.target == "." ? root : plainPath(input.target).map { root + "/" + $0 }
    guard let target else { return 0 }
    let before = FuzzFiles.listing(root)
    let contents = before.keys.reduce(into: [String: [UInt8]]()) { $0[$1] = FuzzFiles.read(root + "/" + $1) }
    _ = try? reader.read(target, options: ReadOptions(includeSystem: input.system))
    // Read-only: the same names, and each file the same bytes.
    let after = FuzzFiles.listing(root)
    if after != before { fatalError("\(input.reader) wrote beside its input: \(Set(after.keys).symmetricDifference(before.keys).sorted())") }
    for (name, bytes) in contents where FuzzFiles.read(root + "/" + name) != bytes {
        fatalError("\(input.reader) changed \(name)")
    }
    return 0
}
