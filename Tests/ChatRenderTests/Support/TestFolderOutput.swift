@testable import ChatModel
@testable import ChatOutput

/// An output made straight in a test's own folder: no staging, no swap. The stage tests read
/// what was written there.
final class TestFolderOutput: FolderOutput, @unchecked Sendable {
    let path: String
    var destination: String { path }
    init(_ path: String) { self.path = path }
}
