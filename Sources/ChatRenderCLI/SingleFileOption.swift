import ChatRender
import Foundation

extension CLI {
    /// Where `--single-file` writes: `out/NAME.html` by default; `--out` names the file, unless
    /// it ends in `/` or names an existing folder, which then receives `NAME.html`.
    static func singleFilePage(out: String?, name: String) -> String {
        guard let out else { return FilePath.join("out", name + ".html") }
        var isFolder: ObjCBool = false
        if out.hasSuffix("/") || (FileManager.default.fileExists(atPath: out, isDirectory: &isFolder) && isFolder.boolValue) {
            return FilePath.join(out, name + ".html")
        }
        return out
    }
}
