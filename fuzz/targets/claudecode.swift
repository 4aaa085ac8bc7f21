// Fuzz target: the claude-code importer, from session log bytes (JSON lines) to an imported chat.
@testable import ChatLoad

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    // The first byte is a mode, as in the other importer targets; this one has none yet.
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    _ = ClaudeCodeImporter.read(bytes: bytes, file: "session.jsonl")
    return 0
}
