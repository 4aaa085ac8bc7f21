// Fuzz target: the Factory Droid reader, from a session's log (and the settings beside it) to an
// imported chat, read as a user's `~/.factory/sessions/<slug>/<id>.jsonl` is.
//
// Input: a mode byte, then the log's JSON lines; after a NUL, its `<id>.settings.json`. Mode bit
// 1: the sessions folder is read, rather than the log.
@testable import ChatLoad
@testable import ChatSupport

private let folder = FuzzFiles.folder("droid")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDroid(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let mode = data[0]
    let pieces = Array(UnsafeBufferPointer(start: data + 1, count: size - 1)).split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    FuzzFiles.empty(folder)
    let log = folder + "/-home-ana-src-atlas/5e1d2c3b-4a59-4687-9c0d-1e2f3a4b5c6d.jsonl"
    FuzzFiles.write(log, pieces[0])
    if pieces.count > 1 { FuzzFiles.write(String(log.dropLast(6)) + ".settings.json", pieces[1]) }
    _ = try? DroidReader().read(mode & 2 != 0 ? folder : log, options: ReadOptions(includeSystem: mode & 1 == 1))
    return 0
}
