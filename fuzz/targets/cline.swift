// Fuzz target: the Cline family's reader, from a task's files (what was sent to the model, what
// the panel showed, the task's metadata) or a Cline CLI session's to an imported chat.
//
// Input: a mode byte, then the files' contents separated by NUL bytes. Mode bit 0 clear: a task's
// api_conversation_history.json, ui_messages.json, task_metadata.json and history_item.json, in a
// Roo Code task's folder when bit 1 is set. Bit 0 set: a CLI session's ID.messages.json and its
// manifest ID.json. The files are written to a folder and read through the reader as a user would.
@testable import ChatLoad
@testable import ChatSupport
import Foundation

private let folder = FuzzFiles.folder("cline")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCline(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let mode = data[0]
    FuzzFiles.empty(folder)
    let pieces = FuzzFiles.pieces(UnsafeBufferPointer(start: data + 1, count: size - 1), limit: 4)
    let task: String
    let names: [String]
    if mode & 1 != 0 {
        task = folder + "/data/sessions/s1"
        names = ["s1.messages.json", "s1.json"]
    } else {
        task = folder + "/globalStorage/" + (mode & 2 != 0 ? "rooveterinaryinc.roo-cline" : "saoudrizwan.claude-dev") + "/tasks/1"
        names = ["api_conversation_history.json", "ui_messages.json", "task_metadata.json", "history_item.json"]
    }
    for (name, piece) in zip(names, pieces) { FuzzFiles.write(task + "/" + name, piece) }
    _ = try? ClineReader().read(task, options: ReadOptions())
    return 0
}
