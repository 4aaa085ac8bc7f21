import Foundation
import PackagePlugin

/// Writes the commit the command is built from into its target, so `chatrender --version` can
/// say which source a binary came from (a bug report, an installed package).
///
/// A build command, not a prebuild one: SwiftPM reuses a package's plan between builds, so a
/// prebuild command ran only when the plan changed and a new commit went unnoticed. This command
/// names the repository's `HEAD` and its log as inputs, which every commit, checkout and reset
/// touches, so the build runs it again exactly then. Outside a git checkout (a source archive),
/// or without git, the commit is nil and the version is printed alone.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit.swift")
        // `.git` is a folder, or in a worktree a file naming the worktree's own folder.
        var git = package.appending(path: ".git")
        if let text = try? String(contentsOf: git, encoding: .utf8), text.hasPrefix("gitdir: ") {
            let path = text.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
            git = path.hasPrefix("/") ? URL(fileURLWithPath: path) : package.appending(path: path)
        }
        let inputs = ["HEAD", "logs/HEAD"].map { git.appending(path: $0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        // safe.directory: a checkout owned by another user (a CI runner's) still answers.
        let script = """
            hash=$(git -C "$1" -c safe.directory="$1" rev-parse --short HEAD 2>/dev/null) || hash=""
            case "$hash" in *[!0-9a-f]*) hash="" ;; esac
            if [ -n "$hash" ]; then value="\\"$hash\\""; else value=nil; fi
            printf '%s\\n' \
              '// Written by the BuildCommit plugin (Plugins/BuildCommit) at build time.' \
              '' \
              '/// The source this binary was built from.' \
              'enum BuildCommit {' \
              '    /// The abbreviated hash of the commit checked out, or nil outside a git checkout.' \
              "    static let hash: String? = $value" \
              '}' > "$2"
            """
        return [
            .buildCommand(
                displayName: "Reading the commit of \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", package.path, output.path],
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
