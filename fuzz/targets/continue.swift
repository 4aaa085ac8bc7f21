// Fuzz target: the Continue reader, from a session's file (and the index beside it) to imported
// chats, read as a user's `~/.continue/sessions` folder is.
//
// Input: a mode byte, then the session's JSON; after a NUL, the index (`sessions.json`). Mode
// bit 0: --include-system. Bit 1: the folder is read, rather than the session's file.
@testable import ChatLoad
@testable import ChatSupport

private let folder = FuzzFiles.folder("continue")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContinue(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let mode = data[0]
    let pieces = Array(UnsafeBufferPointer(start: data + 1, count: size - 1)).split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    FuzzFiles.empty(folder)
    let session = folder + "/sessions/3f6c1a2b-7d4e-4f80-9a1b-2c3d4e5f6a7b.json"
    FuzzFiles.write(session, pieces[0])
    if pieces.count > 1 { FuzzFiles.write(folder + "/sessions/sessions.json", pieces[1]) }
    _ = try? ContinueReader().read(mode & 2 != 0 ? folder : session, options: ReadOptions(includeSystem: mode & 1 == 1))
    return 0
}
