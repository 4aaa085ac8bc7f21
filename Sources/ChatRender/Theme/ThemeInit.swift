import Foundation
import ChatModel
import ChatTheme
import ChatOutput

/// `chatrender theme init DIR`: writes a complete, commented theme made from a bundled one into
/// `DIR`, all at once (staged beside it, checked, then swapped in), so a failed run leaves
/// nothing half-written.
package enum ThemeInit {
    /// What was written.
    package struct Result: Sendable {
        /// The folder.
        package var folder: String
        /// The resolver to pass to `--theme`.
        package var resolver: String
        /// The theme's name (the folder's name).
        package var name: String
    }

    /// Writes the theme into `folder`, built from the bundled theme `from` (of `bundledThemes`).
    ///
    /// Refuses a folder that exists and holds anything but the files an earlier `theme init` wrote.
    package static func write(folder given: String, from: String, bundledThemes: BundledThemes) throws(DiagnosticError) -> Result {
        let folder = given.count > 1 && given.hasSuffix("/") ? String(given.dropLast()) : given
        let name = FilePath.lastComponent(folder)
        guard !folder.isEmpty, name != ".", name != "..", !name.isEmpty else {
            throw DiagnosticError(Diagnostic(file: given, message: "expected a new folder to make the theme in, such as mytheme"), kind: .usage)
        }
        try checkReplaceable(folder)
        let files = try ThemeScaffold.files(from: from, name: name, bundledThemes: bundledThemes)
        let output = try StagingFolder(replacing: folder, replaces: .anyFolder, what: "the theme folder")
        do throws(DiagnosticError) {
            for file in files { try output.write(file.bytes, to: file.name) }
            // What was written must load and pass, as the person will check it.
            let written = try ThemeLoader.load(
                path: FilePath.join(output.path, ThemeScaffold.resolverName),
                displayPath: FilePath.join(folder, ThemeScaffold.resolverName), bundledThemes: bundledThemes)
            if !ThemeContrast.checks(for: written).allSatisfy(\.passes) {
                throw DiagnosticError(
                    Diagnostic(file: folder, message: "the theme made from \"\(from)\" fails a contrast check; nothing was written"),
                    kind: .badData)
            }
            try checkReplaceable(folder)
            try output.commit()
        } catch {
            output.discard()
            throw error
        }
        return Result(folder: folder, resolver: FilePath.join(folder, ThemeScaffold.resolverName), name: name)
    }

    /// A missing or empty folder, or one holding only what `theme init` writes, may be (re)written.
    static func checkReplaceable(_ folder: String) throws(DiagnosticError) {
        var info = stat()
        guard lstat(folder, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw DiagnosticError(
                Diagnostic(file: folder, message: "exists and is not a folder; expected a new folder for the theme"),
                kind: .cannotWrite)
        }
        let contents = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        let others = contents.filter { !ThemeScaffold.fileNames.contains($0) }
        guard others.isEmpty else {
            let shown = others.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ") + (others.count > 3 ? ", …" : "")
            throw DiagnosticError(
                Diagnostic(
                    file: folder,
                    message: "is not empty and was not made by theme init (it holds \(shown)); refusing to overwrite it: choose a new folder or empty this one"),
                kind: .cannotWrite)
        }
    }
}
