import Foundation
import ChatRender

/// A one-line progress bar on stderr while photos are made: done/total, rate and time left.
/// Drawn only when stderr is a terminal, so logs and pipes stay clean.
final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var drawn = false

    /// A bar when stderr is a terminal and output is wanted, else nil.
    static func forStandardError(enabled: Bool) -> ProgressBar? {
        enabled && isatty(STDERR_FILENO) == 1 ? ProgressBar() : nil
    }

    func update(done: Int, total: Int) {
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDraw) > 0.1 else { return }
        lastDraw = now
        let elapsed = max(now.timeIntervalSince(start), 0.001)
        let rate = Double(done) / elapsed
        let left = rate > 0 ? Double(total - done) / rate : 0
        let width = 24
        let filled = total > 0 ? done * width / total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let line = "\r\u{1B}[2Kphotos \(bar) \(done)/\(total)  \(String(format: "%.1f", rate))/s  \(Int(left.rounded()))s left"
        FileHandle.standardError.write(Data(line.utf8))
        drawn = true
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        drawn = false
    }
}
