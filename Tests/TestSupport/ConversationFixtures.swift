import Foundation

/// Finds the shared conversation fixtures in `Fixtures/conversations/`. The same files are checked
/// against `schemas/conversation.schema.json` by `Tests/schema/test_schema.py`.
package enum ConversationFixtures {
    /// `Tests/ChatRenderTests/Fixtures/conversations`.
    package static var directory: String { TestPaths.fixture("conversations") }

    /// The `.json` file names in `valid/` or `invalid/`, sorted.
    package static func names(in folder: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/" + folder)) ?? []
        return entries.filter { $0.hasSuffix(".json") }.sorted()
    }

    package static func path(_ folder: String, _ name: String) -> String { directory + "/" + folder + "/" + name }

    /// A small JSON file of strings, e.g. `date-forms.json` → `["accepted": [...], "rejected": [...]]`.
    package static func stringLists(_ name: String) throws -> [String: [String]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
        guard let lists = try JSONSerialization.jsonObject(with: data) as? [String: [String]] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return lists
    }
}
