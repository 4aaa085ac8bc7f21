// Fuzz target: the GitHub Copilot reader, from a session's bytes to an imported chat: the CLI's
// `events.jsonl` (dotted events: session.start, user.message, assistant.message, tool.execution_*,
// subagent.*, …) and VS Code's Copilot Chat export (one JSON document of requests).
//
// Input: a mode byte, then the file; with mode bit 2, the file, a NUL byte and the session's
// `workspace.yaml`. Mode bit 0: --include-system. Bit 1: VS Code's export; clear, events.jsonl.
// Bit 2: written into a session's folder (`<id>/events.jsonl` or `chat-export.json`, beside
// `workspace.yaml`) and read through the reader as a user would; clear, read from memory.
@testable import ChatLoad
@testable import ChatSupport
import Foundation

private let folder = FuzzFiles.folder("copilot")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCopilot(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let mode = data[0]
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let includeSystem = mode & 1 == 1
    let isExport = mode & 2 != 0
    guard mode & 4 != 0 else {
        if isExport {
            _ = try? CopilotReader.readChatExport(bytes: Array(bytes), file: "chat-export.json", includeSystem: includeSystem)
        } else {
            _ = CopilotReader.read(bytes: Array(bytes), file: "events.jsonl", includeSystem: includeSystem)
        }
        return 0
    }
    FuzzFiles.empty(folder)
    let pieces = FuzzFiles.pieces(bytes, limit: 2)
    let session = folder + "/80575baf-49d5-43f8-924e-8b3440c3f483"
    FuzzFiles.write(session + (isExport ? "/chat-export.json" : "/events.jsonl"), pieces[0])
    if pieces.count > 1 { FuzzFiles.write(session + "/workspace.yaml", pieces[1]) }
    _ = try? CopilotReader().read(session, options: ReadOptions(includeSystem: includeSystem))
    return 0
}
