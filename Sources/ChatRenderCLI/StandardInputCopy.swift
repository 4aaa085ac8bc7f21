import ChatRender
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, copied into a file in a private temporary folder, for library calls that read
/// a path (and may need to read it more than once, or seek in it, as the zip reader does).
/// ``remove()`` deletes the folder; diagnostics that name the copy are renamed `<stdin>`.
final class StandardInputCopy {
    /// How diagnostics name standard input.
    static let displayName = "<stdin>"
    /// The most that is copied: the largest input any reader takes (an export of years of chats).
    static let limit = 1 << 30

    /// The copy, named so that the library reads it as what it is (`conversation.json`).
    let path: String
    private let folder: String

    /// Copies all of `descriptor` (standard input by default) to `folder/name`.
    init(name: String, descriptor: Int32 = STDIN_FILENO) throws(DiagnosticError) {
        var template = Array(FilePath.join(NSTemporaryDirectory(), "chatrender-stdin-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw DiagnosticError(
                Diagnostic(file: NSTemporaryDirectory(), message: "cannot create a temporary folder for standard input: \(String(cString: strerror(errno)))"),
                kind: .cannotWrite)
        }
        folder = String(cString: made)
        path = FilePath.join(folder, name)
        do throws(DiagnosticError) {
            try Self.copy(from: descriptor, to: path)
        } catch {
            remove()
            throw error
        }
    }

    deinit { remove() }

    /// Deletes the copy and its folder; safe to call more than once.
    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// `diagnostic` with the copy's path replaced by `<stdin>`, in its file and in its message
    /// (a ChatGPT export read from standard input is `<stdin>/conversations.json`).
    func rename(_ diagnostic: Diagnostic) -> Diagnostic {
        var renamed = diagnostic
        renamed.file = diagnostic.file.replacingOccurrences(of: path, with: Self.displayName)
        renamed.message = diagnostic.message.replacingOccurrences(of: path, with: Self.displayName)
        return renamed
    }

    private static func copy(from descriptor: Int32, to path: String) throws(DiagnosticError) {
        func failure(_ message: String, _ kind: DiagnosticError.Kind) -> DiagnosticError {
            DiagnosticError(Diagnostic(file: displayName, message: message), kind: kind)
        }
        let out = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard out >= 0 else { throw failure("cannot copy standard input to a temporary file: \(String(cString: strerror(errno)))", .cannotWrite) }
        defer { close(out) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read standard input: \(String(cString: strerror(errno)))", .missingInput)
            }
            if count == 0 { return }
            total += count
            guard total <= limit else {
                throw failure("is over \(ByteCountFormat.string(Int64(limit))), the most chatrender reads from standard input", .badData)
            }
            var written = 0
            while written < count {
                let n = buffer.withUnsafeBytes { write(out, $0.baseAddress! + written, count - written) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw failure("cannot copy standard input to a temporary file: \(String(cString: strerror(errno)))", .cannotWrite)
                }
                written += n
            }
        }
    }
}
