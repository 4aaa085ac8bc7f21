// Fuzz target: the Gemini CLI reader, from a session's bytes to an imported chat: a recorded
// session as JSON lines (`session-….jsonl`: a header line, message lines, `$set`, `$rewindTo` and
// `$compacted` lines) or as one JSON document (the older `session-….json`, and a chat saved with
// `/chat save`, `checkpoint-TAG.json`).
//
// Input: a mode byte, then the file. Mode bit 0: JSON lines; clear, one JSON document.
@testable import ChatLoad
@testable import ChatSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGemini(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    if data[0] & 1 == 1 {
        var session = GeminiSession(file: "session.jsonl")
        session.read(lines: bytes)
        _ = session.chat(fallbackTitle: "session", project: nil)
    } else {
        guard let root = try? ImportSource.parse(bytes: Array(bytes), displayPath: "session.json") else { return 0 }
        var session = GeminiSession(file: "session.json")
        session.read(document: root)
        _ = session.chat(fallbackTitle: "session", project: "fuzz")
    }
    return 0
}
