// Fuzz target: the conversation decoder (JSONParser + ConversationLoader + ComposerDecoder).
// Property: whatever decodes also survives a write with NativeJSON and decodes again, and renders
// its text without trapping.
@testable import ChatModel
@testable import ChatLoad
@testable import ChatSupport
@testable import ChatRenderHTML

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConversation(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let (conversation, _) = try? ConversationLoader.decode(bytes: bytes, file: "fuzz.json") else { return 0 }
    for message in conversation.messages ?? [] {
        _ = InlineText.render(message.text, formatted: message.role == .assistant)
    }
    let again = NativeJSON.encode(Conversation(title: conversation.title, messages: conversation.messages))
    do {
        _ = try ConversationLoader.decode(bytes: again, file: "again.json")
    } catch {
        fatalError("a decoded conversation does not decode after NativeJSON.encode: \(error.diagnostics)")
    }
    return 0
}
