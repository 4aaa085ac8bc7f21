import Foundation

/// Finds the shared conversation fixtures in `Fixtures/conversations/`. The same files are checked
/// against `schemas/conversation.schema.json` by `Tests/schema/test_schema.py`.
enum ConversationFixtures {
    /// `Tests/ChatRenderTests/Fixtures/conversations`, found from this file so tests run from any directory.
    static let directory: String = {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()   // Load
            .deletingLastPathComponent()   // ChatRenderTests
            .appendingPathComponent("Fixtures/conversations")
            .path
    }()

    /// The `.json` file names in `valid/` or `invalid/`, sorted.
    static func names(in folder: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/" + folder)) ?? []
        return entries.filter { $0.hasSuffix(".json") }.sorted()
    }

    static func path(_ folder: String, _ name: String) -> String { directory + "/" + folder + "/" + name }

    /// A small JSON file of strings, e.g. `date-forms.json` → `["accepted": [...], "rejected": [...]]`.
    static func stringLists(_ name: String) throws -> [String: [String]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
        guard let lists = try JSONSerialization.jsonObject(with: data) as? [String: [String]] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return lists
    }
}
