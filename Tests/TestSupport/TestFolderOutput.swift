import ChatModel
import ChatOutput

/// An output made straight in a test's own folder: no staging, no swap. The stage tests read
/// what was written there.
package final class TestFolderOutput: FolderOutput, @unchecked Sendable {
    package let path: String
    package var destination: String { path }
    package init(_ path: String) { self.path = path }
}
