// Fuzz target: the anthropic importer, from parsed JSON to imported chats.
@testable import ChatLoad
@testable import ChatSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    guard let root = try? JSONParser.parse(bytes) else { return 0 }
    _ = AnthropicImporter.read(root, title: "fuzz", file: "fuzz.json", includeSystem: data[0] & 1 == 1)
    return 0
}
