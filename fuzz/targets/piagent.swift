// Fuzz target: the Pi family's reader (Pi, Oh My Pi, OpenClaw), from a session log's bytes (a
// header line, then entries joined by id/parentId) to an imported chat, its branches arranged.
//
// Input: a mode byte, then the log. Mode bit 0: the log is read in two pieces, split after the
// line break nearest its middle, as `render --watch` reads a growing log.
@testable import ChatLoad
@testable import ChatSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPiAgent(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    var session = PiSession(file: "/home/sample/.openclaw/agents/main/sessions/s.jsonl", app: ("OpenClaw", "main"))
    let cut = data[0] & 1 == 1 ? (bytes[(bytes.count / 2)...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count) : bytes.count
    session.read(UnsafeBufferPointer(rebasing: bytes[..<cut]))
    session.read(UnsafeBufferPointer(rebasing: bytes[cut...]))
    _ = session.chat(fallbackTitle: "session")
    return 0
}
