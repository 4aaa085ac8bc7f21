import Foundation

/// Runs the built `chatrender` as a user would, reading both pipes before waiting so large
/// output cannot deadlock.
package struct CLIRun {
    package var status: Int32
    package var stdout: String
    package var stderr: String

    /// `input` is written to standard input (which is otherwise empty); `executable` replaces the
    /// built one (a copy elsewhere, an installed one). An empty `CHATRENDER_DATA` counts as unset.
    /// The cache is a new empty folder for every run unless `environment` names one.
    package static func run(
        _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
        input: Data? = nil, executable: String = TestPaths.executable
    ) throws -> CLIRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var env = ProcessInfo.processInfo.environment
        env["CHATRENDER_DATA"] = TestPaths.repository
        // Each run its own empty cache (see `--cache`), so no test sees another's images or
        // pages; a test of the cache passes its own XDG_CACHE_HOME or --cache.
        env["XDG_CACHE_HOME"] = TestPaths.temporaryFolder("xdg-cache")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        if let input {
            // A child that exits without reading it all must fail the write, not kill the tests.
            signal(SIGPIPE, SIG_IGN)
            // From another thread: a child that does not read all of it must not block this one.
            DispatchQueue.global().async {
                try? stdin.fileHandleForWriting.write(contentsOf: input)
                try? stdin.fileHandleForWriting.close()
            }
        }
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return CLIRun(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
