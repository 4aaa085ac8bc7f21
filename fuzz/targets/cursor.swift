// Fuzz target: the Cursor reader, from agent transcripts' bytes (JSON lines of role and message,
// and turn_ended records) to an imported chat, its sub-agents' transcripts nested in it.
//
// Input: a mode byte, then the transcript and its sub-agents' transcripts, separated by NUL bytes
// (at most 8 in all). Mode bit 0: --include-system.
@testable import ChatLoad
@testable import ChatSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCursor(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let pieces = FuzzFiles.pieces(UnsafeBufferPointer(start: data + 1, count: size - 1), limit: 8)
    let id = "0cf8e760-3644-45cd-ad39-040d543e9ed8"
    let children = pieces.dropFirst().enumerated().map { ("\($0.offset).jsonl", Array($0.element)) }
    _ = CursorReader.read(
        bytes: Array(pieces[0]), file: "/home/sample/.cursor/projects/home-sample-src/agent-transcripts/\(id)/\(id).jsonl", children: children,
        includeSystem: data[0] & 1 == 1)
    return 0
}
