import ChatModel
import CPlatform
import Foundation

/// Where the scanners put what they find: token by token, in order, over one UTF-8 buffer.
///
/// Bytes between tokens are plain text. Every byte of the source is written exactly once,
/// escaped, whatever the scanners report: a token that starts before what is already written
/// is cut to what is new, so a scanner's mistake can misplace a colour but never lose, repeat or
/// reorder text. A token that spans lines is closed at each line end and reopened after it, so
/// no token's element holds a newline and every line of the block stands alone.
final class HighlightWriter {
    let text: UnsafeBufferPointer<UInt8>
    private(set) var html = HTML()
    /// Bytes of `text` already in `html`.
    private var written = 0
    private var pendingKind: TokenKind?
    private var pendingStart = 0
    private var pendingEnd = 0

    init(_ text: UnsafeBufferPointer<UInt8>) {
        self.text = text
        html.reserveCapacity(text.count + text.count / 2 + 64)
    }

    /// `text[start..<end]` is a `kind`. Adjacent tokens of one kind become one run.
    func token(_ kind: TokenKind, _ start: Int, _ end: Int) {
        let start = Swift.max(start, pendingKind == nil ? written : pendingEnd)
        let end = Swift.min(end, text.count)
        guard end > start else { return }
        if pendingKind == kind && start == pendingEnd {
            pendingEnd = end
            return
        }
        flush()
        pendingKind = kind
        pendingStart = start
        pendingEnd = end
    }

    /// Writes the pending token, and any plain text before it.
    private func flush() {
        guard let kind = pendingKind else { return }
        pendingKind = nil
        if pendingStart > written { html.appendContent(text, written, pendingStart, lineBreaks: false) }
        var lineStart = pendingStart
        while lineStart < pendingEnd {
            let lineEnd = Self.newline(in: text, lineStart, pendingEnd) ?? pendingEnd
            if lineEnd > lineStart {
                html.append(kind.openTag)
                html.appendContent(text, lineStart, lineEnd, lineBreaks: false)
                html.append(kind.closeTag)
            }
            if lineEnd < pendingEnd { html.append("\n") }
            lineStart = lineEnd + 1
        }
        written = pendingEnd
    }

    /// The markup for the whole text: pending token and plain tail written.
    func finish() -> HTML {
        flush()
        if written < text.count { html.appendContent(text, written, text.count, lineBreaks: false) }
        written = text.count
        return html
    }

    /// The first `\n` in `text[start..<end]`, found a word at a time by the C library.
    static func newline(in text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        guard start < end, let base = text.baseAddress else { return nil }
        guard let found = memchr(base + start, 0x0A, end - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}
