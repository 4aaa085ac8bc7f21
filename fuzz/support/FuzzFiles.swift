// What the targets that read files share (compiled into every target): a private folder per
// process, files written into it from the fuzzer's bytes, and the input split into files.
import Foundation

enum FuzzFiles {
    /// A new private folder `chatrender-fuzz-LABEL-XXXXXX` under the temporary folder (fuzz/run.sh
    /// points TMPDIR at one of its own and removes it after the run).
    static func folder(_ label: String) -> String {
        var template = Array((NSTemporaryDirectory() as NSString).appendingPathComponent("chatrender-fuzz-\(label)-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("cannot make a scratch folder") }
        return String(cString: made)
    }

    /// Removes everything in `folder`, keeping the folder.
    static func empty(_ folder: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }

    /// Writes `bytes` to `path` (made readable only by this user), making the folders above it.
    static func write(_ path: String, _ bytes: some Collection<UInt8>) {
        let parent = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let array = Array(bytes)
        array.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n <= 0 { break }
                written += n
            }
        }
    }

    /// The contents of `path`, or nil.
    static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// `bytes` cut at every `separator` (JSON text never holds a raw NUL or other control byte, so
    /// a file of JSON is one piece).
    static func pieces(_ bytes: UnsafeBufferPointer<UInt8>, at separator: UInt8 = 0, limit: Int = 16) -> [ArraySlice<UInt8>] {
        Array(Array(bytes).split(separator: separator, maxSplits: limit - 1, omittingEmptySubsequences: false))
    }

    /// `name` when it can be a file name as it is (letters, digits, `_`, `-`, `.`; not empty, not
    /// starting with a dot, at most 80 bytes), else nil.
    static func plainName(_ name: String?) -> String? {
        guard let name, !name.isEmpty, name.utf8.count <= 80, !name.hasPrefix(".") else { return nil }
        let plain = name.utf8.allSatisfy { byte in
            byte == 95 || byte == 45 || byte == 46 || (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
        }
        return plain ? name : nil
    }

    /// The names of the entries under `folder`, recursively, with their sizes.
    static func listing(_ folder: String) -> [String: Int] {
        var found: [String: Int] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return found }
        while let relative = walker.nextObject() as? String {
            let size = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + relative))?[.size] as? Int ?? -1
            found[relative] = size
        }
        return found
    }
}
