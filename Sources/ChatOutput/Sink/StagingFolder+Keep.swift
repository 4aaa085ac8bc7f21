import Foundation
import CPlatform
import ChatModel

/// A site updated in place (`SiteUpdate`) is still made in a staging folder and swapped in
/// whole: what did not change is hard-linked into it from the output it replaces, so those files
/// keep their bytes, inode and modification time, and nothing half-written is ever in place.
extension StagingFolder {
    /// Hard-links every file under `old` in the output about to be replaced to the same place
    /// under `relative` in this one; false (what was linked stays) when `old` is not a folder
    /// there or a link fails.
    package func linkTree(from old: String, to relative: String) -> Bool {
        let source = FilePath.join(destination, old)
        var info = stat()
        guard lstat(source, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        guard (try? folder(relative)) != nil else { return false }
        guard let walk = FileManager.default.enumerator(atPath: source) else { return false }
        while let inner = walk.nextObject() as? String {
            let from = FilePath.join(source, inner)
            let to = FilePath.join(FilePath.join(path, relative), inner)
            guard lstat(from, &info) == 0 else { return false }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: if mkdir(to, 0o755) != 0 && errno != EEXIST { return false }
            case S_IFREG: if link(from, to) != 0 { return false }
            default: continue
            }
        }
        return true
    }

    /// Puts the file `relative` of the output about to be replaced in place in this one, as it is.
    package func keepAsItIs(_ relative: String) -> Bool {
        let source = FilePath.join(destination, relative)
        var info = stat()
        guard lstat(source, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        let target = FilePath.join(path, relative)
        if link(source, target) == 0 { return true }
        guard errno == ENOENT, (try? folder(FilePath.directory(relative))) != nil else { return false }
        return link(source, target) == 0
    }

    /// Replaces each file written under `relative` that is the same, byte for byte, as the one at
    /// its place in the output about to be replaced by a link to that one; returns how many differ.
    package func keepSame(under relative: String) -> Int {
        let root = FilePath.join(path, relative)
        guard let walk = FileManager.default.enumerator(atPath: root) else { return 0 }
        var differ = 0
        var info = stat()
        while let inner = walk.nextObject() as? String {
            let staged = FilePath.join(root, inner)
            guard lstat(staged, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let old = FilePath.join(FilePath.join(destination, relative), inner)
            var same = false
            if let data = FileManager.default.contents(atPath: staged), case let bytes = [UInt8](data),
                Self.identity(ofFileAt: old, holding: bytes) != nil
            {
                let spare = staged + ".kept"
                same = link(old, spare) == 0 && rename(spare, staged) == 0
                if !same { unlink(spare) }
            }
            if !same { differ += 1 }
        }
        return differ
    }
}
