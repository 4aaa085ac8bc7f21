// Fuzz target: the zip reader, from raw archive bytes to every entry's checked contents, and
// the ChatGPT export lookup on top of it. The bytes go through a file because the reader reads
// archives in place; the limits are small so a hostile size never costs more than the fuzzer allows.
@testable import ChatLoad
import Foundation

private let scratch: String = {
    var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("chatrender-fuzz-zip-XXXXXX").utf8CString)
    let fd = mkstemp(&template)
    close(fd)
    return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let fd = open(scratch, O_WRONLY | O_TRUNC)
    guard fd >= 0 else { return 0 }
    var written = 0
    while written < size {
        let n = write(fd, data + written, size - written)
        if n <= 0 { break }
        written += n
    }
    close(fd)
    var limits = ZipLimits()
    limits.maxEntries = 1_000
    limits.maxEntrySize = 4 << 20
    limits.maxTotalSize = 16 << 20
    limits.maxCentralDirectorySize = 1 << 20
    guard let archive = try? ZipArchive(path: scratch, displayPath: "fuzz.zip", limits: limits) else { return 0 }
    for entry in archive.entries where !entry.isDirectory {
        _ = archive.head(entry, count: 16)
        _ = try? archive.read(entry, limit: 4 << 20, what: "a fuzz entry")
    }
    if let export = try? ChatGPTExport.open(scratch, limits: limits) {
        _ = try? ChatGPTImporter.read(export, includeSystem: false)
    }
    return 0
}
