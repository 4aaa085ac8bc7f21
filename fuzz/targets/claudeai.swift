// Fuzz target: the claude-ai importer, from parsed JSON to imported chats, then --redact over them.
@testable import ChatLoad
@testable import ChatSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    guard let root = try? JSONParser.parse(bytes) else { return 0 }
    let (chats, _) = ClaudeAIImporter.read(root, file: "conversations.json")
    if data[0] & 1 == 1, let chats { _ = Redactor.redact(chats, emails: data[0] & 2 == 2) }
    return 0
}
