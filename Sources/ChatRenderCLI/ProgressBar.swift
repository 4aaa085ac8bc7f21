import Foundation
import ChatRender

/// A one-line progress bar on stderr while photos are made: done/total, rate and time left.
/// Drawn only when stderr is a terminal, so logs and pipes stay clean.
final class ProgressBar: Sendable {
    private let start = Date()
    private struct Drawing {
        var lastDraw = Date.distantPast
        var drawn = false
    }
    private let drawing = Locked(Drawing())

    /// A bar when stderr is a terminal and output is wanted, else nil.
    static func forStandardError(enabled: Bool) -> ProgressBar? {
        enabled && isatty(STDERR_FILENO) == 1 ? ProgressBar() : nil
    }

    func update(done: Int, total: Int) {
        drawing.withLock { drawing in
            let now = Date()
            guard done == total || now.timeIntervalSince(drawing.lastDraw) > 0.1 else { return }
            drawing.lastDraw = now
            let elapsed = max(now.timeIntervalSince(start), 0.001)
            let rate = Double(done) / elapsed
            let left = rate > 0 ? Double(total - done) / rate : 0
            let width = 24
            let filled = total > 0 ? done * width / total : width
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            let line = "\r\u{1B}[2Kphotos \(bar) \(done)/\(total)  \(String(format: "%.1f", rate))/s  \(Int(left.rounded()))s left"
            FileHandle.standardError.write(Data(line.utf8))
            drawing.drawn = true
        }
    }

    func finish() {
        drawing.withLock { drawing in
            if drawing.drawn { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
            drawing.drawn = false
        }
    }
}
