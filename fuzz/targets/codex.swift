// Fuzz target: the Codex reader, from rollout bytes (JSON lines, in the current shape —
// session_meta, response_item, event_msg, turn_context, compacted — or the first releases' bare
// lines) to imported chats, sub-agents nested.
//
// Input: a mode byte, then the rollouts' contents separated by NUL bytes (at most 8). Mode bit 0:
// --include-system. Bit 1 clear: the first rollout is read from memory (bit 2: its turns free what
// they were made from, as a rollout file is read). Bit 1 set: every rollout is written to a
// folder, named `rollout-…-<thread id>.jsonl` after its first line's id as Codex names them, and
// read through the reader as a user would: bit 2 set, the folder (each sub-agent nested in the
// rollout that spawned it); clear, the first rollout alone, with the sub-agents beside it.
@testable import ChatLoad
@testable import ChatSupport
import Foundation

private let folder = FuzzFiles.folder("codex")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCodex(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let mode = data[0]
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let includeSystem = mode & 1 == 1
    guard mode & 2 != 0 else {
        _ = CodexReader.read(bytes: Array(bytes), file: "rollout.jsonl", includeSystem: includeSystem, freesAsTurnsAreMade: mode & 4 != 0)
        return 0
    }
    FuzzFiles.empty(folder)
    var files: [String] = []
    for (index, piece) in FuzzFiles.pieces(bytes, limit: 8).enumerated() {
        let first = piece.firstIndex(of: 0x0A).map { piece[..<$0] } ?? piece
        let meta = try? JSONParser.parse(Array(first))
        let id = FuzzFiles.plainName(meta.flatMap { InputProbe.string($0["payload"] ?? $0, "id") }) ?? "piece\(index)"
        let path = folder + "/2026/06/09/rollout-2026-06-09T14-00-0\(index)-\(id).jsonl"
        guard !files.contains(path) else { continue }
        FuzzFiles.write(path, piece)
        files.append(path)
    }
    let input = mode & 4 != 0 ? folder : files[0]
    _ = try? CodexReader().read(input, options: ReadOptions(includeSystem: includeSystem))
    return 0
}
