import Foundation
import ChatModel

/// The themes that ship with chatrender (`themes/sp.resolver.json`, `themes/paper.resolver.json`,
/// `themes/mono.tokens.json`), which a partial theme builds on with `"$extends": "sp"` and whose
/// token files a resolver may name as `{"$ref": "chatrender:sp/light.tokens.json"}`.
///
/// The library reads no environment, so it does not know where they are installed: whoever loads
/// a theme passes this value along (the command line finds the folder beside its executable or
/// in `CHATRENDER_DATA`). Where it is not known, the reason is said only when a theme needs them.
public struct BundledThemes: Sendable {
    /// The prefix of a `$ref` that names a bundled token file instead of one beside the resolver.
    public static let referencePrefix = "chatrender:"

    /// The bundled `themes/` folder, or why it is not known.
    package var folder: Result<String, DiagnosticError>

    /// The bundled themes in `folder`.
    public init(folder: String) {
        self.folder = .success(folder)
    }

    /// The bundled themes in the folder found, or, when none was, the reason a theme that needs
    /// them is given.
    package init(_ found: Result<String, DiagnosticError>) {
        self.folder = found
    }

    /// Where the bundled themes are is not known: a complete theme loads; a partial one is told so.
    public static let unknown = BundledThemes(
        .failure(
            DiagnosticError(
                Diagnostic(file: "chatrender", message: "the folder of the bundled themes is not known"),
                kind: .missingInput)))

    /// The file of the bundled theme `name` in `folder`: `NAME.resolver.json`, else `NAME.tokens.json`.
    static func file(named name: String, in folder: String) -> String? {
        guard isPlainName(name) else { return nil }
        for suffix in [".resolver.json", ".tokens.json"] {
            let path = FilePath.joinRelative(folder, name + suffix)
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return nil
    }

    /// The names of the bundled themes in `folder`, sorted.
    package static func names(in folder: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var names: Set<String> = []
        for entry in entries {
            for suffix in [".resolver.json", ".tokens.json"] where entry.hasSuffix(suffix) {
                let name = String(entry.dropLast(suffix.count))
                if isPlainName(name) { names.insert(name) }
            }
        }
        return names.sorted()
    }

    /// A theme name as `$extends` takes it: 1 to 40 lower-case letters, digits, `-` or `_`.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 40
            && name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F }
    }
}
