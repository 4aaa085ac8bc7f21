// Fuzz target: the Kimi CLI reader, from a session's bytes to an imported chat: its wire (a
// metadata line, then `{"timestamp", "message": {"type", "payload"}}` records, streamed parts and
// calls joined) or its context (the messages the model saw).
//
// Input: a mode byte, then the file. Mode bit 0: the file is a context.jsonl; clear, a wire.jsonl.
@testable import ChatLoad
@testable import ChatSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKimi(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    var session = KimiSession(file: data[0] & 1 == 1 ? "context.jsonl" : "wire.jsonl")
    if data[0] & 1 == 1 { session.readContext(bytes) } else { session.read(bytes) }
    _ = session.chat(fallbackTitle: "session")
    return 0
}
