import Foundation

/// Paths the tests need, found from this file's location so tests run from any folder.
package enum TestPaths {
    package static let repository: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // TestSupport → Tests → repo
        return url.path
    }()

    package static func repo(_ relative: String) -> String { (repository as NSString).appendingPathComponent(relative) }
    package static func fixture(_ relative: String) -> String { repo("Tests/ChatRenderTests/Fixtures/" + relative) }
    package static var templates: String { repo("templates") }
    package static var defaultTheme: String { repo("themes/sp.resolver.json") }

    /// A new empty folder under the system's temporary folder, removed by the caller if it likes.
    package static func temporaryFolder(_ label: String = "t") -> String {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("chatrender-\(label)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The built `chatrender` executable next to the test bundle.
    package static var executable: String {
        let candidates = [
            ProcessInfo.processInfo.environment["CHATRENDER_BIN"],
            repo(".build/debug/chatrender"),
        ].compactMap { $0 }
        var bundle = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
        bundle.deleteLastPathComponent()
        let beside = bundle.appendingPathComponent("chatrender").path
        return ([beside] + candidates).first { FileManager.default.isExecutableFile(atPath: $0) } ?? beside
    }
}
