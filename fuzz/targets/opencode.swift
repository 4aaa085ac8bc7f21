// Fuzz target: the opencode reader on its JSON storage (before 1.2): `session/<project>/<id>.json`,
// `message/<session>/<id>.json` and `part/<message>/<id>.json`, from the records' bytes to
// imported chats, sub-agents' sessions nested at the task calls that started them. (The database
// that replaced it is the `opencodedb` target.)
//
// Input: a mode byte, then records separated by NUL bytes, each a kind byte and its JSON: `S` a
// session, `M` a message of the last session, `P` a part of the last message. Each is written
// where opencode keeps it, named by its `id` (as opencode names them) when that can be a file
// name. Mode bit 0: --include-system. Bit 1: the first session's file is read alone (as
// `render storage/session/PROJECT/ID.json` does); clear, the data folder holding `storage/`.
@testable import ChatLoad
@testable import ChatSupport
import Foundation

private let folder = FuzzFiles.folder("opencode")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOpenCode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let mode = data[0]
    FuzzFiles.empty(folder)
    let storage = folder + "/storage"
    var session = "ses_0"
    var message = "msg_0"
    var firstSession: String?
    for (index, record) in FuzzFiles.pieces(UnsafeBufferPointer(start: data + 1, count: size - 1), limit: 64).enumerated() {
        guard let kind = record.first else { continue }
        let json = record.dropFirst()
        let node = try? JSONParser.parse(Array(json))
        let id = FuzzFiles.plainName(node.flatMap { InputProbe.string($0, "id") })
        switch kind {
        case UInt8(ascii: "S"):
            session = id ?? "ses_\(index)"
            let project = FuzzFiles.plainName(node.flatMap { InputProbe.string($0, "projectID") }) ?? "global"
            let path = "\(storage)/session/\(project)/\(session).json"
            FuzzFiles.write(path, json)
            if firstSession == nil { firstSession = path }
        case UInt8(ascii: "M"):
            message = id ?? "msg_\(index)"
            FuzzFiles.write("\(storage)/message/\(session)/\(message).json", json)
        case UInt8(ascii: "P"):
            FuzzFiles.write("\(storage)/part/\(message)/\(id ?? "prt_\(index)").json", json)
        default:
            continue
        }
    }
    let input = mode & 2 != 0 ? firstSession ?? folder : folder
    _ = try? OpenCodeReader().read(input, options: ReadOptions(includeSystem: mode & 1 == 1))
    return 0
}
