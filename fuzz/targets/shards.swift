// Fuzz target: a 2026 ChatGPT export folder, from its files to imported chats: the layout
// (shards found by name or listed in export_manifest.json), conversation_asset_file_names.json,
// .dat files found and typed, and every conversation read tolerantly.
//
// Input: a mode byte, then the files' contents separated by NUL bytes (JSON never holds a raw
// NUL). Mode bit 0: --include-system; bit 1: the first piece is export_manifest.json; bit 2: the
// next piece is conversation_asset_file_names.json; bit 4: the next piece is library_files.json;
// bit 3: the first conversation piece is conversations.json rather than conversations-000.json.
// The rest are conversations-NNN.json (at most 8; the same conversation may be in several, which
// exercises the copies being found). Beside them sit three .dat files (a PNG, a PDF, text) for the
// conversations to use.
@testable import ChatLoad
import Foundation

private let folder: String = {
    var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("chatrender-fuzz-shards-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("cannot make a scratch folder") }
    return String(cString: made)
}()

private func write(_ name: String, _ bytes: ArraySlice<UInt8>) {
    let fd = open(folder + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return }
    bytes.withUnsafeBytes { buffer in
        var written = 0
        while written < buffer.count {
            let n = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
            if n <= 0 { break }
            written += n
        }
    }
    close(fd)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShards(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let mode = data[0]
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] { unlink(folder + "/" + name) }
    var pieces = Array(bytes).split(separator: 0, omittingEmptySubsequences: false)[...]
    if mode & 2 != 0, let manifest = pieces.popFirst() { write("export_manifest.json", manifest) }
    if mode & 4 != 0, let names = pieces.popFirst() { write("conversation_asset_file_names.json", names) }
    if mode & 16 != 0, let library = pieces.popFirst() { write("library_files.json", library) }
    for (index, piece) in pieces.prefix(8).enumerated() {
        write(index == 0 && mode & 8 != 0 ? "conversations.json" : String(format: "conversations-%03d.json", index), piece)
    }
    write("file_00000000aa.dat", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D][...])
    write("file_00000000bb.dat", Array("%PDF-1.4\n%%EOF\n".utf8)[...])
    write("file-Cc1-notes.txt", Array("notes\n".utf8)[...])
    guard let export = try? ChatGPTExport.open(folder) else { return 0 }
    _ = try? ChatGPTImporter.read(export, includeSystem: mode & 1 == 1)
    return 0
}
