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

/// Nothing is read outside the conversation's folder, and nothing written outside `--out`:
/// `..`, absolute paths, and symbolic links that point out.
@Suite struct ContainmentTests {
    /// Every path under `root` with its bytes: compared before and after to find writes.
    func snapshot(_ root: String) -> [String: Data] { Faults.tree(root) }

    @Test func pathsOutOfTheFolderAreNeverRead() throws {
        let root = Faults.folder("contain")
        let secret = "SECRET-\(UUID().uuidString)"
        Faults.write(secret + "\n", root + "/outside/secret.txt")
        try FileManager.default.copyItem(atPath: TestPaths.fixture("render/photos/p1.png"), toPath: root + "/outside/secret.png")
        let folder = root + "/chat"
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: TestPaths.fixture("render/photos/p3.png"), toPath: folder + "/inside.png")
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.txt", withDestinationPath: root + "/outside/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.png", withDestinationPath: "../outside/secret.png")
        try FileManager.default.createSymbolicLink(atPath: folder + "/sub/up", withDestinationPath: "../..")
        try FileManager.default.createSymbolicLink(atPath: folder + "/dirlink", withDestinationPath: root + "/outside")
        let textPaths = [
            "../outside/secret.txt", "sub/../../outside/secret.txt", root + "/outside/secret.txt", "link.txt",
            "sub/up/outside/secret.txt", "dirlink/secret.txt", "./../outside/secret.txt", "~/../../" + root + "/outside/secret.txt",
            "..%2Foutside%2Fsecret.txt", "sub/..\\..\\outside\\secret.txt", "file://" + root + "/outside/secret.txt",
        ]
        let photoPaths = ["../outside/secret.png", root + "/outside/secret.png", "link.png", "sub/up/outside/secret.png", "dirlink/secret.png"]
        var attachments: [[String: Any]] = [["id": "ok", "name": "inside.png", "byteCount": 1, "contentType": "image/png", "preview": "inside.png"]]
        for (index, path) in textPaths.enumerated() {
            attachments.append(["id": "t\(index)", "name": "t\(index).txt", "byteCount": 1, "contentType": "text/plain", "url": path])
        }
        for (index, path) in photoPaths.enumerated() {
            attachments.append(["id": "p\(index)", "name": "p\(index).png", "byteCount": 1, "contentType": "image/png", "preview": path])
        }
        Faults.write(Faults.json(["messages": [["id": "m", "role": "user", "text": "x", "attachments": attachments]]]), folder + "/c.json")
        let before = snapshot(root)
        let run = try CLIRun.run(["render", "c.json", "--out", root + "/site/out"], in: folder)
        Faults.expectNoCrash(run)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("\(textPaths.count + photoPaths.count) warnings"), "\(run.stderr)")
        let site = Faults.tree(root + "/site/out")
        for (name, bytes) in site {
            #expect(!String(decoding: bytes, as: UTF8.self).contains(secret), "\(name) holds the secret")
        }
        // One photo (the inside one) became images; the page refers only to assets/.
        let assets = site.keys.filter { $0.hasPrefix("assets/") && !$0.hasSuffix("/") }
        #expect(!assets.isEmpty)
        let originals = try #require(FileManager.default.contents(atPath: root + "/outside/secret.png"))
        #expect(!site.values.contains(originals))
        // Nothing changed outside --out.
        var after = snapshot(root)
        after = after.filter { !$0.key.hasPrefix("site/") }
        #expect(after == before)
        // --strict turns each refusal into an error.
        let strict = try CLIRun.run(["render", "c.json", "--out", root + "/strict", "--strict", "--quiet"], in: folder)
        #expect(strict.status == 65)
        #expect(!FileManager.default.fileExists(atPath: root + "/strict"))
    }

    @Test func importedNamesCannotWriteOutsideOut() throws {
        let root = Faults.folder("contain-import")
        let payload = "data:text/plain;base64,U0VDUkVU"
        let names = [
            "../../../escape.txt", "/tmp/escape-\(UUID().uuidString).txt", "..", ".", "...", "a/../../b.txt",
            "..\\..\\win.txt", "\u{0}nul.txt", String(repeating: "é", count: 300) + ".txt", ".chatrender",
            "index.html", "NAME.json", "~/.bashrc", "CON", "a\nb.txt",
        ]
        var parts: [[String: Any]] = []
        for name in names { parts.append(["type": "file", "file": ["filename": name, "file_data": payload]]) }
        let export: [[String: Any]] = [["role": "user", "content": parts]]
        Faults.write(Faults.json(export), root + "/in/../in/export.json")
        let before = snapshot(root)
        let run = try CLIRun.run(["import", "openai", "in/export.json", "--out", "site/out", "--quiet"], in: root)
        Faults.expectNoCrash(run)
        #expect(run.status == 0, "\(run.stderr)")
        let after = snapshot(root).filter { !$0.key.hasPrefix("site/") }
        #expect(after == before, "written outside --out: \(Set(after.keys).subtracting(before.keys))")
        #expect(Faults.names(root + "/site") == ["out"])
        let files = Faults.tree(root + "/site/out").keys.filter { !$0.hasSuffix("/") }
        #expect(files.allSatisfy { $0 == "index.html" || $0 == ".chatrender" || $0 == "export.json" || $0.hasPrefix("files/export/") }, "\(files.sorted())")
        // One file a name; names that become the same safe name hold the same bytes here, so they share one.
        #expect(files.filter { $0.hasPrefix("files/export/") }.count == Set(names.map { ImportWriter.safeFileName($0).lowercased() }).count)
        // And rendering what was imported stays inside as well.
        let render = try CLIRun.run(["render", "site/out/export.json", "--out", "page", "--quiet", "--strict"], in: root)
        #expect(render.status == 0, "\(render.stderr)")
    }

    @Test func outThatIsASymlinkOrAForeignFolderIsRefused() throws {
        let root = Faults.folder("contain-out")
        Faults.write("keep\n", root + "/precious/notes.txt")
        try FileManager.default.createSymbolicLink(atPath: root + "/out", withDestinationPath: root + "/precious")
        let before = snapshot(root + "/precious")
        Faults.write(Faults.json(["messages": []]), root + "/c.json")
        for target in ["out", "out/", "precious", "precious/.", "out/../precious"] {
            let run = try CLIRun.run(["render", "c.json", "--out", target, "--quiet"], in: root)
            Faults.expectNoCrash(run)
            #expect(run.status == 73, "\(target): \(run.stderr)")
        }
        #expect(snapshot(root + "/precious") == before)
        #expect(Faults.names(root) == ["precious", "out", "c.json"])
    }
}
