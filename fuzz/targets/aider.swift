// Fuzz target: the Aider reader, from a project's chat history (Markdown: `# aider chat started
// at` sessions, `####` messages, `>` output, replies with SEARCH/REPLACE blocks) and its input
// history to imported chats.
//
// Input: a mode byte, then .aider.chat.history.md and, when mode bit 0 is set, .aider.input.history,
// separated by a NUL byte. Both are written to a project folder and read through the reader as a
// user would; bit 1 set, the folder holding the project is read.
@testable import ChatLoad
@testable import ChatSupport
import Foundation

private let folder = FuzzFiles.folder("aider")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAider(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let mode = data[0]
    FuzzFiles.empty(folder)
    let pieces = FuzzFiles.pieces(UnsafeBufferPointer(start: data + 1, count: size - 1), limit: 2)
    let project = folder + "/src/shop"
    FuzzFiles.write(project + "/.aider.chat.history.md", pieces[0])
    if mode & 1 != 0, pieces.count > 1 { FuzzFiles.write(project + "/.aider.input.history", pieces[1]) }
    _ = try? AiderReader().read(mode & 2 != 0 ? folder + "/src" : project + "/.aider.chat.history.md", options: ReadOptions())
    return 0
}
