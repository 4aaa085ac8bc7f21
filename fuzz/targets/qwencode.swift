// Fuzz target: the Qwen Code reader, from a session log's bytes (records joined by
// uuid/parentUuid whose messages are Gemini's content) to an imported chat, its branches
// arranged and its calls shown as Gemini CLI's are.
//
// Input: a mode byte, then the log. Mode bit 0: the log is read in two pieces, split after the
// line break nearest its middle, as `render --watch` reads a growing log.
@testable import ChatLoad
@testable import ChatSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQwenCode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    var session = QwenSession(file: "session.jsonl")
    let cut = data[0] & 1 == 1 ? (bytes[(bytes.count / 2)...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count) : bytes.count
    session.read(UnsafeBufferPointer(rebasing: bytes[..<cut]))
    session.read(UnsafeBufferPointer(rebasing: bytes[cut...]))
    _ = session.chat(fallbackTitle: "session")
    return 0
}
