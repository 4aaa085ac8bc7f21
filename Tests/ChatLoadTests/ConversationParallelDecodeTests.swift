import Testing
@testable import ChatModel
@testable import ChatSupport
@testable import ChatLoad

extension LoadTests {
    /// Messages decoded in parallel chunks must give exactly what one thread gives: the same
    /// messages, and warnings and errors in the same order with the same text and positions.
    @Suite("ConversationLoader, parallel")
    struct ConversationParallelDecodeTests {
        /// A message that is fine, or broken in one of several ways, chosen by `index`.
        private static func message(_ index: Int) -> String {
            let id = index % 97 == 5 ? "m\(index - 5)" : "m\(index)"  // duplicates, some across chunks
            switch index % 13 {
            case 1: return #"{"id": "\#(id)", "role": "robot", "text": "x"}"#
            case 2: return #"{"id": "", "role": "user", "text": "x"}"#
            case 3: return #"{"id": "\#(id)", "text": 4}"#
            case 4: return #"{"id": "\#(id)", "role": "user", "text": "x", "date": "2026-02-30"}"#
            case 5:
                return
                    #"{"id": "\#(id)", "role": "user", "text": "x", "attachments": [{"id": "a", "name": "n", "byteCount": 1, "contentType": "text/plain", "url": "javascript:alert(1)"}]}"#
            case 6:
                return
                    #"{"id": "\#(id)", "role": "user", "text": "x", "attachments": [{"id": "a", "name": "n", "byteCount": -1, "contentType": ""}, {"id": "a", "name": "n", "byteCount": 2.5, "contentType": "t/t", "upload": {"state": "uploading", "progress": 2}}]}"#
            case 7: return "[]"
            case 8: return #"{"id": "\#(id)", "role": "assistant", "text": "é 😀 \u00e9", "date": "2026-03-14T09:41:00Z"}"#
            case 9:
                // Parts: an unknown type (a warning), an attachment named twice and one missing (errors).
                return
                    #"{"id": "\#(id)", "role": "assistant", "attachments": [{"id": "a", "name": "n", "byteCount": 1, "contentType": "image/png"}], "parts": [{"type": "poll"}, {"type": "toolCall", "name": "t", "attachments": ["a", "a", "b"]}]}"#
            case 10:
                return
                    #"{"id": "\#(id)", "role": "assistant", "parts": [{"type": "thinking", "text": "", "durationSeconds": 3}, {"type": "transcript", "title": "T", "messages": [{"id": "t", "role": "user", "text": "x"}]}, {"type": "text", "text": "y[^s]"}], "sources": [{"id": "s", "url": "ftp://x"}]}"#
            default: return #"{"id": "\#(id)", "role": "user", "text": "hello \#(index)"}"#
            }
        }

        private static func elements(count: Int) throws -> [JSONNode] {
            let text = "[\n" + (0..<count).map { "  " + message($0) }.joined(separator: ",\n") + "\n]"
            guard case .array(let elements) = try JSONParser.parse(Array(text.utf8)).value else {
                Issue.record("not an array")
                return []
            }
            return elements
        }

        @Test(arguments: [1, 2, 3, 7, 16, 64, 1_000])
        func chunksGiveTheOneThreadMessagesAndDiagnostics(chunks: Int) throws {
            let elements = try Self.elements(count: 700)
            var serialReader = JSONReader(file: "c.json")
            let serial = ConversationLoader.decodeMessages(elements, reader: &serialReader, chunkCount: 1)
            var reader = JSONReader(file: "c.json")
            let parallel = ConversationLoader.decodeMessages(elements, reader: &reader, chunkCount: chunks)
            #expect(parallel == serial)
            #expect(reader.diagnostics == serialReader.diagnostics)
            #expect(serialReader.diagnostics.contains { $0.message.hasPrefix("duplicate message id") })
            #expect(serialReader.diagnostics.contains { $0.severity == .warning })
        }

        @Test func aLargeConversationReportsDuplicatesAcrossChunksInMessageOrder() throws {
            // Enough messages for the parallel path; m3 comes back at 900 and m10 at 1,500.
            let ids = (0..<2_000).map { $0 == 900 ? "m3" : $0 == 1_500 ? "m10" : "m\($0)" }
            let messages = ids.map { #"{"id": "\#($0)", "role": "user", "text": "t"}"# }
            let text = "{\"messages\": [\n" + messages.joined(separator: ",\n") + "\n]}"
            do {
                _ = try ConversationLoader.decode(bytes: Array(text.utf8), file: "c.json")
                Issue.record("expected duplicate ids to be refused")
            } catch {
                #expect(
                    error.diagnostics.map(\.description) == [
                        #"c.json:902:8: error: messages[900].id: duplicate message id "m3"; messages[3] has it too; expected ids to be unique"#,
                        #"c.json:1502:8: error: messages[1500].id: duplicate message id "m10"; messages[10] has it too; expected ids to be unique"#,
                    ])
            }
        }
    }
}
