import Foundation
import ChatModel
import ChatOutput

/// An output kept aside for a test to read instead of written under `--out`: for tests of the
/// stages that write (assets, import, PDF), which then need no destination, staging or swap.
/// Every file lands in a private scratch folder (so producers that read or write by path, like
/// libvips or Chromium, see the whole output), removed with this value; ``files`` reads it all
/// back into memory.
package final class MemoryOutput: FolderOutput, @unchecked Sendable {
    package let destination: String
    /// The scratch folder the output is made in.
    package let path: String

    package init(destination: String = "memory") {
        self.destination = destination
        path = (try? ScratchFolder.make("memory")) ?? FilePath.join(NSTemporaryDirectory(), "chatrender-memory-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { OutputWriter.removeTree(path) }

    /// Every file of the output by relative path, with its bytes.
    package var files: [String: [UInt8]] {
        var all: [String: [UInt8]] = [:]
        guard let walker = FileManager.default.enumerator(atPath: path) else { return all }
        while let name = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            let full = FilePath.join(path, name)
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue,
                let data = FileManager.default.contents(atPath: full)
            {
                all[name] = Array(data)
            }
        }
        return all
    }
}
