import Foundation
import ChatModel

/// The themes that ship with chatrender (`themes/sp.resolver.json`, `themes/paper.resolver.json`,
/// `themes/mono.tokens.json`), which a partial theme builds on with `"$extends": "sp"` and whose
/// token files a resolver may name as `{"$ref": "chatrender:sp/light.tokens.json"}`.
///
/// The library reads no environment, so it does not know where they are installed: the command
/// line registers a way to find them once (``register(_:)``), asked only when a theme needs them.
public enum BundledThemes {
    /// Finds the bundled `themes/` folder, or says why it cannot.
    public typealias Locator = @Sendable () -> Result<String, DiagnosticError>

    /// The prefix of a `$ref` that names a bundled token file instead of one beside the resolver.
    public static let referencePrefix = "chatrender:"

    /// How the folder is found, and the answer once asked.
    private struct Registration {
        var locator: Locator?
        var found: Result<String, DiagnosticError>?
    }
    private static let registration = Locked(Registration())

    /// Sets how the bundled `themes/` folder is found; the answer is remembered.
    public static func register(_ locate: @escaping Locator) {
        registration.withLock { $0 = Registration(locator: locate, found: nil) }
    }

    /// Uses `folder` as the bundled `themes/` folder.
    public static func register(folder: String) {
        register { .success(folder) }
    }

    /// The bundled `themes/` folder, or why it is not known.
    static func folder() -> Result<String, DiagnosticError> {
        registration.withLock { registration in
            if let found = registration.found { return found }
            guard let locator = registration.locator else {
                return .failure(
                    DiagnosticError(
                        Diagnostic(file: "chatrender", message: "the folder of the bundled themes is not known"),
                        kind: .missingInput))
            }
            let result = locator()
            registration.found = result
            return result
        }
    }

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
    static func names(in folder: String) -> [String] {
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
