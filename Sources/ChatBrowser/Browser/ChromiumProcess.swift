import ChatModel
import ChatOutput
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A running headless Chromium: its process group, the socket its DevTools pipe runs over, and
/// the throw-away profile folder. Owned by ``HeadlessChromium``.
///
/// Chromium's `--remote-debugging-pipe` reads commands from fd 3 and writes replies to fd 4.
/// Foundation's `Process` cannot place descriptors at fixed numbers, so this uses `posix_spawn`
/// with file actions. Both fds are one end of a Unix socket pair: our end can then be written with
/// `MSG_NOSIGNAL`, so a browser that dies mid-write is an error, not a SIGPIPE that kills us.
package final class ChromiumProcess {
    let pid: pid_t
    /// Our end of the DevTools socket (close-on-exec).
    let socket: Int32
    /// The fresh `--user-data-dir`, removed by ``terminate()``.
    let profile: String
    /// Chromium's stderr, kept in the profile folder so a failed start can quote it.
    var logPath: String { FilePath.join(profile, "chromium.log") }
    private var running = true
    private var finished = false

    /// Flags for a quiet, offline, reproducible browser. The page is a local file; nothing may
    /// reach the network (background updates, DNS, safe browsing), and rendering must not depend
    /// on the machine's GPU or colour profile.
    static func arguments(profile: String, runningAsRoot: Bool, extra: [String]) -> [String] {
        var flags = [
            "--headless",
            "--remote-debugging-pipe",
            "--user-data-dir=\(profile)",
            "--disable-gpu",
            "--hide-scrollbars",
            "--force-color-profile=srgb",
            "--font-render-hinting=none",
            // Paint everything before a frame is shown, and decode images in full rather than
            // drawing placeholders or low-quality scales first: captures do not depend on timing.
            "--disable-checker-imaging",
            "--disable-image-animation-resync",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-default-apps",
            "--disable-domain-reliability",
            "--disable-extensions",
            "--disable-sync",
            "--disable-breakpad",
            "--disable-client-side-phishing-detection",
            "--disable-features=Translate,MediaRouter,OptimizationHints,AutofillServerCommunication,CertificateTransparencyComponentUpdater",
            "--safebrowsing-disable-auto-update",
            "--metrics-recording-only",
            "--password-store=basic",
            "--use-mock-keychain",
            "--mute-audio",
            "--host-resolver-rules=MAP * ~NOTFOUND",
            "--allow-file-access-from-files",
        ]
        // Chromium's sandbox refuses to start as root; everywhere else it stays on.
        if runningAsRoot { flags.append("--no-sandbox") }
        flags += extra
        flags.append("about:blank")
        return flags
    }

    /// Starts Chromium. Throws a message (without the file name) when it cannot be started.
    init(executable: String, extraFlags: [String]) throws(ChromiumLaunchError) {
        do {
            profile = try ScratchFolder.make("chromium")
        } catch {
            throw ChromiumLaunchError("cannot create a temporary profile folder: \(error.diagnostics.first?.message ?? "")")
        }

        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: profile)
            throw ChromiumLaunchError("cannot create the DevTools pipe: \(reason)")
        }
        // The child's end must not already sit at 3 or 4, or dup2 would leave it close-on-exec.
        let childEnd = fcntl(pair[1], F_DUPFD_CLOEXEC, 10)
        Glibc.close(pair[1])
        socket = pair[0]

        let argv = [executable] + ChromiumProcess.arguments(profile: profile, runningAsRoot: getuid() == 0, extra: extraFlags)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, FilePath.join(profile, "chromium.log"), O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, childEnd, 3)
        posix_spawn_file_actions_adddup2(&actions, childEnd, 4)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own process group, so the renderer and utility processes can be ended with it;
        // default signal handling and an empty mask, whatever the caller had.
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGTERM)
        sigaddset(&defaults, SIGINT)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, cArguments, environ)
        Glibc.close(childEnd)
        guard status == 0 else {
            Glibc.close(socket)
            try? FileManager.default.removeItem(atPath: profile)
            throw ChromiumLaunchError("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
    }

    /// Processes of a process group that have not exited (zombies excluded), from /proc.
    static func livingMembers(ofGroup group: pid_t) -> [pid_t] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var members: [pid_t] = []
        for entry in entries {
            guard let id = pid_t(entry),
                let data = FileManager.default.contents(atPath: "/proc/\(entry)/stat")
            else { continue }
            // "pid (comm) state ppid pgrp …"; comm may hold spaces and parentheses.
            let text = String(decoding: data, as: UTF8.self)
            guard let close = text.lastIndex(of: ")") else { continue }
            let fields = text[text.index(after: close)...].split(separator: " ")
            guard fields.count > 3, fields[0] != "Z", fields[0] != "X", pid_t(fields[2]) == group else { continue }
            members.append(id)
        }
        return members
    }

    /// The last lines Chromium wrote to stderr, for error messages.
    func logTail(lines: Int = 6) -> String {
        guard let data = FileManager.default.contents(atPath: logPath) else { return "" }
        let text = String(decoding: data, as: UTF8.self)
        let kept = text.split(separator: "\n", omittingEmptySubsequences: true).suffix(lines)
        return kept.joined(separator: "\n")
    }

    /// Whether the browser process has exited (reaping it if so).
    func hasExited() -> Bool {
        guard running else { return true }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid || (result == -1 && errno == ECHILD) {
            running = false
            return true
        }
        return false
    }

    /// Waits up to `seconds` for the browser to exit by itself, then ends its process group, reaps
    /// it and removes the profile. Safe to call more than once.
    func terminate(grace seconds: Double) {
        guard !finished else { return }
        finished = true
        let deadline = Date().addingTimeInterval(seconds)
        while !hasExited() && Date() < deadline { usleep(20_000) }
        if !hasExited() {
            kill(-pid, SIGTERM)
            let hard = Date().addingTimeInterval(2)
            while !hasExited() && Date() < hard { usleep(20_000) }
            if !hasExited() {
                kill(-pid, SIGKILL)
                var status: Int32 = 0
                _ = waitpid(pid, &status, 0)
                running = false
            }
        }
        // Helpers (zygote, renderer, utility) share the group; none may outlive the browser.
        // The group id cannot be reused while any member lives, so this reaches only them.
        if kill(-pid, SIGKILL) == 0 {
            // Give the system a moment to take them away, so a caller that looks finds none.
            // (Reparented helpers may linger as zombies until init reaps them; those are gone.)
            let gone = Date().addingTimeInterval(1)
            while !ChromiumProcess.livingMembers(ofGroup: pid).isEmpty && Date() < gone { usleep(10_000) }
        }
        Glibc.close(socket)
        try? FileManager.default.removeItem(atPath: profile)
    }
}

/// Why Chromium could not be started; turned into a ``Diagnostic`` by ``HeadlessChromium``.
package struct ChromiumLaunchError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
