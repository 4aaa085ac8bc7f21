import ChatRender
import Foundation

/// Finds the bundled `themes/` and `templates/` that the default theme and templates come from:
///
/// 1. `CHATRENDER_DATA`, when set (only the command line reads it; the library takes paths);
/// 2. else beside the executable's real location (links resolved): the repository that holds
///    `.build/…/chatrender`, for a build inside it, then `PREFIX/share/chatrender` for
///    `PREFIX/bin/chatrender`, as `scripts/install` lays it out.
///
/// When none holds them, the error lists every folder searched and how to fix it.
enum DataDirectory {
    /// What a folder must hold to be the data folder.
    static let markers = ["themes/sp.resolver.json", "templates/page.html"]

    /// A folder searched, and why it was.
    struct Place: Sendable, Equatable {
        var folder: String
        var reason: String
    }

    /// The data folder for this process: `CHATRENDER_DATA`, else beside the executable.
    static func locate() -> Result<String, DiagnosticError> {
        // Only CHATRENDER_DATA is read, without copying the whole environment into a dictionary.
        let variable = getenv("CHATRENDER_DATA").map { String(cString: $0) }
        return locate(variable: variable, executable: ExecutableLocation.current())
    }

    /// The data folder for an environment variable's value and an executable's real path (both
    /// given, so tests can lay out folders of their own); `holdsData` decides what qualifies.
    static func locate(
        variable: String?, executable: String?,
        holdsData: (String) -> Bool = holdsData
    ) -> Result<String, DiagnosticError> {
        if let variable, !variable.isEmpty {
            if holdsData(variable) { return .success(variable) }
            return .failure(
                failure(
                    """
                    CHATRENDER_DATA is "\(variable)", which does not hold \(markers.joined(separator: " and ")). \
                    Set it to the folder that holds the bundled themes/ and templates/ (a chatrender checkout, \
                    or PREFIX/share/chatrender of an installed copy), or unset it to use the folder beside the executable.
                    """))
        }
        let places = executable.map(places(forExecutable:)) ?? []
        if let found = places.first(where: { holdsData($0.folder) }) { return .success(found.folder) }
        var message = "cannot find the bundled themes/ and templates/ (a folder holding \(markers.joined(separator: " and ")))"
        if places.isEmpty {
            message += "; the executable's own location is unknown, so nothing was searched."
        } else {
            message += "; searched:\n" + places.map { "  \($0.folder)  (\($0.reason))" }.joined(separator: "\n")
        }
        message += """
            \nTo fix it, set CHATRENDER_DATA to the folder that holds them (a chatrender checkout, or \
            PREFIX/share/chatrender), install chatrender with scripts/install --prefix PREFIX from its \
            repository (it puts them in PREFIX/share/chatrender), or pass --theme and --templates.
            """
        return .failure(failure(message))
    }

    /// Where the data may be for an executable at `path` (its real path), in the order searched.
    static func places(forExecutable path: String) -> [Place] {
        let bin = FilePath.directory(path)
        var places: [Place] = []
        // A build inside the repository: REPO/.build/<triple>/<configuration>/chatrender.
        var folder = bin
        while folder != "/" && folder != "." {
            if FilePath.lastComponent(folder) == ".build" {
                places.append(Place(folder: FilePath.directory(folder), reason: "the repository of a build in .build/"))
                break
            }
            folder = FilePath.directory(folder)
        }
        let prefix = FilePath.directory(bin)
        places.append(
            Place(
                folder: FilePath.join(prefix, "share/chatrender"),
                reason: "PREFIX/share/chatrender for PREFIX/bin/chatrender, as scripts/install lays it out"))
        return places
    }

    /// The bundled themes a partial theme builds on: `themes/` of the data folder, or why that
    /// was not found (said only when a theme needs them; a complete theme loads without).
    static func bundledThemes() -> BundledThemes {
        BundledThemes(locate().map { FilePath.join($0, "themes") })
    }

    /// Whether `folder` holds the default theme and the page template.
    static func holdsData(_ folder: String) -> Bool {
        markers.allSatisfy { FileManager.default.fileExists(atPath: FilePath.join(folder, $0)) }
    }

    private static func failure(_ message: String) -> DiagnosticError {
        DiagnosticError(Diagnostic(file: "chatrender", message: message), kind: .missingInput)
    }
}
