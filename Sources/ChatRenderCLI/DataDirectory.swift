import ChatRender
import Foundation

/// Finds the bundled `themes/` and `templates/`: `CHATRENDER_DATA` if set; else the nearest
/// folder above the executable holding both (a build inside the repository); else
/// `../share/chatrender` beside an installed binary.
enum DataDirectory {
    /// `environment` stands in for the process's (tests); by default only `CHATRENDER_DATA` is read,
    /// without copying the whole environment into a dictionary.
    static func locate(environment: [String: String]? = nil) -> String? {
        let fm = FileManager.default
        func holdsData(_ folder: String) -> Bool {
            fm.fileExists(atPath: FilePath.join(folder, "templates/page.html"))
                && fm.fileExists(atPath: FilePath.join(folder, "themes/sp.resolver.json"))
        }
        let explicit = environment.map { $0["CHATRENDER_DATA"] } ?? getenv("CHATRENDER_DATA").map { String(cString: $0) }
        if let explicit, !explicit.isEmpty { return explicit }
        guard let executable = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        var folder = FilePath.directory(executable)
        for _ in 0..<6 {
            if holdsData(folder) { return folder }
            let share = FilePath.join(folder, "share/chatrender")
            if holdsData(share) { return share }
            let parent = FilePath.directory(folder)
            if parent == folder { break }
            folder = parent
        }
        return nil
    }
}
