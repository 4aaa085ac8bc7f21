import Foundation
import Testing
@testable import ChatModel
@testable import ChatLoad
@testable import ChatTheme
@testable import ChatPlan
@testable import ChatRenderHTML
@testable import ChatOutput
@testable import ChatAssets
@testable import ChatBrowser
@testable import ChatRender
import TestSupport

/// Helpers for the fault tests: writing inputs, reading whole output trees, timing runs, and
/// running the binary with a prefix (`taskset`) or killing it part-way.
enum Faults {
    /// A fresh folder for one test.
    static func folder(_ label: String) -> String { TestPaths.temporaryFolder("fault-\(label)") }

    @discardableResult
    static func write(_ text: String, _ path: String) -> String {
        try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @discardableResult
    static func write(bytes: [UInt8], _ path: String) -> String {
        try! FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return path
    }

    static func json(_ value: Any) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
    }

    /// Every file under `root` (hidden ones included) by relative path, with its bytes; symlinks as "-> target".
    static func tree(_ root: String) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return result }
        while let relative = walker.nextObject() as? String {
            let path = root + "/" + relative
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG: result[relative] = FileManager.default.contents(atPath: path) ?? Data()
            case S_IFLNK: result[relative] = Data(("-> " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")).utf8)
            case S_IFDIR: result[relative + "/"] = Data()
            default: result[relative] = Data("special".utf8)
            }
        }
        return result
    }

    /// The names in a folder (not recursive), hidden ones included.
    static func names(_ folder: String) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
    }

    /// The run, timed.
    static func timed(_ arguments: [String], in directory: String? = nil) throws -> (CLIRun, Duration) {
        let locale = ContinuousClock()
        var run: CLIRun!
        let elapsed = try locale.measure { run = try CLIRun.run(arguments, in: directory) }
        return (run, elapsed)
    }

    /// No crash signature on stderr: a clean diagnostic, not a trap or a stack trace.
    static func expectNoCrash(_ run: CLIRun, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for crash in ["Fatal error", "Stack dump", "Segmentation fault", "Illegal instruction", "💣", "Trace/breakpoint", "Abort"] {
            #expect(!run.stderr.contains(crash), "crash signature \(crash) in: \(run.stderr.prefix(800))", sourceLocation: sourceLocation)
        }
        #expect([0, 64, 65, 66, 73].contains(run.status), "exit \(run.status): \(run.stderr.prefix(800))", sourceLocation: sourceLocation)
    }

    /// A started `chatrender` (optionally behind a prefix command such as `taskset -c 0`).
    static func start(_ arguments: [String], prefix: [String] = []) throws -> Process {
        let process = Process()
        if prefix.isEmpty {
            process.executableURL = URL(fileURLWithPath: TestPaths.executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: prefix[0])
            process.arguments = Array(prefix.dropFirst()) + [TestPaths.executable] + arguments
        }
        var env = ProcessInfo.processInfo.environment
        env["CHATRENDER_DATA"] = TestPaths.repository
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    static func tool(_ path: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// `count` distinct JPEG photos made with libvips (noise, so none is reused), in `folder`.
    static func photos(_ count: Int, in folder: String, prefix: String, width: Int = 900, height: Int = 700) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var names: [String] = []
        for index in 0..<count {
            let name = "\(prefix)\(index).jpg"
            try #require(
                tool("/usr/bin/vips", ["gaussnoise", folder + "/" + name, "\(width)", "\(height)", "--mean", "\(60 + index % 100)"]) == 0,
                "vips could not make \(name)")
            names.append(name)
        }
        return names
    }

    /// A conversation with one message carrying `photos` (paths relative to the conversation file).
    static func conversation(photos: [String], title: String = "Photos") -> String {
        let attachments: [[String: Any]] = photos.enumerated().map { index, name in
            ["id": "p\(index)", "name": name, "byteCount": 1000 + index, "contentType": "image/jpeg", "preview": name, "alt": "Photo \(index)"]
        }
        return json(["title": title, "messages": [["id": "m1", "role": "user", "text": "Here", "attachments": attachments]]])
    }

    /// A private copy of the bundled templates and themes, so work going on in the repository
    /// during a long test cannot change the output under it. Pass `pinned(dir)` to a render.
    static func pinned(_ dir: String) throws -> [String] {
        let fm = FileManager.default
        if !fm.fileExists(atPath: dir + "/pinned") {
            try fm.createDirectory(atPath: dir + "/pinned", withIntermediateDirectories: true)
            try fm.copyItem(atPath: TestPaths.repo("templates"), toPath: dir + "/pinned/templates")
            try fm.copyItem(atPath: TestPaths.repo("themes"), toPath: dir + "/pinned/themes")
        }
        return ["--templates", dir + "/pinned/templates", "--theme", dir + "/pinned/themes/sp.resolver.json"]
    }

    /// Root can mount a small tmpfs; everyone else skips the tests that need one.
    static let canMount: Bool = {
        guard getuid() == 0 else { return false }
        let probe = folder("mount-probe")
        guard tool("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe]) == 0 else { return false }
        _ = tool("/bin/umount", [probe])
        return true
    }()
}
